import type { DemoStep } from '../demo-step.js';
import { emailTemplates, mailSettings } from './mail-settings.schema.js';

/**
 * Northwind's mail: an email template that wraps every mail it sends (password resets in the outbox
 * show it), and Graph settings to fill in; Harbour Care (run by the partner manager) has settings too.
 * No secret is seeded (there is none to publish), so the settings carry no system mails until someone
 * enters a real app registration's secret.
 */
export const mailSettingsDemo: DemoStep = async ({ tx, tenants }) => {
  await tx.insert(emailTemplates).values({
    tenantId: tenants.northwind,
    emailTemplate:
      '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-family: Arial, sans-serif">' +
      '<tr><td style="padding: 16px 24px; background-color: #1c3d5a; color: #ffffff; font-size: 20px; font-weight: bold">Northwind Partners</td></tr>' +
      '<tr><td style="padding: 24px; background-color: #ffffff; color: #222222">{{content}}</td></tr>' +
      '<tr><td style="padding: 12px 24px; color: #555555; font-size: 12px">{{footer}}</td></tr>' +
      '</table>',
    footerText: '<p>Northwind Partners · Strandvejen 12 · 2100 København Ø</p>',
    backgroundColor: '#eef2f6',
  });
  await tx.insert(mailSettings).values({
    tenantId: tenants.northwind,
    title: 'Northwind Microsoft 365',
    msGraphTenantId: 'northwind.onmicrosoft.com',
    msGraphClientId: '00000000-0000-0000-0000-000000000000',
    msGraphClientSecretSealed: '',
    msGraphSenderId: null,
    msGraphFromMail: 'no-reply@northwind.test',
    useForSystemMails: false,
    customBusinessCard: true,
    customBusinessCardContent: '<h2>Northwind Partners</h2><p><strong>Customer service</strong><br>+45 70 20 30 40</p>',
  });
  await tx.insert(mailSettings).values({
    tenantId: tenants.harbour,
    title: 'Harbour Care mail',
    msGraphTenantId: 'harbourcare.onmicrosoft.com',
    msGraphClientId: '00000000-0000-0000-0000-000000000000',
    msGraphClientSecretSealed: '',
    msGraphSenderId: null,
    msGraphFromMail: 'office@harbour.test',
    useForSystemMails: false,
    customBusinessCard: false,
    customBusinessCardContent: null,
  });
};
