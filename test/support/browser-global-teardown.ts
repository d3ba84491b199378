import { once } from 'node:events';

export default async function globalTeardown(): Promise<void> {
  const children = globalThis.__PORTAL_PROCESSES__ ?? [];
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([once(child, 'exit'), new Promise((r) => setTimeout(r, 5000).unref())]);
    }),
  );
}
