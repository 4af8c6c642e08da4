/**
 * A port whose adapter is loaded on its first call (issue 61: the operator console's adapters are
 * a chunk of their own, never loaded by the landing or the campus pages). Each method of the
 * proxy loads the adapter once (a failed load is tried again on the next call: a chunk lost once
 * is not lost for good) and forwards the call.
 */
export function lazyPort<T extends object>(
  load: () => Promise<T>,
  methods: readonly (keyof T & string)[],
): T {
  let loading: Promise<T> | null = null;
  const adapter = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return Object.fromEntries(
    methods.map((name) => [
      name,
      async (...args: unknown[]) => {
        const real = await adapter();
        return (real[name] as (...a: unknown[]) => unknown).apply(real, args);
      },
    ]),
  ) as T;
}
