/**
 * One load (a lazy import, an SDK's start-up) shared by its callers, with two doors:
 * - `fresh()` never keeps a failure: after a rejection it starts a new load. For what a student
 *   asks (a tap on 'Reintentar', a sign-in): a chunk lost once to a flaky connection must not keep
 *   the page broken until a reload.
 * - `current()` answers with the latest load, even a failed one. For what the page does on its
 *   own: the parts that start together (the card, the hero strip) make one attempt and see one
 *   failure, instead of a second attempt that depends on which of them came first.
 */
export function sharedLoad<T>(load: () => Promise<T>) {
  let latest: Promise<T> | null = null;
  let failed = false;
  const start = (): Promise<T> => {
    const attempt = load();
    latest = attempt;
    failed = false;
    attempt.catch(() => {
      if (latest === attempt) failed = true;
    });
    return attempt;
  };
  return {
    current: (): Promise<T> => latest ?? start(),
    fresh: (): Promise<T> => (latest && !failed ? latest : start()),
  };
}

/** `sharedLoad`'s `fresh` door alone: every lazy load that only students' actions make. */
export function onceUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  return sharedLoad(load).fresh;
}
