import { describe, expect, it } from 'vitest';
import type { CampusRequests } from '@/ports/campus-requests.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import {
  campusRequestKey,
  PENDING_CAMPUS_PATTERN,
  pendingCampusIdOf,
} from '@/domain/campus-request';

export interface CampusRequestsHarness {
  readonly repo: CampusRequests;
  readonly waitlist: WaitlistRepo;
  /** Signs in as a fresh student (signing out whoever was signed in). */
  signIn(): Promise<{ uid: string; email: string }>;
  /** Signs in again as a student made before. */
  signInAs(student: { uid: string; email: string }): Promise<void>;
  /** The requests held, behind the port: each requested campus and how many students asked. */
  held(): Promise<{ name: string; city: string; requests: number }[]>;
  /**
   * Signs in with an account that is not a Google one (e-mail and password, anonymous), where the
   * backend has such accounts: their requests are refused (issue 51). Memory has none.
   */
  signInOther?(kind: 'password' | 'anonymous'): Promise<{ uid: string }>;
}

/** Every backend counts one request per student and campus, and caps each student's requests. */
export function describeCampusRequestsContract(
  name: string,
  setup: () => Promise<CampusRequestsHarness>,
  { otherAccounts = false }: { otherAccounts?: boolean } = {},
) {
  describe(`CampusRequests contract: ${name}`, () => {
    it('records a request; the same campus again, however written, counts once', async () => {
      const h = await setup();
      const { uid } = await h.signIn();
      await h.repo.request(uid, { name: 'Universidad de Colima, Manzanillo', city: 'Manzanillo' });
      await h.repo.request(uid, { name: 'universidad de colima  manzanillo', city: 'MANZANILLO' });
      expect(await h.held()).toEqual([
        { name: 'Universidad de Colima, Manzanillo', city: 'Manzanillo', requests: 1 },
      ]);
    });

    it('counts two students asking for one campus as two requests', async () => {
      const h = await setup();
      const first = await h.signIn();
      await h.repo.request(first.uid, { name: 'Universidad de Sotavento', city: 'Coatzacoalcos' });
      const second = await h.signIn();
      await h.repo.request(second.uid, { name: 'Universidad de Sotavento', city: 'Coatzacoalcos' });
      expect(await h.held()).toEqual([
        { name: 'Universidad de Sotavento', city: 'Coatzacoalcos', requests: 2 },
      ]);
    });

    it('caps one student at 5 campuses (resource-exhausted), and keeps the 5', async () => {
      const h = await setup();
      const { uid } = await h.signIn();
      for (let n = 1; n <= 5; n++) await h.repo.request(uid, { name: `Campus ${n}`, city: 'León' });
      await expect(h.repo.request(uid, { name: 'Campus 6', city: 'León' })).rejects.toMatchObject({
        code: 'resource-exhausted',
      });
      expect(await h.held()).toHaveLength(5);
    });

    it('refuses a name or city that is empty, too long or markup, and records nothing', async () => {
      const h = await setup();
      const { uid } = await h.signIn();
      for (const bad of [
        { name: '', city: 'León' },
        { name: 'UL', city: 'León' },
        { name: 'x'.repeat(121), city: 'León' },
        { name: 'Universidad <script>', city: 'León' },
        { name: 'Universidad del Bajío', city: '' },
        { name: 'Universidad del Bajío', city: 'y'.repeat(81) },
      ]) {
        await expect(h.repo.request(uid, bad)).rejects.toMatchObject({
          code: expect.stringMatching(/^(validation\/campus-request|invalid-argument)$/),
        });
      }
      expect(await h.held()).toEqual([]);
    });

    it('refuses a link, a contact or a format character (a bidi override, a zero-width space), and records nothing (issues 51 and 59)', async () => {
      const h = await setup();
      const { uid } = await h.signIn();
      for (const bad of [
        { name: 'Visita https://evil.example/premio', city: 'León' },
        { name: 'Universidad www.premio.example', city: 'León' },
        { name: 'Universidad \u202Elanoican', city: 'León' },
        { name: 'Universidad del Bajío', city: 'Le\u200Bón' },
        { name: 'Universidad \u2066del Bajío\u2069', city: 'León' },
        // Contacts (issue 59): a domain-like token, an e-mail, a run of digits (a phone).
        { name: 'Universidad premio.mx', city: 'León' },
        { name: 'Escríbeme a ana@gmail.com', city: 'León' },
        { name: 'Universidad del Bajío', city: 'Llama al 4771234567' },
      ]) {
        await expect(h.repo.request(uid, bad)).rejects.toMatchObject({
          code: expect.stringMatching(/^(validation\/campus-request|invalid-argument)$/),
        });
      }
      expect(await h.held()).toEqual([]);
    });

    it('holds the cap of 5 under 20 parallel requests (issue 51)', async () => {
      const h = await setup();
      const { uid } = await h.signIn();
      const ask = (n: number) =>
        h.repo.request(uid, { name: `Universidad Paralela ${n + 1}`, city: 'León' });
      const codeOf = (s: PromiseSettledResult<unknown>) =>
        s.status === 'fulfilled' ? 'ok' : (s.reason as { code?: string }).code;
      const burst = (await Promise.allSettled(Array.from({ length: 20 }, (_, n) => ask(n)))).map(
        codeOf,
      );
      // Never more than the cap. A transaction that lost the race too often on a loaded machine
      // answers 'unavailable' (the spec's retry message): nothing was written, and a retry works.
      expect(burst.filter((c) => c === 'ok').length).toBeLessThanOrEqual(5);
      expect(
        burst.filter((c) => c !== 'ok' && c !== 'resource-exhausted' && c !== 'unavailable'),
      ).toEqual([]);
      const outcomes = [...burst];
      for (let n = 0; n < 20; n++) {
        if (outcomes[n] === 'unavailable')
          outcomes[n] = codeOf((await Promise.allSettled([ask(n)]))[0]!);
      }
      expect(outcomes.filter((c) => c === 'ok')).toHaveLength(5);
      expect(outcomes.filter((c) => c !== 'ok')).toEqual(Array(15).fill('resource-exhausted'));
      expect(await h.held()).toHaveLength(5);
      // The Functions emulator starts a worker process per concurrent call: 20 at once take long
      // on a busy 2-core machine, and a timeout here left calls writing into the next test.
    }, 90_000);

    // Memory has Google accounts only: nothing to refuse there, and no such test.
    if (otherAccounts)
      it('refuses an account that is not a Google one (issue 51)', async () => {
        const h = await setup();
        for (const kind of ['password', 'anonymous'] as const) {
          const { uid } = await h.signInOther!(kind);
          await expect(
            h.repo.request(uid, { name: 'Universidad de Sotavento', city: 'Coatzacoalcos' }),
          ).rejects.toMatchObject({ code: 'permission-denied' });
        }
        expect(await h.held()).toEqual([]);
      });

    // Issue 49, part 4: a requested campus a student may join at once, pending.
    let run = 0;
    // Letters only: a run of 5 digits is a phone number to the request rule (issue 59).
    const unique = () =>
      `Universidad Pendiente ${`${Date.now().toString(36)}${(run++).toString(36)}`.replace(
        /[0-9]/g,
        (d) => 'abcdefghij'[Number(d)]!,
      )} ${'x'.repeat(3)}`;

    it('answers the pending campus: its id from the key, the name as first written (issue 49)', async () => {
      const h = await setup();
      const name = unique();
      const first = await h.signIn();
      const pending = await h.repo.request(first.uid, { name, city: 'Manzanillo' });
      expect(pending).toEqual({
        id: await pendingCampusIdOf(campusRequestKey({ name, city: 'Manzanillo' })),
        name,
        city: 'Manzanillo',
      });
      expect(pending.id).toMatch(PENDING_CAMPUS_PATTERN);
      const second = await h.signIn();
      expect(
        await h.repo.request(second.uid, { name: name.toUpperCase(), city: 'manzanillo' }),
      ).toEqual(pending);
    });

    it('lets a student who asked join the pending campus, and no one else (issue 49)', async () => {
      const h = await setup();
      const asker = await h.signIn();
      const pending = await h.repo.request(asker.uid, { name: unique(), city: 'Colima' });
      const other = await h.signIn();
      await expect(
        h.waitlist.join(other.uid, {
          email: other.email,
          collegeId: pending.id,
          timestamp: new Date(),
        }),
      ).rejects.toMatchObject({
        code: expect.stringMatching(/^(invalid-argument|permission-denied)$/),
      });
      expect(await h.waitlist.get(other.uid)).toBeNull();
      // Nor a pending id no one asked for.
      await expect(
        h.waitlist.join(other.uid, {
          email: other.email,
          collegeId: `pendiente-${'0'.repeat(24)}`,
          timestamp: new Date(),
        }),
      ).rejects.toMatchObject({
        code: expect.stringMatching(/^(invalid-argument|permission-denied)$/),
      });
      await h.signInAs(asker);
      const joined = await h.waitlist.join(asker.uid, {
        email: asker.email,
        collegeId: pending.id,
        timestamp: new Date(),
      });
      expect(joined.collegeId).toBe(pending.id);
      expect((await h.waitlist.get(asker.uid))?.collegeId).toBe(pending.id);
    });

    it("a request in another student's name is refused", async () => {
      const h = await setup();
      const first = await h.signIn();
      await h.signIn();
      await expect(
        h.repo.request(first.uid, { name: 'Universidad de Sotavento', city: 'Coatzacoalcos' }),
      ).rejects.toMatchObject({ code: 'permission-denied' });
    });
  });
}
