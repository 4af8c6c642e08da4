/**
 * Shares one load (a lazy import, an SDK's start-up) between its callers, but never remembers a
 * failure: after a rejection the next call starts a fresh load. A chunk lost once to a flaky
 * connection must not keep sign-in or the join form broken until a reload.
 */
export function onceUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}
