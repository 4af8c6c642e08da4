import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/domain/errors';
import { createJoinWaitlist } from '@/domain/use-cases/join-waitlist.use-case';
import type { WaitlistEntry } from '@/domain/waitlist-entry';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';

const recordingRepo = () => {
  const entries = new Map<string, WaitlistEntry>();
  const writes: [string, WaitlistEntry][] = [];
  const repo: WaitlistRepo = {
    exists: async (uid) => entries.has(uid),
    join: async (uid, entry) => {
      writes.push([uid, entry]);
      await new Promise((r) => setTimeout(r, 0));
      entries.set(uid, entry);
    },
  };
  return { repo, entries, writes };
};

const user = fc.record({
  uid: fc.string({ minLength: 1 }),
  email: fc.emailAddress(),
  displayName: fc.string(),
});
const college = fc.record({
  id: fc.string({ minLength: 1 }),
  name: fc.string(),
  subname: fc.string(),
  shortName: fc.string(),
});
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
        const join = createJoinWaitlist({ waitlist: repo, clock: { now: () => new Date() } });
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
        const join = createJoinWaitlist({ waitlist: repo, clock: { now: () => now } });
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
        const join = createJoinWaitlist({ waitlist: repo, clock: { now: () => new Date(0) } });
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
        exists: async () => false,
        join: async (uid) => {
          if (fail) throw Object.assign(new Error('denied'), { code: 'permission-denied' });
          written.push(uid);
        },
      },
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
});
