import { describe, expect, it } from 'vitest';
import { onceUntilFailure, sharedLoad } from '@/shared/once-until-failure';

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

describe('sharedLoad (the backend module: what the page starts on its own, what a student asks)', () => {
  const losingOnce = () => {
    let loads = 0;
    const shared = sharedLoad(async () => {
      if (++loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return 'module';
    });
    return { shared, loads: () => loads };
  };

  it('current() keeps a failed load: the parts of the page that start on their own see one failure', async () => {
    const { shared, loads } = losingOnce();
    await expect(shared.current()).rejects.toThrow('Failed to fetch');
    await expect(shared.current()).rejects.toThrow('Failed to fetch');
    expect(loads()).toBe(1);
  });

  it('fresh() loads again after a failure, and current() then answers with that load', async () => {
    const { shared, loads } = losingOnce();
    await expect(shared.current()).rejects.toThrow('Failed to fetch');
    await expect(shared.fresh()).resolves.toBe('module');
    await expect(shared.current()).resolves.toBe('module');
    await expect(shared.fresh()).resolves.toBe('module');
    expect(loads()).toBe(2);
  });

  it('both doors share a load that is pending or succeeded', async () => {
    let loads = 0;
    const shared = sharedLoad(async () => ++loads);
    const [a, b] = await Promise.all([shared.current(), shared.fresh()]);
    expect([a, b, await shared.current(), await shared.fresh()]).toEqual([1, 1, 1, 1]);
    expect(loads).toBe(1);
  });
});
