/** Waits until a portal process answers its health check (the benchmarks start their own). */
export async function waitForHealth(base: string): Promise<void> {
  // Up to two minutes: on a busy 2-core machine a production start (site build included) can take most of one.
  for (let i = 0; i < 480; i += 1) {
    try {
      if ((await fetch(`${base}/mbl/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('portal did not start');
}
