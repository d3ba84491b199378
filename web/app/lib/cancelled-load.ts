/**
 * A fetcher load cancelled by a navigation (a dialog that closed, a step that moved on) can reach an error
 * boundary as an AbortError under single fetch when the browser ends the request first
 * (remix-run/react-router#14203). It is the outcome the person asked for, not a failure: the boundary
 * neither reports it nor shows an error while the navigation that cancelled it completes.
 */
export function isCancelledLoad(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * Starts a fetcher load (or a revalidation) whose cancellation by a navigation is expected: the router may
 * throw the AbortError at once or reject the promise it answers later, and neither is a failure. Handling
 * the rejection here, where the load starts, keeps it from surfacing before the root's listener exists
 * (child effects run before the root's in the first commit). Any other error still propagates.
 */
export function startQuietly(start: () => unknown): Promise<void> {
  let started: unknown;
  try {
    started = start();
  } catch (error) {
    if (!isCancelledLoad(error)) throw error;
    return Promise.resolve();
  }
  // Left unawaited by callers on purpose: a rejection other than the cancellation stays unhandled, so it is reported.
  return Promise.resolve(started).then(
    () => undefined,
    (error: unknown) => {
      if (!isCancelledLoad(error)) throw error;
    },
  );
}
