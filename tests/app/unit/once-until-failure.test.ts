import { describe, expect, it } from 'vitest';
import { onceUntilFailure } from '@/shared/once-until-failure';

describe('onceUntilFailure (every lazy load: backend module, SDKs, notifications)', () => {
  it('shares one load between callers while it is pending and after it succeeds', async () => {
    let loads = 0;
    const load = onceUntilFailure(async () => ++loads);
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b, await load()]).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('forgets a failed load: the next call loads afresh', async () => {
    let loads = 0;
    const load = onceUntilFailure(async () => {
      if (++loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return 'module';
    });
    await expect(load()).rejects.toThrow('Failed to fetch');
    await expect(load()).resolves.toBe('module');
    await expect(load()).resolves.toBe('module');
    expect(loads).toBe(2);
  });
});
