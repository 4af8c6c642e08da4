import { describe, expect, it } from 'vitest';
import type { MyCampus } from '@/domain/campus-progress';
import type { College } from '@/domain/college';
import type { CampusRequests } from '@/ports/campus-requests.port';
import type { Invites } from '@/ports/invites.port';
import type { Outbox } from '@/ports/outbox.port';
import { outgoingMail } from '@/domain/mail/deliver-outbox';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';

export interface CampusAddResult {
  readonly added: boolean;
  readonly moved: number;
  readonly queued: number;
}

export interface CampusAddHarness {
  readonly requests: CampusRequests;
  readonly waitlist: WaitlistRepo;
  signIn(): Promise<{ uid: string; email: string }>;
  signInAs(student: { uid: string; email: string }): Promise<void>;
  /**
   * The operators' command (`npm run campus:add -- --request ID --id CAMPUS --name N --short S`,
   * its Supabase twin, memory's `addCampus`): rejects (an Error with the command's message) when
   * it refuses, a missing name or short name included (issue 59).
   */
  addCampus(input: {
    request: string;
    id: string;
    name?: string;
    shortName?: string;
  }): Promise<CampusAddResult>;
  /** The same backend's invites (issue 59: an invite's preview, for anyone). */
  readonly invites: Invites;
  /**
   * Every e-mail the backend's sender would send the address now (mailFromOutbox over the
   * sender's own outbox); waits for the backend to record a welcome first.
   */
  mailTo(address: string): Promise<string[]>;
  /** The search as the page reaches it (the Algolia index, Supabase's colleges, memory's). */
  search(query: string): Promise<College[]>;
  /** The 'campus-added' messages recorded for the campus: to whom (uid). */
  addedMail(collegeId: string): Promise<string[]>;
  /** The signed-in student's campus as the backend reads it (CampusProgressRepo.mine). */
  myCampus(uid: string): Promise<MyCampus>;
  /**
   * The launch command's dry run (`npm run notify:campus -- --campus ID --dry-run`, its Supabase
   * twin, memory's `notifyCampus(id, { dryRun: true })`): how many students would get the launch
   * e-mail now; rejects when it refuses the campus.
   */
  launchDryRun(collegeId: string): Promise<number>;
}

/**
 * The messages a backend's sender would send the address now: claimed from its outbox as the
 * sender claims them (under a lease that ends at once, so its own sender claims them again) and
 * made as the sender makes them (outgoingMail), each as its subject, text and HTML joined.
 */
export async function mailFromOutbox(outbox: Outbox, address: string): Promise<string[]> {
  const now = new Date();
  const claimed = await outbox.claim(1000, now, now);
  const options = {
    secret: 'a test secret of more than 32 characters',
    from: 'De estudiantes a estudiantes <hola@deestudiantes.example>',
    siteUrl: 'https://deestudiantes.example',
    oneClickUrl: (token: string) => `https://deestudiantes.example/api/salir?token=${token}`,
  };
  return Promise.all(
    claimed
      .filter((m) => m.to === address && m.kind !== 'code')
      .map(async (m) => {
        const { subject, text, html } = await outgoingMail(m, options, now);
        return [subject, text, html].join('\n');
      }),
  );
}

let run = 0;
/**
 * A tag of lowercase letters only: a request with a run of digits is refused as a phone number
 * (issue 59), which a base-36 time could hold.
 */
const unique = () =>
  `${Date.now()}${run++}`
    .split('')
    .map((d) => String.fromCharCode(97 + Number(d)))
    .join('');

/** Every backend turns a requested campus into a catalogue campus the same way (issue 49). */
export function describeCampusAddContract(name: string, setup: () => Promise<CampusAddHarness>) {
  describe(`CampusAdd contract: ${name}`, () => {
    it('adds the campus to the search, moves the pending entries, mails each asker once; a rerun does nothing', async () => {
      const h = await setup();
      const tag = unique();
      const request = { name: `Universidad Nueva ${tag}`, city: 'Manzanillo' };
      const pendingJoiner = await h.signIn();
      const pending = await h.requests.request(pendingJoiner.uid, request);
      await h.waitlist.join(pendingJoiner.uid, {
        email: pendingJoiner.email,
        collegeId: pending.id,
        timestamp: new Date(),
      });
      const elsewhere = await h.signIn();
      await h.requests.request(elsewhere.uid, request);
      await h.waitlist.join(elsewhere.uid, {
        email: elsewhere.email,
        collegeId: 'udg-cucei',
        timestamp: new Date(),
      });
      const id = `nueva-${tag}`;
      // A pending campus is no campus to launch.
      await expect(h.launchDryRun(pending.id)).rejects.toThrow(/not a campus of the catalogue/i);
      // The catalogue's names are the operator's (issue 59): without them nothing is written.
      // (Each name alone is refused too: tests/tooling/ops/commands.test.ts, memory-campuses.ts.)
      await expect(h.addCampus({ request: pending.id, id })).rejects.toThrow();
      expect((await h.search(`Universidad Nueva ${tag}`)).map((c) => c.id)).not.toContain(id);
      const names = { name: request.name, shortName: `UN ${tag} - Manzanillo` };
      expect(await h.addCampus({ request: pending.id, id, ...names })).toEqual({
        added: true,
        moved: 1,
        queued: 2,
      });
      // Once added, it launches as a built one does: its student would get the launch e-mail.
      expect(await h.launchDryRun(id)).toBe(1);
      expect((await h.search(`Universidad Nueva ${tag}`)).map((c) => c.id)).toContain(id);
      const found = (await h.search(`Universidad Nueva ${tag}`)).find((c) => c.id === id);
      expect(found).toMatchObject({ name: request.name, shortName: `UN ${tag} - Manzanillo` });
      await h.signInAs(pendingJoiner);
      expect((await h.waitlist.get(pendingJoiner.uid))?.collegeId).toBe(id);
      // Named by the backend: the page's own catalogue does not know it.
      expect((await h.myCampus(pendingJoiner.uid)).names).toMatchObject({
        name: request.name,
        shortName: `UN ${tag} - Manzanillo`,
      });
      await h.signInAs(elsewhere);
      expect((await h.waitlist.get(elsewhere.uid))?.collegeId).toBe('udg-cucei');
      expect((await h.addedMail(id)).sort()).toEqual([pendingJoiner.uid, elsewhere.uid].sort());

      expect(await h.addCampus({ request: pending.id, id, ...names })).toEqual({
        added: false,
        moved: 0,
        queued: 0,
      });
      expect(await h.addedMail(id)).toHaveLength(2);
      // The pending id is no campus any more: joining it is refused; asking again answers the new id.
      const late = await h.signIn();
      expect((await h.requests.request(late.uid, request)).id).toBe(id);
      await expect(
        h.waitlist.join(late.uid, {
          email: late.email,
          collegeId: pending.id,
          timestamp: new Date(),
        }),
      ).rejects.toMatchObject({
        code: expect.stringMatching(/^(invalid-argument|permission-denied)$/),
      });
      await h.waitlist.join(late.uid, { email: late.email, collegeId: id, timestamp: new Date() });
    });

    it('names a pending campus in no e-mail and no invite preview by the text a student typed (issue 59)', async () => {
      const h = await setup();
      const tag = unique();
      const typed = { name: `Visita Mi Pagina ${tag}`, city: `Premio ${tag}` };
      const student = await h.signIn();
      const pending = await h.requests.request(student.uid, typed);
      await h.waitlist.join(student.uid, {
        email: student.email,
        collegeId: pending.id,
        timestamp: new Date(),
      });
      // The page still shows the student the campus they asked for.
      expect((await h.myCampus(student.uid)).names).toMatchObject({ name: typed.name });
      const mail = await h.mailTo(student.email);
      expect(mail.length).toBeGreaterThan(0); // the welcome
      for (const message of mail) {
        expect(message).toContain('tu campus (pendiente)');
        expect(message).not.toContain(tag);
      }
      // An invite's preview, for anyone: none for a pending campus, as for an unknown code.
      const { code } = await h.invites.mine(student.uid);
      expect(await h.invites.preview(code)).toBeNull();
    });

    it('refuses an unknown request, a taken id, and a request added under another id, changing nothing', async () => {
      const h = await setup();
      const tag = unique();
      const asker = await h.signIn();
      const pending = await h.requests.request(asker.uid, {
        name: `Universidad Otra ${tag}`,
        city: 'Tepic',
      });
      await h.waitlist.join(asker.uid, {
        email: asker.email,
        collegeId: pending.id,
        timestamp: new Date(),
      });
      const names = { name: `Universidad Otra ${tag}`, shortName: `UO ${tag} - Tepic` };
      await expect(
        h.addCampus({ request: `pendiente-${'f'.repeat(24)}`, id: `otra-${tag}`, ...names }),
      ).rejects.toThrow();
      await expect(
        h.addCampus({ request: pending.id, id: 'udg-cucei', ...names }),
      ).rejects.toThrow();
      await expect(
        h.addCampus({ request: pending.id, id: 'No Es Id', ...names }),
      ).rejects.toThrow();
      await h.signInAs(asker);
      expect((await h.waitlist.get(asker.uid))?.collegeId).toBe(pending.id);
      expect((await h.myCampus(asker.uid)).names).toMatchObject({
        name: `Universidad Otra ${tag}`,
        shortName: `Universidad Otra ${tag} (pendiente)`,
      });
      expect(await h.addedMail('udg-cucei')).toEqual([]);
      await h.addCampus({ request: pending.id, id: `otra-${tag}`, ...names });
      await expect(
        h.addCampus({ request: pending.id, id: `otra-b-${tag}`, ...names }),
      ).rejects.toThrow();
      expect(await h.search(`Universidad Otra ${tag}`)).toHaveLength(1);
    });
  });
}
