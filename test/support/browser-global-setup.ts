import 'reflect-metadata';
import { existsSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { prepareDatabase } from './database';
import { portalEnv, startProcess, waitForHealth } from './portal-process';
import { clearRedisPrefix } from './redis-prefix';
import { BROWSER_DATABASE, BROWSER_PORT } from './test-env';

declare global {
  var __PORTAL_PROCESSES__: ChildProcess[] | undefined;
}

/** Serves the built portal (site + API) and the workers exactly as `npm start` does, on a fresh database. */
export default async function globalSetup(): Promise<void> {
  for (const file of ['dist/api/src/main.js', 'dist/workers/src/main.js', 'web/build/server/index.js']) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (npm test does)`);
  }
  const env = portalEnv();
  await prepareDatabase(BROWSER_DATABASE, env);
  await clearRedisPrefix(String(env.QUEUE_PREFIX));
  const api = startProcess('dist/api/src/main.js', env);
  const workers = startProcess('dist/workers/src/main.js', { ...env, DEV_MAILBOX_SINK: 'off' });
  globalThis.__PORTAL_PROCESSES__ = [api, workers];
  await waitForHealth(`http://127.0.0.1:${BROWSER_PORT}`);
}
