import { describeTwoProcesses } from './backplane-cases.js';

// Runs only with TEST_DATABASE_URL (vitest.config.ts leaves this file out otherwise).
describeTwoProcesses('hub backplane: two processes on one PostgreSQL database (LISTEN/NOTIFY)', {});
