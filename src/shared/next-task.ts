/**
 * Resolves in a later task, so that the browser gets a turn (input, rendering) between two
 * pieces of start-up work and no single task blocks the main thread for long (issue 15: every
 * task under 50 ms at 4x CPU slowdown). `scheduler.yield()` where the browser has it (its
 * continuation runs before other queued tasks), a zero-delay timer elsewhere (and in Node).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * An SDK loaded on first use (`load` is its dynamic import), evaluated, set up and handed to its
 * callers in a task each: in one they made the Firebase build's longest task after the first
 * paint (issue 26). `setUp` creates the SDK's instance from the module.
 */
export async function setUpInTasks<M, R>(
  load: () => Promise<M>,
  setUp: (module: M) => R,
): Promise<R> {
  const module = await load();
  await nextTask();
  const ready = setUp(module);
  await nextTask();
  return ready;
}
