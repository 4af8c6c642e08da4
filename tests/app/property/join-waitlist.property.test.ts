import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@/domain/deadline';
import { AppError } from '@/domain/errors';
import { createJoinWaitlist } from '@/domain/use-cases/join-waitlist.use-case';
import type { WaitlistEntry } from '@/domain/waitlist-entry';
import type { HeroConsentRepo } from '@/ports/hero-consent.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { college, user } from '../../support/arbitraries';

/** The operations of the student's own entry, which joining never calls. */
const unused = {
  get: () => Promise.reject(new Error('not called by join')),
  changeCollege: () => Promise.reject(new Error('not called by join')),
  leave: () => Promise.reject(new Error('not called by join')),
};
const heroConsent: HeroConsentRepo = {
  get: async () => null,
  grant: async () => {},
  revoke: async () => {},
};
import { memoryLocalRecord } from '../../support/local-record';

const recordingRepo = () => {
  const entries = new Map<string, WaitlistEntry>();
  const writes: [string, WaitlistEntry][] = [];
  const repo: WaitlistRepo = {
    ...unused,
    // The shared contract: the first entry stands and the answer is the entry as stored.
    join: async (uid, entry) => {
      writes.push([uid, entry]);
      await new Promise((r) => setTimeout(r, 0));
      if (!entries.has(uid)) entries.set(uid, entry);
      return entries.get(uid)!;
    },
  };
  return { repo, entries, writes };
};

const time = fc.date({
  min: new Date('2020-01-01'),
  max: new Date('2030-01-01'),
  noInvalidDate: true,
});

describe('joinWaitlist use case', () => {
  it('without a college, fails with college-required and writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(user, async (u) => {
        const { repo, writes } = recordingRepo();
        const join = createJoinWaitlist({
          waitlist: repo,
          heroConsent,
          local: memoryLocalRecord().record,
          clock: { now: () => new Date() },
        });
        await expect(join({ user: u, college: null })).rejects.toEqual(
          new AppError('validation/college-required'),
        );
        expect(writes).toEqual([]);
      }),
    );
  });

  it('writes exactly {email, collegeId, timestamp} under the uid', async () => {
    await fc.assert(
      fc.asyncProperty(user, college, time, async (u, c, now) => {
        const { repo, writes } = recordingRepo();
        const join = createJoinWaitlist({
          waitlist: repo,
          heroConsent,
          local: memoryLocalRecord().record,
          clock: { now: () => now },
        });
        await join({ user: u, college: c });
        expect(writes).toEqual([[u.uid, { email: u.email, collegeId: c.id, timestamp: now }]]);
        expect(Object.keys(writes[0]![1]).sort()).toEqual(['collegeId', 'email', 'timestamp']);
      }),
    );
  });

  it('joining twice leaves one entry; concurrent joins share one write', async () => {
    await fc.assert(
      fc.asyncProperty(user, college, fc.integer({ min: 2, max: 5 }), async (u, c, clicks) => {
        const { repo, entries, writes } = recordingRepo();
        const join = createJoinWaitlist({
          waitlist: repo,
          heroConsent,
          local: memoryLocalRecord().record,
          clock: { now: () => new Date(0) },
        });
        await Promise.all(Array.from({ length: clicks }, () => join({ user: u, college: c })));
        expect(writes).toHaveLength(1);
        await join({ user: u, college: c });
        expect(entries.size).toBe(1);
      }),
    );
  });

  it('turns a write failure into an AppError and lets a retry write', async () => {
    let fail = true;
    const written: string[] = [];
    const join = createJoinWaitlist({
      waitlist: {
        ...unused,
        join: async (uid, entry) => {
          if (fail) throw Object.assign(new Error('denied'), { code: 'permission-denied' });
          written.push(uid);
          return entry;
        },
      },
      heroConsent,
      local: memoryLocalRecord().record,
      clock: { now: () => new Date(0) },
    });
    const request = {
      user: { uid: 'u1', email: 'a@b.mx', displayName: 'A' },
      college: { id: 'udg-cucei', name: 'UdeG', subname: 'CUCEI', shortName: 'UDG - CUCEI' },
    };
    await expect(join(request)).rejects.toMatchObject({ code: 'permission-denied' });
    fail = false;
    await join(request);
    expect(written).toEqual(['u1']);
  });

  it('a re-join with another college answers with the first entry and its college', async () => {
    await fc.assert(
      fc.asyncProperty(user, college, college, async (u, first, second) => {
        const { repo, entries } = recordingRepo();
        const join = createJoinWaitlist({
          waitlist: repo,
          heroConsent,
          local: memoryLocalRecord().record,
          clock: { now: () => new Date(0) },
        });
        await join({ user: u, college: first });
        const again = await join({ user: u, college: second });
        expect(again.entry.collegeId).toBe(first.id);
        expect(again.college.id).toBe(first.id);
        if (first.id === second.id) expect(again.college).toEqual(second);
        expect(entries.get(u.uid)?.collegeId).toBe(first.id);
      }),
    );
  });

  it('names a stored catalogue college in full, and an unknown stored id by itself', async () => {
    const stored = { email: 'a@b.mx', collegeId: 'udg-cucea', timestamp: new Date(0) };
    const chosen = { id: 'udg-cucei', name: 'UdeG', subname: 'CUCEI', shortName: 'UDG - CUCEI' };
    const joinWith = (collegeId: string) =>
      createJoinWaitlist({
        waitlist: {
          ...unused,
          join: async () => ({ ...stored, collegeId }),
        },
        heroConsent,
        local: memoryLocalRecord().record,
        clock: { now: () => new Date(0) },
      })({ user: { uid: 'u', email: 'a@b.mx', displayName: '' }, college: chosen });
    expect((await joinWith('udg-cucea')).college).toEqual({
      id: 'udg-cucea',
      name: 'Universidad de Guadalajara',
      subname: 'CUCEA',
      shortName: 'UDG - CUCEA',
    });
    expect((await joinWith('gone-campus')).college).toEqual({
      id: 'gone-campus',
      name: 'gone-campus',
      subname: '',
      shortName: 'gone-campus',
    });
  });

  it('a write with no answer ends with deadline-exceeded, and the retry writes once', async () => {
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      let hang = true;
      const join = createJoinWaitlist({
        waitlist: {
          ...unused,
          join: (uid, entry) => {
            writes.push(uid);
            return hang ? new Promise(() => {}) : Promise.resolve(entry);
          },
        },
        heroConsent,
        local: memoryLocalRecord().record,
        clock: { now: () => new Date(0) },
      });
      const request = {
        user: { uid: 'u1', email: 'a@b.mx', displayName: 'A' },
        college: { id: 'udg-cucei', name: 'UdeG', subname: 'CUCEI', shortName: 'UDG - CUCEI' },
      };
      const first = join(request);
      const settled = expect(first).rejects.toMatchObject({ code: 'deadline-exceeded' });
      expect(join(request)).toBe(first); // a double click while it hangs shares the write
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(writes).toEqual(['u1']);
      await vi.advanceTimersByTimeAsync(1);
      await settled;
      hang = false;
      await expect(join(request)).resolves.toMatchObject({ entry: { collegeId: 'udg-cucei' } });
      expect(writes).toEqual(['u1', 'u1']);
    } finally {
      vi.useRealTimers();
    }
  });
});
