import {
  createUserWithEmailAndPassword,
  getAuth,
  GoogleAuthProvider,
  signInAnonymously,
  signInWithCredential,
} from 'firebase/auth';
import { expect, it } from 'vitest';
import { createFirebaseAuth } from '@/adapters/firebase/firebase-auth.adapter';
import { DELETE_ACCOUNT_FUNCTION } from '@/adapters/firebase/firebase-backend';
import { callableFunction } from '@/adapters/firebase/firebase-callable';
import {
  CAMPUS_PROGRESS_FUNCTION,
  createCallableCampusProgress,
  MY_CAMPUS_FUNCTION,
} from '@/adapters/firebase/firebase-campus-progress.adapter';
import { createCallableCampusRequests } from '@/adapters/firebase/firebase-campus-requests.adapter';
import { createCallableInvites } from '@/adapters/firebase/firebase-invites.adapter';
import { createFirestoreWaitlist } from '@/adapters/firebase/firebase-waitlist.adapter';
import { describeCampusProgressContract } from '../app/contract/campus-progress.contract';
import { describeCampusRequestsContract } from '../app/contract/campus-requests.contract';
import { describeInvitesContract } from '../app/contract/invites.contract';
import { describeEmailVerificationsContract } from '../app/contract/email-verifications.contract';
import { createCallableEmailVerifications } from '@/adapters/firebase/firebase-email-verifications.adapter';
import { budgetDay, CODE_SEND_LIMITS, identityKey } from '@/domain/code-sends';
import { codeOfNonce } from '@/domain/email-verification';
import { recipientKey } from '@/domain/mail/recipient-limits';
import { bounceToken } from '@/domain/mail/suppression';
import { readFileSync } from 'node:fs';
import {
  AUTH_EMULATOR,
  fakeGoogleIdToken,
  fakeGoogleSub,
  FUNCTIONS_EMULATOR,
  PROJECT_ID,
  setAccountCreatedAt,
  testApp,
} from '../support/emulators';
import {
  ageCollegeChange,
  db,
  describeFirestore,
  eventually,
  type Fields,
  firestoreHost,
} from '../support/firestore';
import { spacedCollegeChanges } from '../support/spaced-changes';
import { COLLECTIONS } from '@/adapters/firebase/firestore-names';

// Issue 28 on Firebase: the callables `get_my_campus`, `get_my_invites`, `accept_invite` and
// `request_campus` (functions/src/campus-requests.ts) in the real Functions emulator, with accounts in the
// real Auth emulator and the documents in the real Firestore emulator. The page's entry is written
// by the web SDK under firestore.rules; the trigger `on_waitlist_written` and the function
// reconcile the caller's campus record (campusMembers/{uid}) from it, and the function counts the
// records. Other students' records are seeded as their trigger leaves them, so that a count does
// not wait for the triggers.

/** The bounce endpoint `mail_bounce` (functions/src/mail.ts) in the Functions emulator. */
const BOUNCE_URL = `http://${FUNCTIONS_EMULATOR.host}:${FUNCTIONS_EMULATOR.port}/${PROJECT_ID}/us-central1/mail_bounce`;

const seed = (path: string, fields: Record<string, Record<string, unknown>>) =>
  db.put(path, fields);

/** A write the emulator refused with 409 (a trigger's transaction held the document), again. */
async function retryingAborted(write: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 5 || !String(error).includes(': 409 ')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

let accounts = 0;
let seeded = 0;

/** A student of this app, signed in with Google (the Auth emulator) as a fresh account. */
function harness() {
  const app = testApp();
  let email = '';
  const auth = createFirebaseAuth({
    app,
    emulator: AUTH_EMULATOR,
    popup: (a) =>
      signInWithCredential(
        a,
        GoogleAuthProvider.credential(fakeGoogleIdToken(email, 'Estudiante')),
      ),
    deleteAccount: callableFunction(
      { app, region: 'us-central1', emulator: FUNCTIONS_EMULATOR },
      DELETE_ACCOUNT_FUNCTION,
    ),
  });
  const functions = { app, region: 'us-central1', emulator: FUNCTIONS_EMULATOR };
  /** Signs in with Google as the account of this address (made on its first sign-in). */
  const signInAs = async (address: string) => {
    email = address;
    const user = await auth.signInWithPopup();
    return { uid: user.uid, email: user.email };
  };
  return {
    app,
    auth,
    functions,
    repo: createCallableCampusProgress(functions),
    waitlist: createFirestoreWaitlist({ app, emulator: firestoreHost() }),
    signInAs,
    /** A fresh account: a university address, or a personal one. */
    signIn: (kind: 'institutional' | 'personal') => {
      const n = accounts++;
      return signInAs(kind === 'personal' ? `personal${n}@gmail.com` : `campus${n}@alumnos.udg.mx`);
    },
  };
}

describeFirestore('CampusProgress contract on Firestore', () => {
  describeCampusProgressContract('firebase (Functions, Auth and Firestore emulators)', async () => {
    // Counts start at zero: the emulator forgets every document of earlier tests.
    await db.clear();
    const h = harness();
    return {
      ...h,
      signOut: () => h.auth.signOut(),
      requests: createCallableCampusRequests(h.functions),
      campuses: { a: 'udg-cucei', b: 'udg-cucea' },
      addVerified: async (collegeId, count) => {
        for (let i = 0; i < count; i++) {
          const uid = `relleno-${seeded++}`;
          await seed(`${COLLECTIONS.waitlist}/${uid}`, {
            email: { stringValue: `${uid}@alumnos.udg.mx` },
            collegeId: { stringValue: collegeId },
          });
          await seed(`${COLLECTIONS.campusMembers}/${uid}`, {
            collegeId: { stringValue: collegeId },
            verified: { booleanValue: true },
          });
        }
      },
      setCampus: async (collegeId, { threshold, state, opensOn }) => {
        await seed(`${COLLECTIONS.campusSettings}/${collegeId}`, {
          threshold: { integerValue: String(threshold) },
          state: { stringValue: state },
          opensOn: opensOn === null ? { nullValue: null } : { stringValue: opensOn },
        });
      },
    };
  });
});

describeFirestore('get_my_campus beyond the contract', () => {
  it('refuses a caller without a sign-in', async () => {
    const call = callableFunction(
      { app: testApp(), region: 'us-central1', emulator: FUNCTIONS_EMULATOR },
      MY_CAMPUS_FUNCTION,
    );
    await expect(call({})).rejects.toMatchObject({ code: 'functions/unauthenticated' });
  });

  it("keeps the caller's campus record equal to their entry, and leaving deletes it", async () => {
    const h = harness();
    const { uid, email } = await h.signIn('institutional');
    const record = async () =>
      (await db.fields(`${COLLECTIONS.campusMembers}/${uid}`)) ?? undefined;
    await h.waitlist.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
    await h.repo.mine(uid);
    expect(await record()).toEqual({
      collegeId: { stringValue: 'udg-cucei' },
      verified: { booleanValue: true },
    });
    // A record left stale (a trigger still on its way) is set right by the next read.
    await seed(`${COLLECTIONS.campusMembers}/${uid}`, {
      collegeId: { stringValue: 'itesm-gdl' },
      verified: { booleanValue: false },
    });
    await h.repo.mine(uid);
    expect((await record())?.collegeId).toEqual({ stringValue: 'udg-cucei' });
    await h.auth.deleteAccount();
    expect(await record()).toBeUndefined();
    // The trigger of the entry's deletion, on its way, writes no record back.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await record()).toBeUndefined();
  });

  it('a campus record alone (no entry) is never counted as the caller on the list', async () => {
    const h = harness();
    const { uid } = await h.signIn('institutional');
    await seed(`${COLLECTIONS.campusMembers}/${uid}`, {
      collegeId: { stringValue: 'udg-cucei' },
      verified: { booleanValue: true },
    });
    await expect(h.repo.mine(uid)).rejects.toMatchObject({ code: 'not-found' });
    expect(await db.has(`${COLLECTIONS.campusMembers}/${uid}`)).toBe(false);
  });
});

describeFirestore('get_campus_progress beyond the contract (issue 60)', () => {
  const call = () =>
    callableFunction(
      { app: testApp(), region: 'us-central1', emulator: FUNCTIONS_EMULATOR },
      CAMPUS_PROGRESS_FUNCTION,
    );

  it('answers no campus for anything that is not a college id, without a sign-in', async () => {
    const progress = call();
    for (const data of [
      null,
      {},
      { collegeId: 42 },
      { collegeId: ['udg-cucei'] },
      { collegeId: { id: 'udg-cucei' } },
      { collegeId: 'UDG-CUCEI' },
      { collegeId: 'udg-cucei/x' },
      { collegeId: '../udg-cucei' },
      { collegeId: 'x'.repeat(1500) },
      { collegeId: `pendiente-${'a'.repeat(24)}` },
    ]) {
      expect(await progress(data)).toEqual({ campus: null });
    }
  });

  it("answers an added campus's progress and nothing of a pending one, with exactly the public fields", async () => {
    await db.clear();
    await seed(`${COLLECTIONS.campuses}/un-campus-agregado`, {
      name: { stringValue: 'Universidad Agregada' },
      subname: { stringValue: 'Colima' },
      shortName: { stringValue: 'UA - Colima' },
      pendingId: { stringValue: `pendiente-${'b'.repeat(24)}` },
    });
    const pendingId = `pendiente-${'c'.repeat(24)}`;
    await seed(`${COLLECTIONS.pendingCampuses}/${pendingId}`, {
      name: { stringValue: 'Texto de un estudiante' },
      city: { stringValue: 'Colima' },
    });
    const progress = call();
    expect(await progress({ collegeId: 'un-campus-agregado' })).toEqual({
      campus: {
        collegeId: 'un-campus-agregado',
        verifiedCount: null,
        threshold: 100,
        state: 'gathering',
        opensOn: null,
      },
    });
    expect(await progress({ collegeId: pendingId })).toEqual({ campus: null });
    expect(await progress({ collegeId: 'no-existe' })).toEqual({ campus: null });
  });
});

describeFirestore('Invites contract on Firestore', () => {
  describeInvitesContract('firebase (Functions, Auth and Firestore emulators)', async () => {
    const h = harness();
    return {
      repo: createCallableInvites({
        app: h.app,
        region: 'us-central1',
        emulator: FUNCTIONS_EMULATOR,
      }),
      // Changes of campus a minute apart (issue 59), behind the port.
      waitlist: spacedCollegeChanges(h.waitlist, ageCollegeChange),
      newStudent: (kind) => h.signIn(kind === 'personal' ? 'personal' : 'institutional'),
      signInAs: async (student) => void (await h.signInAs(student.email)),
      verify: async (student) => {
        // What verify_email_code writes: the address and the campus record. The join's trigger
        // may hold these documents in its transaction a moment (the emulator then answers 409):
        // written again, as the Admin SDK retries an aborted transaction.
        const entry = (await db.fields(`${COLLECTIONS.waitlist}/${student.uid}`))!;
        await retryingAborted(() =>
          seed(`${COLLECTIONS.emailVerifications}/${student.uid}`, {
            address: { stringValue: `v-${student.uid.toLowerCase()}@alumnos.udg.mx` },
          }),
        );
        await retryingAborted(() =>
          seed(`${COLLECTIONS.campusMembers}/${student.uid}`, {
            collegeId: entry.collegeId as Record<string, unknown>,
            verified: { booleanValue: true },
          }),
        );
      },
      ageEntry: async (student, ms) => {
        const fields = (await db.fields(`${COLLECTIONS.waitlist}/${student.uid}`))!;
        await db.put(`${COLLECTIONS.waitlist}/${student.uid}`, {
          ...fields,
          timestamp: { timestampValue: new Date(Date.now() - ms).toISOString() },
        });
      },
      ageAccount: (student, ms) => setAccountCreatedAt(student.uid, Date.now() - ms),
      creditedToday: async (inviter, n) => {
        const day = new Date().toISOString().slice(0, 10);
        await db.put(`${COLLECTIONS.inviteDays}/${inviter.uid}__${day}`, {
          inviter: { stringValue: inviter.uid },
          count: { integerValue: String(n) },
        });
      },
    };
  });
});

describeFirestore('invites on Firebase beyond the contract', () => {
  it('leaving deletes the code, the arrival and the credits to the student', async () => {
    const h = harness();
    const inviter = await h.signIn('institutional');
    await h.waitlist.join(inviter.uid, {
      email: inviter.email,
      collegeId: 'udg-cucei',
      timestamp: new Date(),
    });
    const own = createCallableInvites({
      app: h.app,
      region: 'us-central1',
      emulator: FUNCTIONS_EMULATOR,
    });
    const { code } = await own.mine(inviter.uid);
    // A classmate's credit, as accept_invite writes it.
    await seed(`${COLLECTIONS.invites}/companero`, { inviter: { stringValue: inviter.uid } });
    expect(await db.has(`${COLLECTIONS.inviteCodes}/${code}`)).toBe(true);
    await h.auth.deleteAccount();
    for (const path of [
      `${COLLECTIONS.inviteCodes}/${code}`,
      `${COLLECTIONS.inviteOwners}/${inviter.uid}`,
      `${COLLECTIONS.invites}/companero`,
    ]) {
      expect(await db.has(path), path).toBe(false);
    }
  });
});

describeFirestore('costs that do not grow with a loop of calls (issue 59)', () => {
  // Firestore keeps a document's update time when a write leaves its data as it was, so a write
  // that rewrites the same record shows only by what it drops: each record gets a field of its
  // own (`mark`, which the functions never write) that any rewrite of the record would remove.
  const marked = async (uid: string) => {
    const path = `${COLLECTIONS.campusMembers}/${uid}`;
    await db.put(path, { ...(await db.fields(path))!, mark: { stringValue: 'sin reescribir' } });
  };
  const markOf = async (uid: string) =>
    (await db.fields(`${COLLECTIONS.campusMembers}/${uid}`))?.mark;
  /**
   * The update times of the documents that name these ids (other test files write the same
   * collections at the same time: only the test's own students' documents are compared).
   */
  const timesOf = async (ids: readonly string[], ...collections: string[]) =>
    Object.fromEntries(
      Object.entries(await db.updateTimes(...collections)).filter(([path]) =>
        ids.some((id) => path.includes(id)),
      ),
    );
  const WATCHED = [
    COLLECTIONS.waitlist,
    COLLECTIONS.campusMembers,
    COLLECTIONS.emailVerifications,
    COLLECTIONS.verificationCodes,
    COLLECTIONS.inviteOwners,
    COLLECTIONS.inviteCodes,
    COLLECTIONS.invites,
  ];

  it('get_my_campus and get_my_invites called 20 times write nothing; credits still follow a change', async () => {
    const first = harness();
    const inviter = await first.signIn('institutional');
    await first.waitlist.join(inviter.uid, {
      email: inviter.email,
      collegeId: 'udg-cucei',
      timestamp: new Date(),
    });
    const invites = createCallableInvites(first.functions);
    const { code } = await invites.mine(inviter.uid);
    const second = harness();
    const classmate = await second.signIn('institutional');
    await second.waitlist.join(classmate.uid, {
      email: classmate.email,
      collegeId: 'udg-cucei',
      timestamp: new Date(),
    });
    expect(await createCallableInvites(second.functions).accept(classmate.uid, code)).toBe(true);
    // Both campus records made (by the first read, or by the joins' triggers), and the triggers
    // settled.
    expect((await second.repo.mine(classmate.uid)).verified).toBe(true);
    expect((await first.repo.mine(inviter.uid)).verified).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await marked(inviter.uid);
    await marked(classmate.uid);
    const ours = [inviter.uid, classmate.uid, code];
    const before = await timesOf(ours, ...WATCHED);
    expect(before[`${COLLECTIONS.campusMembers}/${classmate.uid}`]).toBeDefined();
    expect(before[`${COLLECTIONS.campusMembers}/${inviter.uid}`]).toBeDefined();
    for (let i = 0; i < 20; i++) {
      expect((await first.repo.mine(inviter.uid)).verified).toBe(true);
      expect((await invites.mine(inviter.uid)).joined).toBe(1);
    }
    // Not one document of theirs written again: the same update times, each record's mark kept.
    expect(await timesOf(ours, ...WATCHED)).toEqual(before);
    expect(await markOf(inviter.uid)).toEqual({ stringValue: 'sin reescribir' });
    expect(await markOf(classmate.uid)).toEqual({ stringValue: 'sin reescribir' });
    // The classmate leaves: the credit goes at once, and the trigger removes their record.
    await second.waitlist.leave(classmate.uid);
    expect((await invites.mine(inviter.uid)).joined).toBe(0);
    await eventually(`${COLLECTIONS.campusMembers}/${classmate.uid}`, false);
    expect((await invites.mine(inviter.uid)).joined).toBe(0);
  }, 60_000);

  it('a stale campus record is written once, by the first call, and not again', async () => {
    const h = harness();
    const { uid, email } = await h.signIn('institutional');
    await h.waitlist.join(uid, { email, collegeId: 'udg-cucei', timestamp: new Date() });
    expect((await h.repo.mine(uid)).verified).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await seed(`${COLLECTIONS.campusMembers}/${uid}`, {
      collegeId: { stringValue: 'udg-cucei' },
      verified: { booleanValue: false },
    });
    const stale = await db.updateTimes(COLLECTIONS.campusMembers);
    expect((await h.repo.mine(uid)).verified).toBe(true);
    const fixed = await db.updateTimes(COLLECTIONS.campusMembers);
    expect(fixed[`${COLLECTIONS.campusMembers}/${uid}`]).not.toBe(
      stale[`${COLLECTIONS.campusMembers}/${uid}`],
    );
    expect(await db.fields(`${COLLECTIONS.campusMembers}/${uid}`)).toMatchObject({
      verified: { booleanValue: true },
    });
    await marked(uid);
    const right = await timesOf([uid], COLLECTIONS.campusMembers);
    for (let i = 0; i < 5; i++) await h.repo.mine(uid);
    expect(await timesOf([uid], COLLECTIONS.campusMembers)).toEqual(right);
    expect(await markOf(uid)).toEqual({ stringValue: 'sin reescribir' });
  });
});

describeFirestore('CampusRequests contract on Firestore', () => {
  describeCampusRequestsContract(
    'firebase (Functions, Auth and Firestore emulators)',
    async () => {
      await db.clear();
      const h = harness();
      const text = (fields: Record<string, unknown>, key: string) =>
        (fields[key] as { stringValue?: string } | undefined)?.stringValue ?? '';
      return {
        repo: createCallableCampusRequests({
          app: h.app,
          region: 'us-central1',
          emulator: FUNCTIONS_EMULATOR,
        }),
        waitlist: h.waitlist,
        signIn: () => h.signIn('institutional'),
        signInAs: async ({ email }) => void (await h.signInAs(email)),
        held: async () => {
          const byKey = new Map<string, { name: string; city: string; requests: number }>();
          const docs = (await db.list('campusRequests')).sort((a, b) =>
            a.createTime.localeCompare(b.createTime),
          );
          for (const { fields } of docs) {
            const key = text(fields, 'key');
            const held = byKey.get(key);
            if (held) held.requests++;
            else
              byKey.set(key, {
                name: text(fields, 'name'),
                city: text(fields, 'city'),
                requests: 1,
              });
          }
          return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
        },
        signInOther: async (kind) => {
          // The app's Auth instance, connected to the emulator by a first Google sign-in.
          await h.signIn('institutional');
          const auth = getAuth(h.app);
          const user =
            kind === 'anonymous'
              ? (await signInAnonymously(auth)).user
              : (
                  await createUserWithEmailAndPassword(
                    auth,
                    `clave${accounts++}@alumnos.udg.mx`,
                    'una-clave-de-prueba',
                  )
                ).user;
          return { uid: user.uid };
        },
      };
    },
    { otherAccounts: true },
  );
});

describeFirestore('EmailVerifications contract on Firestore', () => {
  const secret = /^MAIL_TOKEN_SECRET=(.*)$/m.exec(
    readFileSync('functions/.secret.local', 'utf8'),
  )![1]!;
  // A code's message keeps its recipient key for good (its typed address goes once it is sent).
  const codeMails = async (address: string) => {
    const recipient = await recipientKey(address, secret);
    return (await db.list('mailOutbox'))
      .map((d) => d.fields as Record<string, { stringValue?: string; integerValue?: string }>)
      .filter((f) => f.kind?.stringValue === 'code' && f.recipient?.stringValue === recipient)
      .sort((a, b) => Number(a.expiresAt?.integerValue) - Number(b.expiresAt?.integerValue));
  };
  /** Sets a ledger document to `fields`; the returned function puts it back as it was. */
  const replaced = async (path: string, fields: Fields) => {
    const before = await db.fields(path);
    await db.put(path, fields);
    return async () => {
      if (before) await db.put(path, before);
      else await db.remove(path);
    };
  };
  describeEmailVerificationsContract(
    'firebase (Functions, Auth and Firestore emulators)',
    async () => {
      const h = harness();
      return {
        repo: createCallableEmailVerifications(h.functions),
        // Changes of campus a minute apart (issue 59), behind the port.
        waitlist: spacedCollegeChanges(h.waitlist, ageCollegeChange),
        campusProgress: h.repo,
        newStudent: () => h.signIn('personal'),
        signInAs: async (student) => void (await h.signInAs(student.email)),
        lastCode: async (address) => {
          const nonce = (await codeMails(address)).at(-1)?.nonce?.stringValue;
          return nonce ? codeOfNonce(secret, nonce) : null;
        },
        queued: async (address) => (await codeMails(address)).length,
        expireCode: async (student) => {
          const fields = (await db.fields(`${COLLECTIONS.verificationCodes}/${student.uid}`))!;
          await db.put(`${COLLECTIONS.verificationCodes}/${student.uid}`, {
            ...fields,
            expiresAt: { integerValue: String(Date.now() - 1) },
          });
        },
        // The true count, recounted from the entries and the verifications (the campus records
        // converge on it as their triggers run): distinct addresses of the campus's university.
        verifiedCount: async (collegeId) => {
          const verified = new Map(
            (await db.list('emailVerifications')).map((d) => [
              d.id,
              (d.fields.address as { stringValue?: string }).stringValue ?? '',
            ]),
          );
          const held = new Set(verified.values());
          const counted = new Set<string>();
          for (const d of await db.list('waitlist')) {
            const f = d.fields as Record<string, { stringValue?: string }>;
            if (f.collegeId?.stringValue !== collegeId) continue;
            const byCode = verified.get(d.id);
            const email = (f.email?.stringValue ?? '').toLowerCase();
            if (byCode?.endsWith('@alumnos.udg.mx')) counted.add(byCode);
            else if (email.endsWith('@alumnos.udg.mx') && !held.has(email)) counted.add(email);
          }
          return counted.size;
        },
        reSignIn: async (student) => {
          // As the page's 'Salir de la lista de espera': the entry, then the account.
          await h.waitlist.leave(student.uid);
          await h.auth.deleteAccount();
          return h.signInAs(student.email);
        },
        bounce: async (address, type) => {
          const res = await fetch(BOUNCE_URL, {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${await bounceToken(secret)}`,
              'Content-Type': 'application/json',
            },
            body: JSON.stringify({ type, address }),
          });
          expect(res.status).toBe(204);
        },
        fillCap: async (cap) => {
          const now = Date.now();
          if (cap === 'global') {
            return replaced(`${COLLECTIONS.codeBudget}/${budgetDay(now)}`, {
              count: { integerValue: String(CODE_SEND_LIMITS.globalPerDay) },
            });
          }
          const at = Array.from({ length: CODE_SEND_LIMITS.domainPerHour }, () => ({
            integerValue: String(now),
          }));
          return replaced(`${COLLECTIONS.verificationSends}/domain:${cap.domain}`, {
            at: { arrayValue: { values: at } },
          });
        },
        budgetSpentOn: async () => {
          const told = (await db.list(COLLECTIONS.codeBudget))
            .map((d) => ({
              day: d.id,
              at: (d.fields.spentToldAt as { timestampValue?: string } | undefined)?.timestampValue,
            }))
            .filter((d) => d.at !== undefined)
            .sort((a, b) => Date.parse(a.at!) - Date.parse(b.at!));
          return told.at(-1)?.day ?? null;
        },
        // The identity's ledger (codeIdentities/{identityKey of its Google sub}), moved back, keyed
        // as the function's googleSubOf keys it.
        ageSends: async (student, ms) => {
          const sub = `google:${fakeGoogleSub(student.email)}`;
          const path = `${COLLECTIONS.codeIdentities}/${await identityKey(secret, sub)}`;
          const fields = await db.fields(path);
          const at = (fields?.at as { arrayValue?: { values?: { integerValue: string }[] } })
            ?.arrayValue?.values;
          expect(at?.length ?? 0).toBeGreaterThan(0);
          await db.put(path, {
            ...fields!,
            at: {
              arrayValue: {
                values: at!.map((v) => ({ integerValue: String(Number(v.integerValue) - ms) })),
              },
            },
          });
        },
      };
    },
  );
});

describeFirestore('verification on Firebase beyond the contract (issue 48)', () => {
  const secret = /^MAIL_TOKEN_SECRET=(.*)$/m.exec(
    readFileSync('functions/.secret.local', 'utf8'),
  )![1]!;
  const codeFor = async (uid: string) => {
    const mail = (await db.list('mailOutbox'))
      .map((d) => d.fields as Record<string, { stringValue?: string; integerValue?: string }>)
      .filter((f) => f.kind?.stringValue === 'code' && f.uid?.stringValue === uid)
      .sort((a, b) => Number(a.expiresAt?.integerValue) - Number(b.expiresAt?.integerValue))
      .at(-1);
    return codeOfNonce(secret, mail!.nonce!.stringValue!);
  };

  it('of three accounts asking codes for one address at once, exactly one gets a code, and verifies it (issue 59)', async () => {
    const address = `la.misma.${Date.now()}@alumnos.udg.mx`;
    const students = [];
    for (let i = 0; i < 3; i++) {
      const h = harness();
      const me = await h.signIn('personal');
      await h.waitlist.join(me.uid, {
        email: me.email,
        collegeId: 'udg-cucei',
        timestamp: new Date(),
      });
      students.push({ me, repo: createCallableEmailVerifications(h.functions) });
    }
    // One live code per address across accounts, however the transactions interleave.
    const answers = await Promise.all(
      students.map(({ me, repo }) => repo.sendCode(me.uid, address)),
    );
    const sent = answers.filter((a) => a.outcome === 'sent');
    expect(sent).toHaveLength(1);
    const { expiresAt } = sent[0] as { expiresAt: number };
    expect(answers.filter((a) => a.outcome === 'waiting')).toEqual([
      { outcome: 'waiting', retryAt: expiresAt },
      { outcome: 'waiting', retryAt: expiresAt },
    ]);
    const holder = students[answers.indexOf(sent[0]!)]!;
    expect(await holder.repo.verify(holder.me.uid, await codeFor(holder.me.uid))).toMatchObject({
      outcome: 'verified',
    });
    const holders = (await db.list('emailVerifications')).filter(
      (d) => (d.fields.address as { stringValue?: string }).stringValue === address,
    );
    expect(holders.map((d) => d.id)).toEqual([holder.me.uid]);
  });

  it('an address freed by the account that verified it counts for the student who signs in with it', async () => {
    const address = `libre.${Date.now()}@alumnos.udg.mx`;
    const first = harness();
    const a = await first.signIn('personal');
    await first.waitlist.join(a.uid, {
      email: a.email,
      collegeId: 'udg-cucei',
      timestamp: new Date(),
    });
    const repo = createCallableEmailVerifications(first.functions);
    await repo.sendCode(a.uid, address);
    expect((await repo.verify(a.uid, await codeFor(a.uid))).outcome).toBe('verified');
    const second = harness();
    const b = await second.signInAs(address);
    await second.waitlist.join(b.uid, {
      email: b.email,
      collegeId: 'udg-cucei',
      timestamp: new Date(),
    });
    expect((await second.repo.mine(b.uid)).verified).toBe(false);
    // The first account goes: the address is B's to count with, without B reading anything.
    await first.auth.deleteAccount();
    const member = await db.fields(`${COLLECTIONS.campusMembers}/${b.uid}`);
    expect(member?.verified).toEqual({ booleanValue: true });
  });
});
