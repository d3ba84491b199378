import { spawn, type ChildProcess } from 'node:child_process';
import { BROWSER_DATABASE_URL, BROWSER_PORT, BROWSER_SMTP_PORT, REDIS_URL, RUN_ID } from './test-env';

/** The environment of the portal the browser journeys talk to: its own database, port, queues and mail sink. */
export function portalEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(BROWSER_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${BROWSER_PORT}`,
    DATABASE_URL: BROWSER_DATABASE_URL,
    REDIS_URL,
    QUEUE_PREFIX: `bpweb_${RUN_ID}`,
    DEV_SMTP_PORT: String(BROWSER_SMTP_PORT),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    WEB_MODE: 'production',
    EMAIL_BACKOFF_MS: '200',
    JWT_SECRET: 'browser-test-secret-0123456789abcdef',
    COOKIE_SECRET: 'browser-cookie-secret-0123456789abcdef',
    DATA_KEYS: `1:${Buffer.alloc(32, 4).toString('base64')}`,
    DATA_KEY_ID: '1',
  };
}

export function startProcess(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) process.stderr.write(`${script} exited with ${code}\n`);
  });
  return child;
}

export async function waitForHealth(base: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/mbl/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the portal at ${base} did not become healthy`);
}
