import { describe, expect, it } from 'vitest';
import type { VisitSource } from '@/domain/visit-source';
import type { JoinSources } from '@/ports/join-sources.port';
import type { WaitlistRepo } from '@/ports/waitlist-repo.port';
import { onList } from './on-list';

export interface JoinSourcesHarness {
  readonly repo: JoinSources;
  readonly waitlist: WaitlistRepo;
  /** Signs in as a fresh student (signing out whoever was signed in). */
  signIn(): Promise<{ uid: string; email: string }>;
  /** The student's source as stored, behind the port (admin-only): null when none. */
  held(uid: string): Promise<VisitSource | null>;
}

const WHATSAPP: VisitSource = { source: 'whatsapp', medium: 'grupo', campaign: 'cucei-2026' };

/** Every backend records where a student came from once, in a record of its own (issue 49). */
export function describeJoinSourcesContract(
  name: string,
  setup: () => Promise<JoinSourcesHarness>,
) {
  describe(`JoinSources contract: ${name}`, () => {
    const joined = (h: JoinSourcesHarness) => onList(h, h.signIn());

    it('records the source once: the first stands', async () => {
      const h = await setup();
      const s = await joined(h);
      expect(await h.repo.record(s.uid, WHATSAPP)).toBe(true);
      expect(
        await h.repo.record(s.uid, { source: 'instagram', medium: null, campaign: null }),
      ).toBe(false);
      expect(await h.held(s.uid)).toEqual(WHATSAPP);
    });

    it("records 'otro' and missing fields as given", async () => {
      const h = await setup();
      const s = await joined(h);
      const poster: VisitSource = { source: 'otro', medium: null, campaign: 'cartel_qr' };
      expect(await h.repo.record(s.uid, poster)).toBe(true);
      expect(await h.held(s.uid)).toEqual(poster);
    });

    it('writes nothing for a student who is not on the list', async () => {
      const h = await setup();
      const s = await h.signIn();
      expect(await h.repo.record(s.uid, WHATSAPP)).toBe(false);
      expect(await h.held(s.uid)).toBeNull();
    });

    it('refuses a value that is not clamped, and writes nothing', async () => {
      const h = await setup();
      const s = await joined(h);
      for (const bad of [
        { source: 'WhatsApp', medium: null, campaign: null },
        { source: 'grupo de clase', medium: null, campaign: null },
        { source: 'x'.repeat(41), medium: null, campaign: null },
        { source: 'https://evil.example', medium: null, campaign: null },
        { source: null, medium: null, campaign: null },
      ]) {
        await expect(h.repo.record(s.uid, bad as VisitSource)).rejects.toMatchObject({
          code: 'invalid-argument',
        });
      }
      expect(await h.held(s.uid)).toBeNull();
    });

    it("refuses another student's uid", async () => {
      const h = await setup();
      const first = await joined(h);
      await h.signIn();
      await expect(h.repo.record(first.uid, WHATSAPP)).rejects.toMatchObject({
        code: 'permission-denied',
      });
      expect(await h.held(first.uid)).toBeNull();
    });

    it('deletes the source when the student leaves', async () => {
      const h = await setup();
      const s = await joined(h);
      await h.repo.record(s.uid, WHATSAPP);
      await h.waitlist.leave(s.uid);
      expect(await h.held(s.uid)).toBeNull();
    });
  });
}
