import fs from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
  type TokenOptions,
} from '@firebase/rules-unit-testing';
import {
  doc,
  getDoc,
  getDocs,
  collection,
  serverTimestamp,
  setDoc,
  deleteDoc,
  updateDoc,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import {
  JOIN_TERMS_GRACE_UNTIL,
  PRIVACY_NOTICE_VERSION,
  PUBLISHED_NOTICE_VERSIONS,
} from '@/domain/join-terms';
import { PROJECT_ID } from '../support/emulators';
import { describeFirestore } from '../support/firestore';
import { COLLECTIONS } from '@/adapters/firebase/firestore-names';

// firestore.rules against the real Firestore emulator (tests/support/firestore.ts: started by
// scripts/test/firestore-emulator.sh; skipped loudly where none can start). The rules come from
// FIRESTORE_RULES_FILE when set: scripts/test/rules-mutations.mjs runs this suite on weakened
// copies of the rules and expects it to fail on each.

const HOST = process.env.FIRESTORE_EMULATOR_HOST;
// A project of its own: the Functions emulator's triggers listen on PROJECT_ID, and a trigger
// still running a transaction from one test's write held a lock that the next test's
// clearFirestore waited on until the emulator aborted it ("Transaction lock timeout", CI).
// The rules are the same whatever the project; the triggers are tested in their own suites.
const RULES_PROJECT = `${PROJECT_ID}-rules`;
const RULES_FILE = process.env.FIRESTORE_RULES_FILE ?? 'firestore.rules';

describeFirestore('firestore.rules (Firestore emulator)', () => {
  let env: RulesTestEnvironment;
  beforeAll(async () => {
    const [host, port] = HOST!.split(':');
    env = await initializeTestEnvironment({
      projectId: RULES_PROJECT,
      firestore: {
        rules: fs.readFileSync(RULES_FILE, 'utf8'),
        host: host!,
        port: Number(port),
      },
    });
  });
  afterAll(() => env?.cleanup());
  beforeEach(() => env.clearFirestore());

  /** The claims of a Google sign-in, as Firebase Auth puts them in the ID token. */
  const google = (email: string, over: Record<string, unknown> = {}): TokenOptions =>
    ({
      email,
      email_verified: true,
      firebase: { sign_in_provider: 'google.com' },
      ...over,
    }) as TokenOptions;
  const ana = () => env.authenticatedContext('ana', google('ana@alumnos.udg.mx')).firestore();
  const entry = (over: Record<string, unknown> = {}) => ({
    email: 'ana@alumnos.udg.mx',
    collegeId: 'udg-cucei',
    timestamp: serverTimestamp(),
    adult: true,
    noticeVersion: PRIVACY_NOTICE_VERSION,
    ...over,
  });
  /** A change of campus as the page writes it: the new id and the server's time of the change. */
  const moved = (collegeId: string) => ({ collegeId, collegeChangedAt: serverTimestamp() });

  it('a student creates their own entry with exactly its five fields', async () => {
    await assertSucceeds(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry()));
  });

  it('takes the confirmation of age with the notice version, or neither (a page from before them), never one alone or malformed (issue 51)', async () => {
    const without = (...keys: string[]) =>
      Object.fromEntries(Object.entries(entry()).filter(([k]) => !keys.includes(k)));
    await assertFails(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), without('adult')));
    await assertFails(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), without('noticeVersion')));
    for (const adult of [false, 'true', 1, null]) {
      await assertFails(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ adult })));
    }
    for (const noticeVersion of ['', 'v2', '2026-11', '2026-11-28x', 20261128, null]) {
      await assertFails(
        setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ noticeVersion })),
      );
    }
    // Both stay as written: a change of campus may not touch them.
    await assertSucceeds(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry()));
    await assertFails(updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), { adult: false }));
    await assertFails(
      updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), { noticeVersion: '2030-01-01' }),
    );
    // A tab left open across the deploy joins as it did until the grace date (the entry records
    // no confirmation), and is refused from it on.
    await assertSucceeds(deleteDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`)));
    const old = setDoc(
      doc(ana(), `${COLLECTIONS.waitlist}/ana`),
      without('adult', 'noticeVersion'),
    );
    const beforeGrace = Date.now() < Date.parse(`${JOIN_TERMS_GRACE_UNTIL}T00:00:00Z`);
    await (beforeGrace ? assertSucceeds(old) : assertFails(old));
  });

  it('and reads it back, but not another student’s, and lists nothing', async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(doc(ctx.firestore(), `${COLLECTIONS.waitlist}/ana`), entry());
      await setDoc(
        doc(ctx.firestore(), `${COLLECTIONS.waitlist}/luis`),
        entry({ email: 'luis@itesm.mx' }),
      );
    });
    await assertSucceeds(getDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`)));
    await assertFails(getDoc(doc(ana(), `${COLLECTIONS.waitlist}/luis`)));
    await assertFails(getDocs(collection(ana(), 'waitlist')));
  });

  it('refuses another uid, another e-mail, extra or missing fields, a client time, a long collegeId', async () => {
    await assertFails(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/luis`), entry()));
    await assertFails(
      setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ email: 'otro@udg.mx' })),
    );
    await assertFails(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ admin: true })));
    await assertFails(
      setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), {
        email: 'ana@alumnos.udg.mx',
        collegeId: 'x',
      }),
    );
    await assertFails(
      setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ timestamp: new Date() })),
    );
    await assertFails(
      setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ collegeId: 'x'.repeat(65) })),
    );
    await assertFails(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ collegeId: 7 })));
  });

  it('refuses a well-formed id that is no campus of the catalogue, on joining and on a change (issue 51)', async () => {
    for (const collegeId of [`${'a'.repeat(31)}-${'b'.repeat(32)}`, 'constructor', 'udg-cucei-x']) {
      await assertFails(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ collegeId })));
    }
    await assertSucceeds(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry()));
    await assertFails(updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), moved('constructor')));
    await assertFails(
      updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), moved('no-such-campus')),
    );
  });

  it('accepts every campus of the catalogue, the longest id too', async () => {
    const ids = COLLEGE_CATALOGUE.map((c) => c.id);
    const longest = ids.reduce((a, b) => (b.length > a.length ? b : a));
    for (const collegeId of [ids[0]!, ids.at(-1)!, longest]) {
      await env.clearFirestore();
      await assertSucceeds(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ collegeId })));
    }
  });

  // The domain's rule (src/domain/college.ts): a lowercase ASCII slug, at most 64 characters.
  for (const [what, collegeId] of [
    ['empty', ''],
    ['whitespace', 'udg cucei'],
    ['a leading space', ' udg-cucei'],
    ['a trailing newline', 'udg-cucei\n'],
    ['a formula', '=HYPERLINK("http://x")'],
    ['a formula sign', '+udg-cucei'],
    ['a control character', 'udg\u0000cucei'],
    ['a bidi override', 'udg-\u202ecucei'],
    ['a bidi isolate', '\u2066udg-cucei'],
    ['upper case', 'UDG-CUCEI'],
    ['an accent', 'udg-cucéi'],
    ['a double hyphen', 'udg--cucei'],
    ['65 characters', 'a'.repeat(65)],
  ] as const) {
    it(`refuses a collegeId with ${what}`, async () => {
      await assertFails(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ collegeId })));
    });
  }

  it('trusts the e-mail only from a verified Google sign-in', async () => {
    const as = (claims: TokenOptions) =>
      doc(env.authenticatedContext('ana', claims).firestore(), `${COLLECTIONS.waitlist}/ana`);
    const email = 'ana@alumnos.udg.mx';
    await assertFails(setDoc(as({}), entry()));
    await assertFails(setDoc(as(google(email, { email: undefined })), entry()));
    await assertFails(setDoc(as(google(email, { email_verified: false })), entry()));
    await assertFails(setDoc(as(google(email, { email_verified: undefined })), entry()));
    for (const provider of ['password', 'anonymous', 'custom', 'phone', 'github.com']) {
      await assertFails(
        setDoc(as(google(email, { firebase: { sign_in_provider: provider } })), entry()),
      );
    }
    await assertFails(setDoc(as(google(email, { firebase: {} })), entry()));
    await assertSucceeds(setDoc(as(google(email)), entry()));
  });

  it('refuses visitors who are not signed in', async () => {
    const visitor = env.unauthenticatedContext().firestore();
    await assertFails(setDoc(doc(visitor, `${COLLECTIONS.waitlist}/ana`), entry()));
    await assertFails(getDoc(doc(visitor, `${COLLECTIONS.waitlist}/ana`)));
  });

  it('lets a student change the campus of their own entry, and nothing else', async () => {
    await assertSucceeds(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry()));
    await assertFails(updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), moved('UDG CUCEA')));
    await assertFails(
      updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), { email: 'otro@udg.mx' }),
    );
    await assertFails(
      updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), { timestamp: serverTimestamp() }),
    );
    await assertFails(
      updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), { timestamp: new Date(0) }),
    );
    await assertFails(
      updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), { ...moved('udg-cucei'), admin: true }),
    );
    await assertSucceeds(updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), moved('udg-cucea')));
    // A whole new entry over the stored one changes the timestamp: refused.
    await assertFails(
      setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ collegeId: 'udg-cucei' })),
    );
    await assertFails(
      setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), {
        email: 'ana@alumnos.udg.mx',
        collegeId: 'udg-cucei',
      }),
    );
  });

  it('refuses a change of campus of a missing entry, and of another student’s', async () => {
    await assertFails(updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), moved('udg-cucea')));
    await env.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(
        doc(ctx.firestore(), `${COLLECTIONS.waitlist}/luis`),
        entry({ email: 'luis@itesm.mx' }),
      );
    });
    await assertFails(updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/luis`), moved('udg-cucea')));
  });

  it('a change of campus needs a verified Google sign-in', async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(doc(ctx.firestore(), `${COLLECTIONS.waitlist}/ana`), entry());
    });
    const as = (claims: TokenOptions) =>
      doc(env.authenticatedContext('ana', claims).firestore(), `${COLLECTIONS.waitlist}/ana`);
    await assertFails(
      updateDoc(as(google('ana@alumnos.udg.mx', { email_verified: false })), moved('udg-cucea')),
    );
    await assertFails(
      updateDoc(
        as(google('ana@alumnos.udg.mx', { firebase: { sign_in_provider: 'anonymous' } })),
        moved('udg-cucea'),
      ),
    );
  });

  it('changes a campus at most once a minute, stamped with the server’s time (issue 59)', async () => {
    const ref = () => doc(ana(), `${COLLECTIONS.waitlist}/ana`);
    await assertSucceeds(setDoc(ref(), entry()));
    // Without the time of the change, or with one the page chose: refused.
    await assertFails(updateDoc(ref(), { collegeId: 'udg-cucea' }));
    await assertFails(updateDoc(ref(), { collegeId: 'udg-cucea', collegeChangedAt: new Date(0) }));
    await assertSucceeds(updateDoc(ref(), moved('udg-cucea')));
    // At once again: refused, and so 30 s later.
    await assertFails(updateDoc(ref(), moved('itesm-gdl')));
    const changedAgo = (seconds: number) =>
      env.withSecurityRulesDisabled(async (ctx) => {
        await updateDoc(doc(ctx.firestore(), `${COLLECTIONS.waitlist}/ana`), {
          collegeChangedAt: new Date(Date.now() - seconds * 1000),
        });
      });
    await changedAgo(30);
    await assertFails(updateDoc(ref(), moved('itesm-gdl')));
    // A minute after the last change: allowed, once.
    await changedAgo(61);
    await assertSucceeds(updateDoc(ref(), moved('itesm-gdl')));
    await assertFails(updateDoc(ref(), moved('udg-cucei')));
    // The time of the change is no field of a new entry.
    await assertSucceeds(deleteDoc(ref()));
    await assertFails(setDoc(ref(), entry({ collegeChangedAt: serverTimestamp() })));
  });

  it('lets a student delete their own entry (and a missing one), never another’s', async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(doc(ctx.firestore(), `${COLLECTIONS.waitlist}/ana`), entry());
      await setDoc(
        doc(ctx.firestore(), `${COLLECTIONS.waitlist}/luis`),
        entry({ email: 'luis@itesm.mx' }),
      );
    });
    await assertFails(deleteDoc(doc(ana(), `${COLLECTIONS.waitlist}/luis`)));
    await assertFails(
      deleteDoc(doc(env.unauthenticatedContext().firestore(), `${COLLECTIONS.waitlist}/ana`)),
    );
    await assertSucceeds(deleteDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`)));
    await assertSucceeds(deleteDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`)));
    // Joining again after leaving is a create like the first.
    await assertSucceeds(
      setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ collegeId: 'udg-cucea' })),
    );
  });

  describe(`${COLLECTIONS.heroConsent}/{uid}`, () => {
    const consent = () => ({ grantedAt: serverTimestamp(), noticeVersion: PRIVACY_NOTICE_VERSION });
    // Consent needs an entry on the list: Ana joins first in every test of this block.
    beforeEach(async () => {
      await assertSucceeds(setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry()));
    });

    it('a student grants, reads and revokes their own consent; granting again changes nothing', async () => {
      await assertSucceeds(setDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`), consent()));
      await assertSucceeds(getDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`)));
      // The first date stands: an update (a renewed date) is refused.
      await assertFails(setDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`), consent()));
      await assertSucceeds(deleteDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`)));
      await assertSucceeds(deleteDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`)));
      await assertSucceeds(getDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`)));
    });

    it('refuses the consent of a student who is not on the list', async () => {
      await assertSucceeds(deleteDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`)));
      await assertFails(setDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`), consent()));
    });

    it('keeps the operator’s photo approvals and the kill switch from every client', async () => {
      await assertFails(
        setDoc(doc(ana(), `${COLLECTIONS.heroApproval}/ana`), { photoURL: 'x', approved: true }),
      );
      await assertFails(getDoc(doc(ana(), `${COLLECTIONS.heroApproval}/ana`)));
      await assertFails(setDoc(doc(ana(), `${COLLECTIONS.heroSettings}/strip`), { enabled: true }));
      await assertFails(
        getDoc(doc(env.unauthenticatedContext().firestore(), `${COLLECTIONS.heroSettings}/strip`)),
      );
    });

    it('refuses a client-chosen date, an extra or a missing field', async () => {
      await assertFails(
        setDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`), { grantedAt: new Date() }),
      );
      await assertFails(
        setDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`), { ...consent(), photo: 'x' }),
      );
      await assertFails(setDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`), {}));
      await assertFails(setDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`), { granted: true }));
      // The notice version is a date (issue 51); a page from before it sends none.
      await assertFails(
        setDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`), {
          ...consent(),
          noticeVersion: 'última',
        }),
      );
      await assertFails(
        setDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`), { ...consent(), noticeVersion: 7 }),
      );
      await assertSucceeds(
        setDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`), { grantedAt: serverTimestamp() }),
      );
      await assertSucceeds(deleteDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`)));
      await assertSucceeds(setDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`), consent()));
      await assertFails(
        updateDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`), { grantedAt: new Date(0) }),
      );
      await assertFails(updateDoc(doc(ana(), `${COLLECTIONS.heroConsent}/ana`), { extra: 1 }));
    });

    it('never reads, writes or deletes another student’s consent, and lists nothing', async () => {
      await env.withSecurityRulesDisabled(async (ctx) => {
        await setDoc(doc(ctx.firestore(), `${COLLECTIONS.heroConsent}/luis`), {
          grantedAt: new Date(),
        });
      });
      await assertFails(getDoc(doc(ana(), `${COLLECTIONS.heroConsent}/luis`)));
      await assertFails(setDoc(doc(ana(), `${COLLECTIONS.heroConsent}/luis`), consent()));
      await assertFails(setDoc(doc(ana(), `${COLLECTIONS.heroConsent}/pepe`), consent()));
      await assertFails(deleteDoc(doc(ana(), `${COLLECTIONS.heroConsent}/luis`)));
      await assertFails(getDocs(collection(ana(), 'heroConsent')));
      const visitor = env.unauthenticatedContext().firestore();
      await assertFails(getDoc(doc(visitor, `${COLLECTIONS.heroConsent}/luis`)));
      await assertFails(setDoc(doc(visitor, `${COLLECTIONS.heroConsent}/luis`), consent()));
    });

    it('granting needs a verified Google sign-in', async () => {
      const as = (claims: TokenOptions) =>
        doc(env.authenticatedContext('ana', claims).firestore(), `${COLLECTIONS.heroConsent}/ana`);
      await assertFails(setDoc(as({}), consent()));
      await assertFails(
        setDoc(as(google('ana@alumnos.udg.mx', { email_verified: false })), consent()),
      );
      await assertFails(
        setDoc(
          as(google('ana@alumnos.udg.mx', { firebase: { sign_in_provider: 'password' } })),
          consent(),
        ),
      );
    });
  });

  it('keeps the campus records and the operators’ campus settings from every client (issue 28)', async () => {
    // Counts are the functions' alone: no student may write their own record, or read another's.
    await assertFails(
      setDoc(doc(ana(), `${COLLECTIONS.campusMembers}/ana`), {
        collegeId: 'udg-cucei',
        verified: true,
      }),
    );
    await assertFails(getDoc(doc(ana(), `${COLLECTIONS.campusMembers}/ana`)));
    await assertFails(getDocs(collection(ana(), 'campusMembers')));
    await assertFails(
      setDoc(doc(ana(), `${COLLECTIONS.campusSettings}/udg-cucei`), {
        threshold: 1,
        state: 'open',
      }),
    );
    await assertFails(getDoc(doc(ana(), `${COLLECTIONS.campusSettings}/udg-cucei`)));
    await assertFails(
      getDoc(
        doc(env.unauthenticatedContext().firestore(), `${COLLECTIONS.campusSettings}/udg-cucei`),
      ),
    );
    // Invites and campus requests: the functions' alone (no self-credit, no reading another's).
    await assertFails(setDoc(doc(ana(), `${COLLECTIONS.invites}/ana`), { inviter: 'luis' }));
    await assertFails(getDoc(doc(ana(), `${COLLECTIONS.invites}/luis`)));
    await assertFails(getDocs(collection(ana(), 'invites')));
    await assertFails(setDoc(doc(ana(), `${COLLECTIONS.inviteCodes}/ABCDEFGH`), { uid: 'ana' }));
    await assertFails(getDoc(doc(ana(), `${COLLECTIONS.inviteOwners}/luis`)));
    await assertFails(
      setDoc(doc(ana(), `${COLLECTIONS.campusRequests}/ana__x`), { uid: 'ana', name: 'x' }),
    );
    await assertFails(getDocs(collection(ana(), 'campusRequests')));
    // The e-mails (issue 25): the outbox and the launch records are the functions' alone.
    const anon = env.unauthenticatedContext().firestore();
    await assertFails(getDocs(collection(ana(), 'mailOutbox')));
    await assertFails(getDoc(doc(ana(), `${COLLECTIONS.mailOutbox}/welcome:ana:1`)));
    await assertFails(getDocs(collection(anon, COLLECTIONS.mailOutbox)));
    await assertFails(
      setDoc(doc(ana(), `${COLLECTIONS.mailOutbox}/launch:udg-cucei:ana`), { uid: 'ana' }),
    );
    await assertFails(getDocs(collection(ana(), 'launchRuns')));
    await assertFails(getDocs(collection(anon, COLLECTIONS.launchRuns)));
    // The sender's recipients' ledger (issue 51): nobody's but the functions'.
    await assertFails(getDocs(collection(ana(), 'mailRecipients')));
    await assertFails(getDoc(doc(anon, `${COLLECTIONS.mailRecipients}/abc`)));
    await assertFails(setDoc(doc(ana(), `${COLLECTIONS.mailRecipients}/abc`), { sends: [] }));
  });

  it('closes the verifications, the codes, their limits and the suppression list to every client, their own student too (issues 48, 59)', async () => {
    const anon = env.unauthenticatedContext().firestore();
    for (const name of [
      COLLECTIONS.emailVerifications,
      COLLECTIONS.verificationCodes,
      COLLECTIONS.verificationSends,
      COLLECTIONS.codeIdentities,
      COLLECTIONS.codeBudget,
      COLLECTIONS.mailSuppressions,
    ]) {
      await assertFails(getDoc(doc(ana(), `${name}/ana`)));
      await assertFails(getDocs(collection(ana(), name)));
      await assertFails(getDoc(doc(anon, `${name}/ana`)));
      await assertFails(setDoc(doc(ana(), `${name}/ana`), { address: 'ana@alumnos.udg.mx' }));
    }
  });

  it('closes every operator record to a student, an anonymous caller and an operator alike (issue 61)', async () => {
    const anon = env.unauthenticatedContext().firestore();
    // The operator's role is a custom claim the callables read; it opens no record directly.
    const operator = env
      .authenticatedContext('op', google('op@deestudiantes.example', { operator: true }))
      .firestore();
    const clients = { student: ana(), anonymous: anon, operator };
    for (const name of [
      COLLECTIONS.operatorLog,
      COLLECTIONS.campusLaunches,
      COLLECTIONS.campusAdds,
      COLLECTIONS.campusCounters,
      COLLECTIONS.campusTallies,
      COLLECTIONS.retentionRuns,
      COLLECTIONS.campusSettings,
      COLLECTIONS.heroApproval,
      COLLECTIONS.heroSettings,
      COLLECTIONS.launchRuns,
      COLLECTIONS.failureCounts,
    ]) {
      await env.withSecurityRulesDisabled(async (ctx) => {
        await setDoc(doc(ctx.firestore(), `${name}/ana`), { held: true });
      });
      for (const client of Object.values(clients)) {
        await assertFails(getDoc(doc(client, `${name}/ana`)));
        await assertFails(getDocs(collection(client, name)));
        await assertFails(setDoc(doc(client, `${name}/nuevo`), { actor: 'x' }));
        await assertFails(setDoc(doc(client, `${name}/ana`), { held: false }));
        await assertFails(deleteDoc(doc(client, `${name}/ana`)));
      }
    }
  });

  it('keeps every other collection closed', async () => {
    await assertFails(setDoc(doc(ana(), 'heroProfiles/ana'), { ok: true }));
    await assertFails(getDocs(collection(ana(), 'heroProfiles')));
    await assertFails(getDoc(doc(ana(), 'anything/else')));
  });

  // Issue 49: who will sell is the student's own; requested, added campuses, sources and
  // milestones are the Admin SDK's; an entry may name a pending campus only its student asked for.
  describe('issue 49', () => {
    const PENDING = `pendiente-${'a'.repeat(24)}`;
    const seller = (over: Record<string, unknown> = {}) => ({
      categories: ['postres', 'snacks'],
      updatedAt: serverTimestamp(),
      ...over,
    });
    const onList = () =>
      env.withSecurityRulesDisabled(async (ctx) => {
        await setDoc(doc(ctx.firestore(), `${COLLECTIONS.waitlist}/ana`), {
          collegeId: 'udg-cucei',
        });
      });

    it('a student on the list writes, reads and deletes their own seller choice, a set of the seven', async () => {
      await assertFails(setDoc(doc(ana(), `${COLLECTIONS.sellerChoices}/ana`), seller())); // not on the list
      await onList();
      await assertSucceeds(setDoc(doc(ana(), `${COLLECTIONS.sellerChoices}/ana`), seller()));
      await assertSucceeds(getDoc(doc(ana(), `${COLLECTIONS.sellerChoices}/ana`)));
      for (const bad of [
        seller({ categories: [] }),
        seller({ categories: ['tacos'] }),
        seller({ categories: ['postres', 'postres'] }),
        seller({ categories: 'postres' }),
        seller({ updatedAt: new Date(0) }),
        seller({ extra: true }),
      ]) {
        await assertFails(setDoc(doc(ana(), `${COLLECTIONS.sellerChoices}/ana`), bad));
      }
      await assertSucceeds(deleteDoc(doc(ana(), `${COLLECTIONS.sellerChoices}/ana`)));
    });

    it("no student reads or writes another's seller choice, nor lists them", async () => {
      await env.withSecurityRulesDisabled(async (ctx) => {
        await setDoc(doc(ctx.firestore(), `${COLLECTIONS.sellerChoices}/luis`), {
          categories: ['snacks'],
        });
      });
      await assertFails(getDoc(doc(ana(), `${COLLECTIONS.sellerChoices}/luis`)));
      await assertFails(setDoc(doc(ana(), `${COLLECTIONS.sellerChoices}/luis`), seller()));
      await assertFails(deleteDoc(doc(ana(), `${COLLECTIONS.sellerChoices}/luis`)));
      await assertFails(getDocs(collection(ana(), 'sellerChoices')));
    });

    it('sources, requests, pending and added campuses and milestones are closed to every client', async () => {
      await env.withSecurityRulesDisabled(async (ctx) => {
        await setDoc(doc(ctx.firestore(), `${COLLECTIONS.joinSources}/ana`), {
          source: 'whatsapp',
        });
        await setDoc(doc(ctx.firestore(), `${COLLECTIONS.campusMilestones}/udg-cucei`), {
          reached: [25],
        });
        await setDoc(doc(ctx.firestore(), `${COLLECTIONS.pendingCampuses}/${PENDING}`), {
          name: 'U',
        });
      });
      for (const path of [
        `${COLLECTIONS.joinSources}/ana`,
        `${COLLECTIONS.campusMilestones}/udg-cucei`,
        `${COLLECTIONS.pendingCampuses}/${PENDING}`,
        `${COLLECTIONS.campuses}/nueva`,
        `${COLLECTIONS.addedCampuses}/${PENDING}`,
        `campusRequests/ana__${'a'.repeat(24)}`,
      ]) {
        await assertFails(getDoc(doc(ana(), path)));
        await assertFails(setDoc(doc(ana(), path), { name: 'Mi campus' }));
      }
    });

    it('an entry names a pending campus only its student asked for, and one an operator added', async () => {
      await assertFails(
        setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ collegeId: PENDING })),
      );
      await env.withSecurityRulesDisabled(async (ctx) => {
        await setDoc(doc(ctx.firestore(), `${COLLECTIONS.pendingCampuses}/${PENDING}`), {
          name: 'U',
        });
      });
      // Pending, but not hers.
      await assertFails(
        setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ collegeId: PENDING })),
      );
      await env.withSecurityRulesDisabled(async (ctx) => {
        await setDoc(doc(ctx.firestore(), `campusRequests/ana__${'a'.repeat(24)}`), { uid: 'ana' });
      });
      await assertSucceeds(
        setDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), entry({ collegeId: PENDING })),
      );
      await assertFails(updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), moved('nueva-uni')));
      await env.withSecurityRulesDisabled(async (ctx) => {
        await setDoc(doc(ctx.firestore(), `${COLLECTIONS.campuses}/nueva-uni`), { name: 'Nueva' });
      });
      await assertSucceeds(
        updateDoc(doc(ana(), `${COLLECTIONS.waitlist}/ana`), moved('nueva-uni')),
      );
    });
  });

  describe('after the grace date of the join terms (issue 59)', () => {
    // The same rules with the grace date in the past (the emulator's time is today's): from it on
    // only the 18+ confirmation with a published notice version is accepted.
    let after: RulesTestEnvironment;
    const GRACE = 'request.time < timestamp.date(2026, 12, 15)';
    beforeAll(async () => {
      const [host, port] = HOST!.split(':');
      const rules = fs.readFileSync(RULES_FILE, 'utf8');
      after = await initializeTestEnvironment({
        projectId: `${RULES_PROJECT}-after-grace`,
        firestore: {
          rules: rules.replace(GRACE, 'request.time < timestamp.date(2000, 1, 1)'),
          host: host!,
          port: Number(port),
        },
      });
    });
    afterAll(() => after?.cleanup());
    beforeEach(() => after?.clearFirestore());
    const ref = () =>
      doc(
        after.authenticatedContext('ana', google('ana@alumnos.udg.mx')).firestore(),
        `${COLLECTIONS.waitlist}/ana`,
      );

    it(`names the grace date of src/domain/join-terms.ts (${JOIN_TERMS_GRACE_UNTIL})`, () => {
      const [y, m, d] = JOIN_TERMS_GRACE_UNTIL.split('-').map(Number);
      expect(GRACE).toBe(`request.time < timestamp.date(${y}, ${m}, ${d})`);
    });

    it('refuses a join without the confirmation or with a version never published', async () => {
      const without = Object.fromEntries(
        Object.entries(entry()).filter(([k]) => k !== 'adult' && k !== 'noticeVersion'),
      );
      await assertFails(setDoc(ref(), without));
      await assertFails(setDoc(ref(), entry({ noticeVersion: '2020-01-01' })));
      // A date never published (the day after the last published version).
      const next = new Date(
        Date.parse(`${PUBLISHED_NOTICE_VERSIONS.at(-1)}T00:00:00Z`) + 86_400_000,
      );
      await assertFails(setDoc(ref(), entry({ noticeVersion: next.toISOString().slice(0, 10) })));
      await assertFails(setDoc(ref(), entry({ adult: false })));
      for (const noticeVersion of PUBLISHED_NOTICE_VERSIONS) {
        await assertSucceeds(setDoc(ref(), entry({ noticeVersion })));
        await assertSucceeds(deleteDoc(ref()));
      }
    });
  });

  it('before the grace date, accepts a join of a page from before the terms and any dated version (issue 59)', async () => {
    const before = Date.now() < Date.parse(`${JOIN_TERMS_GRACE_UNTIL}T00:00:00Z`);
    const write = setDoc(
      doc(ana(), `${COLLECTIONS.waitlist}/ana`),
      entry({ noticeVersion: '2020-01-01' }),
    );
    await (before ? assertSucceeds(write) : assertFails(write));
  });
});
