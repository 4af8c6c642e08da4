// Issue 51, item 9: joining records the confirmation of age and the privacy notice's version
// (src/domain/join-terms.ts); here, on the memory backend (Firebase: tests/firebase/
// firestore-waitlist.test.ts and firestore-rules.test.ts; Supabase: tests/supabase/
// supabase-adapters.contract.test.ts and supabase/tests/join_terms.test.sql).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  acceptsJoinTerms,
  JOIN_TERMS,
  JOIN_TERMS_GRACE_UNTIL,
  NOTICE_VERSION_PATTERN,
  PRIVACY_NOTICE_VERSION,
  PUBLISHED_NOTICE_VERSIONS,
} from '@/domain/join-terms';
import { MEMORY_STATE_KEY, parseMemoryState } from '@/adapters/memory/memory-state';
import { createMemoryBackend } from '@/adapters/memory/memory-backend';
import { memoryStorage } from '../../support/memory-storage';
import { memoryWorld } from '../../support/memory-use-cases';

/**
 * The notice's text as published under each version: a fingerprint of its source with runs of
 * white space made one (a reflow is no change). Changing the notice fails the test below until
 * PRIVACY_NOTICE_VERSION moves to a new date and its fingerprint is added here.
 */
const NOTICE_FINGERPRINTS: Record<string, string> = {
  '2026-11-28': '3aba739070599fe1e6a4d45e472a8d11fa1d5b73f334cb1ffaefde1ce27f68a9',
  '2026-11-29': 'b8c747780f978e61fbefabdf6c57ab2266b13ca6b95ba08c3e2f72298fba7d21',
  '2026-11-30': '8a31e92d0f225ba6535ad0680d8fce575ece31f68e95031225a5c9262e7885a9',
  '2026-12-01': '773d157192ee6b25831c83e42c8406f17b5223d4d32b68c294c1ff9439298edc',
  '2026-12-02': '0c8ad6cf36cc7da8a37bf680ef36742fa61198276a3b278bc027cc4d27693e64',
  '2026-12-03': 'f013353e9fe6f0eb40746225469684693cf8c2db74b384787435eef51a0975a9',
};

const noticeFingerprint = () =>
  createHash('sha256')
    .update(
      ['src/ui/privacy/privacy-notice-page.tsx', 'src/ui/privacy/privacy-notice.config.ts']
        .map((file) => fs.readFileSync(file, 'utf8'))
        .join('\n')
        .replace(/\s+/g, ' '),
    )
    .digest('hex');

describe('the privacy notice’s version', () => {
  it('is a date, and moves whenever the notice’s text changes', () => {
    expect(PRIVACY_NOTICE_VERSION).toMatch(NOTICE_VERSION_PATTERN);
    expect(JOIN_TERMS).toEqual({ adult: true, noticeVersion: PRIVACY_NOTICE_VERSION });
    expect(
      NOTICE_FINGERPRINTS[PRIVACY_NOTICE_VERSION],
      'The privacy notice changed: set PRIVACY_NOTICE_VERSION (src/domain/join-terms.ts) to ' +
        `today and add its fingerprint here: ${noticeFingerprint()}`,
    ).toBe(noticeFingerprint());
  });
});

describe('the published versions of the notice (issue 59)', () => {
  it('are the notice’s history: every version it was published under, oldest first, ending with today’s', () => {
    expect([...PUBLISHED_NOTICE_VERSIONS]).toEqual(Object.keys(NOTICE_FINGERPRINTS).sort());
    expect(PUBLISHED_NOTICE_VERSIONS.at(-1)).toBe(PRIVACY_NOTICE_VERSION);
    for (const version of PUBLISHED_NOTICE_VERSIONS)
      expect(version).toMatch(NOTICE_VERSION_PATTERN);
  });

  it('are the ones Postgres accepts, with the same grace date (supabase/schema/waitlist.sql)', () => {
    const sql = fs.readFileSync('supabase/schema/waitlist.sql', 'utf8');
    const fn = /FUNCTION private\.accepts_join_terms[\s\S]*?\$function\$;/.exec(sql)?.[0] ?? '';
    const listed = /any \(array\[([^\]]*)\]\)/.exec(fn)?.[1];
    expect(listed?.split(',').map((v) => v.trim().replace(/^'|'$/g, ''))).toEqual([
      ...PUBLISHED_NOTICE_VERSIONS,
    ]);
    expect(fn).toContain(`at < timestamptz '${JOIN_TERMS_GRACE_UNTIL} 00:00:00+00'`);
  });
});

describe('the join terms a server accepts (issue 59)', () => {
  const grace = new Date(`${JOIN_TERMS_GRACE_UNTIL}T00:00:00Z`);
  const before = new Date(grace.getTime() - 1);
  it('after the grace date: the 18+ confirmation with a published version only', () => {
    for (const noticeVersion of PUBLISHED_NOTICE_VERSIONS) {
      expect(acceptsJoinTerms({ adult: true, noticeVersion }, grace)).toBe(true);
    }
    expect(acceptsJoinTerms({}, grace)).toBe(false);
    expect(acceptsJoinTerms({ adult: true, noticeVersion: '2020-01-01' }, grace)).toBe(false);
    expect(acceptsJoinTerms({ adult: false, noticeVersion: PRIVACY_NOTICE_VERSION }, grace)).toBe(
      false,
    );
  });

  it('before it: also none (an old page) or any dated version; never one without the other', () => {
    expect(acceptsJoinTerms({}, before)).toBe(true);
    expect(acceptsJoinTerms({ adult: true, noticeVersion: '2020-01-01' }, before)).toBe(true);
    expect(acceptsJoinTerms({ adult: true }, before)).toBe(false);
    expect(acceptsJoinTerms({ noticeVersion: PRIVACY_NOTICE_VERSION }, before)).toBe(false);
    expect(acceptsJoinTerms({ adult: true, noticeVersion: 'la última' }, before)).toBe(false);
  });

  it('the memory backend refuses a join with other terms after the grace date, with permission-denied', async () => {
    let now = before;
    const backend = createMemoryBackend({
      storage: memoryStorage(),
      clock: { now: () => now },
      config: { latencyMs: 0 },
      chooseAccount: async (accounts) => accounts[0]!,
    });
    const user = await backend.auth.signInWithPopup();
    const entry = { email: user.email, collegeId: 'udg-cucei', timestamp: new Date() };
    now = grace;
    await expect(backend.controls.joinWithTerms(user.uid, entry, {})).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(
      backend.controls.joinWithTerms(user.uid, entry, { adult: true, noticeVersion: '2020-01-01' }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    expect(backend.controls.entries()).toEqual({});
    // The page's own terms pass; before the grace date, an old page's none passed too.
    await backend.waitlist.join(user.uid, entry);
    expect(backend.controls.notices().joined).toEqual({ [user.uid]: PRIVACY_NOTICE_VERSION });
    await backend.waitlist.leave(user.uid);
    now = before;
    await backend.controls.joinWithTerms(user.uid, entry, {});
    expect(Object.keys(backend.controls.entries())).toEqual([user.uid]);
    expect(backend.controls.notices().joined).toEqual({});
  });
});

describe('the memory backend records what joining confirms', () => {
  const join = async (world: ReturnType<typeof memoryWorld>) => {
    const user = await world.backend.auth.signInWithPopup();
    await world.backend.waitlist.join(user.uid, {
      email: user.email,
      collegeId: 'udg-cucei',
      timestamp: new Date(),
    });
    return user;
  };

  it('with the entry and with the hero consent; both go when they go', async () => {
    const world = memoryWorld();
    const { backend } = world;
    const user = await join(world);
    await backend.heroConsent.grant(user.uid);
    expect(backend.controls.notices()).toEqual({
      joined: { [user.uid]: PRIVACY_NOTICE_VERSION },
      consented: { [user.uid]: PRIVACY_NOTICE_VERSION },
    });
    await backend.heroConsent.revoke(user.uid);
    expect(backend.controls.notices().consented).toEqual({});
    await backend.waitlist.leave(user.uid);
    expect(backend.controls.notices().joined).toEqual({});
  });

  it('keeps only well-formed versions from a stored state', async () => {
    const world = memoryWorld();
    const user = await join(world);
    const state = JSON.parse(world.storage.getItem(MEMORY_STATE_KEY)!);
    state.joinNotices[user.uid] = 'mañana';
    state.consentNotices = { otro: 7 };
    expect(parseMemoryState(JSON.stringify(state))).toMatchObject({
      joinNotices: {},
      consentNotices: {},
    });
  });
});
