import { describeTwoProcesses } from './backplane-cases.js';

// Runs only with REDIS_URL (vitest.config.ts leaves this file out otherwise).
describeTwoProcesses('hub backplane: two processes on one Redis (pub/sub)', { REDIS_URL: process.env.REDIS_URL! });
