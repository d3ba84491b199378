/**
 * Where the contracts' rules read "now" when their caller does not pass it (a zod schema's refinement cannot be
 * handed the time). The server points it at its one Clock when the clock is made, so a test's controlled clock
 * drives validation as it drives every window; in the browser it stays the machine's time, for comfort only, since
 * the server checks again.
 */
let source: () => Date = () => new Date();

export function contractsNow(): Date {
  return source();
}

/** The server's clock becomes the contracts' (core/clock/clock.module.ts). */
export function useContractsClock(now: () => Date): void {
  source = now;
}
