import { and, eq } from 'drizzle-orm';
import { sanitizeRichText } from '../../storage/rich-text.js';
import type { DemoStep } from '../demo-step.js';
import { tenantHomeContent } from '../tenant-settings/tenant-settings.schema.js';
import { features, tenantFeatures } from '../tenants/tenants.schema.js';

/**
 * Northwind's /home shows a headline and welcome text (no logo, no video); its TimeLogs item, already
 * titled 'Hours' by the tenant seed, gets a description. Harbour Care has none, so its users see the
 * default heading with the tiles.
 */
export const homeDemo: DemoStep = async ({ tx, tenants }) => {
  await tx.insert(tenantHomeContent).values({
    tenantId: tenants.northwind,
    headline: 'Welcome to Northwind Partners',
    pageHtml: sanitizeRichText(
      '<p>Good to have you here. This is where the whole team starts the day: ' +
        'your hours and the sprint board are one tap away.</p>' +
        '<h2>This week</h2><ul><li>Quarterly planning on <strong>Wednesday</strong> at 10:00</li>' +
        '<li>New <em>employee handbook</em> under Documents</li></ul>',
    ),
    pageHtml2: sanitizeRichText('<p>Questions? Write to <strong>hello@northwind.test</strong> or ask Ada in Chat.</p>'),
    descriptionMobile: 'Hours and sprints for the Northwind team.',
  });
  const [timelogs] = await tx.select({ id: features.id }).from(features).where(eq(features.name, 'TimeLogs'));
  if (timelogs) {
    await tx
      .update(tenantFeatures)
      .set({
        customTitle: 'Hours',
        customDescription: sanitizeRichText(
          '<p>Log your <strong>hours</strong> per project every Friday.</p><ul><li>Projects</li><li>Tasks</li></ul>',
        ),
      })
      .where(and(eq(tenantFeatures.tenantId, tenants.northwind), eq(tenantFeatures.featureId, timelogs.id)));
  }
};
