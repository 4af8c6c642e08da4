import { memoryLocalRecord } from '../../support/local-record';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS, withDeadline } from '@/domain/deadline';
import { DEFAULT_COLLEGES } from '@/domain/default-colleges';
import { createLoadHeroImages } from '@/domain/use-cases/load-hero-images.use-case';
import { createSearchColleges } from '@/domain/use-cases/search-colleges.use-case';
import { createSignOut } from '@/domain/use-cases/sign-out.use-case';
import { createCheckWaitlistStatus } from '@/domain/use-cases/waitlist-status.use-case';

const never = <T>(): Promise<T> => new Promise<T>(() => {});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Settles `promise` after exactly the spec's request timeout, not a millisecond before. */
async function afterTimeout<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  let settled: PromiseSettledResult<T> | null = null;
  const watched = promise.then(
    (value) => (settled = { status: 'fulfilled', value }),
    (reason: unknown) => (settled = { status: 'rejected', reason }),
  );
  await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
  expect(settled).toBeNull();
  await vi.advanceTimersByTimeAsync(1);
  await watched;
  return settled!;
}

describe('the request timeout of every backend call (spec section 9: 15 s)', () => {
  it('is 15 s', () => expect(REQUEST_TIMEOUT_MS).toBe(15_000));

  it('withDeadline passes an answer through and clears its timer', async () => {
    await expect(withDeadline(Promise.resolve(7))).resolves.toBe(7);
    await expect(withDeadline(Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the existence check ends with deadline-exceeded', async () => {
    const check = createCheckWaitlistStatus({
      waitlist: { get: never, join: never, changeCollege: never, leave: never },
      local: memoryLocalRecord().record,
    });
    const result = await afterTimeout(
      check({ uid: 'u1', email: 'u1@alumnos.udg.mx', displayName: '' }),
    );
    expect(result).toMatchObject({ status: 'rejected', reason: { code: 'deadline-exceeded' } });
  });

  it('a search ends with the three defaults and deadline-exceeded', async () => {
    const search = createSearchColleges({ collegeSearch: { search: never } });
    const result = await afterTimeout(search('cucei'));
    expect(result).toMatchObject({
      status: 'fulfilled',
      value: { colleges: DEFAULT_COLLEGES, error: { code: 'deadline-exceeded' } },
    });
  });

  it('the hero images end with none and deadline-exceeded', async () => {
    const load = createLoadHeroImages({ heroImages: { load: never } });
    const result = await afterTimeout(load());
    expect(result).toMatchObject({
      status: 'fulfilled',
      value: { images: [], error: { code: 'deadline-exceeded' } },
    });
  });

  it('a sign-out ends with deadline-exceeded', async () => {
    const signOut = createSignOut({
      auth: {
        signInWithPopup: never,
        prepareSignIn: never,
        signOut: never,
        deleteAccount: never,
        onAuthStateChanged: () => () => {},
      },
      local: memoryLocalRecord().record,
    });
    const result = await afterTimeout(signOut());
    expect(result).toMatchObject({ status: 'rejected', reason: { code: 'deadline-exceeded' } });
  });
});
