import { E2E_DATABASE_URL, E2E_SMTP_PORT, REDIS_URL, RUN_ID } from './test-env';

// Each jest worker builds the app from these; the values never come from a developer's .env.
process.env.NODE_ENV = 'test';
process.env.DATABASE_URL = E2E_DATABASE_URL;
process.env.REDIS_URL = REDIS_URL;
process.env.QUEUE_PREFIX = `bptest_${RUN_ID}`;
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.DEV_SMTP_PORT = String(E2E_SMTP_PORT);
process.env.WEB_MODE = 'off';
process.env.EMAIL_BACKOFF_MS = '50';
// Tests drive periodic jobs themselves: no cron ticks in the workers they start.
process.env.WORKER_CRON = 'off';
process.env.JWT_SECRET = 'e2e-test-secret-0123456789abcdef';
process.env.DATA_KEYS = `1:${Buffer.alloc(32, 3).toString('base64')}`;
process.env.DATA_KEY_ID = '1';
process.env.COOKIE_SECRET = 'e2e-cookie-secret-0123456789abcdef';
