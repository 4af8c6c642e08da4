// Issue 51, item 9: joining records the confirmation of age and the privacy notice's version
// (src/domain/join-terms.ts); here, on the memory backend (Firebase: tests/firebase/
// firestore-waitlist.test.ts and firestore-rules.test.ts; Supabase: tests/supabase/
// supabase-adapters.contract.test.ts and supabase/tests/join_terms.test.sql).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JOIN_TERMS, NOTICE_VERSION_PATTERN, PRIVACY_NOTICE_VERSION } from '@/domain/join-terms';
import { MEMORY_STATE_KEY, parseMemoryState } from '@/adapters/memory/memory-state';
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
