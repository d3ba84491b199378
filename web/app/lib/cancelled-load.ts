/**
 * A fetcher load cancelled by a navigation (a dialog that closed, a step that moved on) can reach an error
 * boundary as an AbortError under single fetch when the browser ends the request first
 * (remix-run/react-router#14203). It is the outcome the person asked for, not a failure: the boundary
 * neither reports it nor shows an error while the navigation that cancelled it completes.
 */
export function isCancelledLoad(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
