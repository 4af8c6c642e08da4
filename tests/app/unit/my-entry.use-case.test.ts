import { describe, expect, it } from 'vitest';
import { DEFAULT_COLLEGES } from '@/domain/default-colleges';
import { memoryWorld } from '../../support/memory-use-cases';

const cucei = DEFAULT_COLLEGES[1]!;
const tec = DEFAULT_COLLEGES[2]!;

/** A student signed in on the memory backend, on the list at CUCEI (with or without consent). */
async function joined(heroConsent: boolean) {
  const world = memoryWorld();
  const user = await world.useCases.signIn();
  await world.useCases.joinWaitlist({ user, college: cucei, heroConsent });
  return { ...world, user };
}

describe("the student's own entry (my-entry.use-case.ts)", () => {
  it('loadMyEntry: null off the list; on it, the entry, its campus from the catalogue and the consent', async () => {
    const world = memoryWorld();
    const user = await world.useCases.signIn();
    expect(await world.useCases.loadMyEntry(user)).toBeNull();
    await world.useCases.joinWaitlist({ user, college: cucei, heroConsent: true });
    expect(await world.useCases.loadMyEntry(user)).toEqual({
      entry: { email: user.email, collegeId: cucei.id, timestamp: expect.any(Date) as Date },
      college: cucei,
      heroConsent: true,
    });
    world.backend.controls.failNext('getConsent', 'unavailable');
    await expect(world.useCases.loadMyEntry(user)).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('changeCollege: without a campus writes nothing; with one changes only the campus, here and in this browser', async () => {
    const { useCases, backend, local, user } = await joined(false);
    const before = backend.controls.entries()[user.uid]!;
    await expect(useCases.changeCollege({ user, college: null })).rejects.toMatchObject({
      code: 'validation/college-required',
    });
    expect(backend.controls.calls('changeCollege')).toBe(0);
    const changed = await useCases.changeCollege({ user, college: tec });
    expect(changed.college).toEqual(tec);
    expect(backend.controls.entries()[user.uid]).toEqual({ ...before, collegeId: tec.id });
    expect(local.record.read()).toMatchObject({
      selectedCollege: tec,
      waitlistData: { collegeId: tec.id },
    });
  });

  it('setHeroConsent grants and revokes, each once, and a failure changes nothing', async () => {
    const { useCases, backend, user } = await joined(false);
    await useCases.setHeroConsent(user, true);
    expect(Object.keys(backend.controls.consents())).toEqual([user.uid]);
    backend.controls.failNext('revokeConsent', 'unavailable');
    await expect(useCases.setHeroConsent(user, false)).rejects.toMatchObject({
      code: 'unavailable',
    });
    expect(Object.keys(backend.controls.consents())).toEqual([user.uid]);
    await useCases.setHeroConsent(user, false);
    expect(backend.controls.consents()).toEqual({});
  });

  it('leaveWaitlist: consent, entry, account and this browser’s record go; a retry after each failure finishes', async () => {
    const { useCases, backend, local, user } = await joined(true);
    for (const step of ['revokeConsent', 'leave', 'deleteAccount'] as const) {
      backend.controls.failNext(step, 'unavailable');
      await expect(useCases.leaveWaitlist(user)).rejects.toMatchObject({ code: 'unavailable' });
    }
    // The consent went first: a student still on the list after a failure is never shown.
    expect(backend.controls.consents()).toEqual({});
    await useCases.leaveWaitlist(user);
    expect(backend.controls.entries()).toEqual({});
    expect(backend.controls.accounts()).toEqual({});
    expect(local.record.read()).toMatchObject({ waitlistDocId: null, waitlistData: null });
  });
});
