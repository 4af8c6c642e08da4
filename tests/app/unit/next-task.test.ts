import { describe, expect, it } from 'vitest';
import { setUpInTasks } from '@/shared/next-task';

describe('setUpInTasks (the SDKs loaded on first use)', () => {
  it('evaluates, sets up and hands over in a task each', async () => {
    const steps: string[] = [];
    // A task queued as the module arrives runs before the set-up, and one queued by the set-up
    // runs before the caller gets the result.
    const ready = setUpInTasks(
      async () => {
        setTimeout(() => steps.push('a task after the load'), 0);
        return 'module';
      },
      (module) => {
        steps.push(`set up ${module}`);
        setTimeout(() => steps.push('a task after the set-up'), 0);
        return 'instance';
      },
    );
    expect(await ready).toBe('instance');
    steps.push('handed over');
    expect(steps).toEqual([
      'a task after the load',
      'set up module',
      'a task after the set-up',
      'handed over',
    ]);
  });

  it('a failed load rejects without setting up', async () => {
    let setUp = 0;
    await expect(
      setUpInTasks(
        () => Promise.reject(new Error('chunk lost')),
        () => ++setUp,
      ),
    ).rejects.toThrow('chunk lost');
    expect(setUp).toBe(0);
  });
});
