import { z } from 'zod';
import { commaList, defineSettings } from '../../settings.js';

declare module '../../settings.js' {
  interface ModuleConfig {
    /** Lower-cased addresses of the accounts that may send the daily mails. */
    dailyMailSenders: string[];
    /** Milliseconds between two runs of the notification scheduler; 0: it does not run. */
    notificationScheduleMs: number;
  }
}

export default defineSettings({
  env: {
    /**
     * Accounts that may send the daily notification mails from /tenants, comma-separated and
     * case-insensitive (super administrators only). Defaults to superadmin@atrium.test when demo data is
     * seeded, otherwise to nobody.
     */
    DAILY_MAIL_SENDERS: commaList(true)
      .pipe(z.array(z.email('must be a comma-separated list of email addresses')))
      .optional(),
    /**
     * Seconds between two runs of the notification scheduler (the weekly, daily and monthly digests, the
     * time-log reminder); 0 turns it off. Default 60, and off under NODE_ENV=test (tests run it by hand).
     */
    NOTIFICATION_SCHEDULE_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  },
  read: (e, platform) => ({
    // The demo's super administrator may try the button; a real installation names its senders.
    dailyMailSenders: e.DAILY_MAIL_SENDERS ?? (platform.seedDemo ? ['superadmin@atrium.test'] : []),
    notificationScheduleMs: (e.NOTIFICATION_SCHEDULE_SECONDS ?? (platform.env === 'test' ? 0 : 60)) * 1000,
  }),
});
