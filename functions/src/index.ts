import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import {
  FieldValue,
  type Firestore,
  initializeFirestore,
  Timestamp,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { auth as authV1 } from 'firebase-functions/v1';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { HttpsError, onCall, onRequest } from 'firebase-functions/v2/https';
import {
  campusAnswer,
  type EntryFields,
  MEMBERS_COLLECTION,
  memberOf,
  parseSettings,
  SETTINGS_COLLECTION,
} from './campus';
import { createLogBudget, handleCspReport } from './csp-report';
import {
  FAILURE_REPORT_BUDGET,
  failureCountKey,
  parseFailureReport,
  reportDay,
} from './failure-report';
import {
  allowedOrigins,
  type ConsentedProfile,
  createHeroImagesHandler,
  createPhotoFetcher,
  MAX_APPROVALS_READ,
  MAX_CONSENT_RECORDS,
  readConsented,
} from './hero-images';
import { applyRetention } from './retention';
import {
  accountKey,
  addressKey,
  addressTaken,
  CODES_COLLECTION_V,
  countedAddress,
  domainsOf,
  SENDS_COLLECTION,
  sendsIn,
  VERIFICATIONS_COLLECTION,
} from './verification';
import {
  addressInDomains,
  checkUniversityAddress,
  CODE_TTL_MS,
  codeHash,
  codeOfNonce,
  MAX_CODE_TRIES,
  newNonce,
  parseVerificationCode,
  recentSends,
  SEND_WINDOW_MS,
  sendVerdict,
  tryCode,
} from './mail/email-verification';
import { codeMailId } from './mail/outbox';
import { CAMPUS_LABEL, CAMPUS_NAME } from './mail/campus-label';
import {
  checkedRequest,
  MAX_REQUESTS_PER_STUDENT,
  REQUESTERS_COLLECTION,
  REQUESTS_COLLECTION,
} from './campus-requests';
import { defineSecret } from 'firebase-functions/params';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { deliverOutbox } from './mail/deliver-outbox';
import { type LeaveLinkState, readLeaveToken } from './mail/leave-token';
import { parseMailSettings } from './mail/mail-settings';
import { createSmtpTransport } from './mail/smtp-transport.adapter';
import {
  createFirestoreOutbox,
  forgetPendingMail,
  googleName,
  googleNames,
  stopMail,
  joinedOf,
  OUTBOX_COLLECTION,
  recordOnce,
  STOPS_COLLECTION,
  welcomeOnWrite,
} from './mail-firestore';
import {
  campusLabelOf,
  campusNamesOf,
  pendingCampusOf,
  reachMilestones,
  SELLERS_COLLECTION,
  SOURCES_COLLECTION,
} from './campus-launch';
import { parseVisitSource, SOURCE_WINDOW_MS } from './rules/visit-source';
import {
  CODES_COLLECTION,
  creditDay,
  INVITE_DAYS_COLLECTION,
  INVITES_COLLECTION,
  mayCredit,
  newInviteCode,
  OWNERS_COLLECTION,
  parseInviteCode,
} from './invites';

const app = initializeApp();

/**
 * Firestore, REST instead of gRPC: a faster start for a function making one query. Set up when
 * the module loads, before any function runs: a Firestore trigger's event is decoded with
 * `getFirestore()` before its handler starts, and a later `initializeFirestore()` with other
 * options throws (a cold `on_waitlist_written` failed so on every event until the real Firestore
 * emulator showed it, issue 50). Making the client opens no connection.
 */
const firestore: Firestore = initializeFirestore(app, { preferRest: true });
if (process.env.FIRESTORE_EMULATOR_HOST) {
  // Against an emulator, the REST client still asks Google's auth library for credentials,
  // which a machine without any fails on; the client adds the emulator's `Bearer owner`.
  try {
    firestore.settings({
      authClient: { universeDomain: 'googleapis.com', getRequestHeaders: async () => ({}) },
    });
  } catch {
    // Set already: this module evaluated again in one process (a test reloading it).
  }
}

const emulator = process.env.FUNCTIONS_EMULATOR === 'true';

/**
 * The consent records: `heroConsent/{uid}` = `{ grantedAt, noticeVersion }` (no version from a
 * page before it), present while consent is current.
 */
export const CONSENT_COLLECTION = 'heroConsent';
/** The waitlist entries: `waitlist/{uid}`. */
export const WAITLIST_COLLECTION = 'waitlist';
/** The operator's photo decisions (admin-only): `heroApproval/{uid}` = `{ photoURL, approved, decidedAt }`. */
export const APPROVAL_COLLECTION = 'heroApproval';
/** The operator's kill switch (admin-only): `heroSettings/strip` = `{ enabled }`. */
export const STRIP_SETTINGS = 'heroSettings/strip';

/** The documents `collection/{uid}` of these uids: one `getAll` call. */
function readEach(collection: string, uids: string[]) {
  return firestore.getAll(...uids.map((uid) => firestore.collection(collection).doc(uid)));
}

/**
 * The consent source, in one place: who may appear in the hero strip. The current consent records
 * of the students whose photo the operator approved, oldest first, then, for exactly those, their
 * Auth profiles (one `getUsers` call; the photo of their `google.com` provider entry), their
 * entries and the operator's approvals (one `getAll` each).
 */
function listConsented(limit: number, signal: AbortSignal): Promise<ConsentedProfile[]> {
  return readConsented(
    {
      async listConsentUids(max) {
        // Approved photos first (issue 51): the approvals (ids only), then those students'
        // consent records, oldest consent first. Reading the oldest consents first let twenty
        // early consents without an approval hide every later approved photo.
        const approvals = await firestore
          .collection(APPROVAL_COLLECTION)
          .where('approved', '==', true)
          .limit(MAX_APPROVALS_READ)
          .select()
          .get();
        if (approvals.empty) return [];
        const consents = await firestore.getAll(
          ...approvals.docs.map((doc) => firestore.collection(CONSENT_COLLECTION).doc(doc.id)),
          { fieldMask: ['grantedAt'] },
        );
        const granted = (s: (typeof consents)[number]) =>
          s.get('grantedAt')?.toMillis?.() ?? Number.POSITIVE_INFINITY;
        return consents
          .filter((s) => s.exists)
          .sort((a, b) => granted(a) - granted(b) || a.id.localeCompare(b.id))
          .slice(0, max)
          .map((s) => s.id);
      },
      async getProfiles(uids) {
        const { users } = await getAuth(app).getUsers(uids.map((uid) => ({ uid })));
        return users.map((u) => ({
          uid: u.uid,
          photoURL: u.providerData.find((p) => p.providerId === 'google.com')?.photoURL,
          disabled: u.disabled,
        }));
      },
      async onList(uids) {
        const entries = await readEach(WAITLIST_COLLECTION, uids);
        return new Set(entries.filter((s) => s.exists).map((s) => s.id));
      },
      async approvedPhotos(uids) {
        const snapshots = await readEach(APPROVAL_COLLECTION, uids);
        const approved = new Map<string, string>();
        for (const s of snapshots) {
          const data = s.data();
          if (data?.approved === true && typeof data.photoURL === 'string') {
            approved.set(s.id, data.photoURL);
          }
        }
        return approved;
      },
    },
    { limit, maxRecords: MAX_CONSENT_RECORDS, signal, allowLoopbackHttp: emulator },
  );
}

/** The kill switch: the strip shows nobody while `heroSettings/strip` says `enabled: false`. */
async function stripEnabled(): Promise<boolean> {
  const snapshot = await firestore.doc(STRIP_SETTINGS).get();
  return snapshot.data()?.enabled !== false;
}

const handler = createHeroImagesHandler({
  listConsented,
  stripEnabled,
  fetchImage: createPhotoFetcher({
    // The reason only: a photo's address identifies its student.
    onFailure: (_url, reason) =>
      logger.warn('A hero profile photo could not be downloaded', { reason }),
  }),
  now: Date.now,
  allowLoopbackHttp: emulator,
});

/** The options of the page's callable functions. */
const CALLABLE = {
  region: 'us-central1',
  // Our site only (SITE_ORIGIN, written to functions/.env.<project> by `npm run deploy` from
  // VITE_SITE_URL); loopback origins in the emulator. Loading fails without it.
  cors: allowedOrigins({ siteOrigin: process.env.SITE_ORIGIN, emulator }),
  maxInstances: 5,
  memory: '256MiB',
  timeoutSeconds: 20,
} as const;

/** Spec section 7, call 1: `{ success, profileImages: [{ imageData, photoURL }], fromCache }`. */
export const get_hero_profile_images = onCall(CALLABLE, async () => {
  try {
    return await handler();
  } catch (error) {
    logger.error('get_hero_profile_images failed', error);
    throw new HttpsError('unavailable', 'Hero images are not available right now.');
  }
});

/**
 * The page's CSP violation reports (`report-uri /csp-report`, `report-to csp-endpoint`): a Hosting
 * rewrite sends /csp-report here, so reports stay on the site's origin. Each violation is logged
 * as a warning (Cloud Logging: `CSP violation`); the body is bounded (functions/src/csp-report.ts).
 */
/** This instance's budget of logged violations (a flood of reports is counted, not logged). */
const cspLogBudget = createLogBudget();

export const csp_report = onRequest(
  { region: 'us-central1', cors: false, maxInstances: 2, memory: '128MiB', timeoutSeconds: 10 },
  (req, res) => {
    const { status, violations } = handleCspReport({
      method: req.method,
      contentType: req.get('content-type'),
      rawBody: req.rawBody,
    });
    const { allowed, droppedBefore } = cspLogBudget.take(violations.length);
    if (droppedBefore) {
      logger.warn('CSP violations not logged (over the budget)', { count: droppedBefore });
    }
    for (const violation of violations.slice(0, allowed)) logger.warn('CSP violation', violation);
    res.status(status).end();
  },
);

/** The failure reports' counts (issue 51), one document per UTC day, kind and code. */
export const FAILURE_COUNTS_COLLECTION = 'failureCounts';

/** This instance's budget of counted failure reports (a flood is dropped, as CSP lines are). */
const failureBudget = createLogBudget(Date.now, FAILURE_REPORT_BUDGET);

/**
 * The page's report of a failed sign-in or join (src/domain/failure-report.ts): exactly
 * `{ kind, code }` from the domain's lists, counted under the UTC day in `failureCounts/{key}` for
 * operators (`npm run report -- failures`). Nothing of the student is read or kept; a sign-in is
 * not needed (a sign-in that failed has none).
 */
export const report_failure = onCall(
  { ...CALLABLE, maxInstances: 2, memory: '128MiB', timeoutSeconds: 10 },
  async (request) => {
    const report = parseFailureReport(request.data);
    if (!report) throw new HttpsError('invalid-argument', 'Not a failure report.');
    const { allowed, droppedBefore } = failureBudget.take(1);
    if (droppedBefore) {
      logger.warn('Failure reports not counted (over the budget)', { count: droppedBefore });
    }
    if (!allowed) return null;
    const day = reportDay(new Date());
    await firestore
      .collection(FAILURE_COUNTS_COLLECTION)
      .doc(failureCountKey(day, report))
      .set(
        { day, kind: report.kind, code: report.code, count: FieldValue.increment(1) },
        { merge: true },
      );
    return null;
  },
);

/**
 * Everything kept of one student: the entry, the consent, the operator's decision on their photo,
 * their campus record, their invite code, their arrival, the arrivals credited to them,
 * their campus requests (and their count) and their e-mails.
 * Deleting what is already gone is no error.
 */
async function deleteStudentData(uid: string): Promise<void> {
  const store = firestore;
  const [owner, credited, days, requested, mail, verified] = await Promise.all([
    store.collection(OWNERS_COLLECTION).doc(uid).get(),
    store.collection(INVITES_COLLECTION).where('inviter', '==', uid).select().get(),
    store.collection(INVITE_DAYS_COLLECTION).where('inviter', '==', uid).select().get(),
    store.collection(REQUESTS_COLLECTION).where('uid', '==', uid).select().get(),
    store.collection(OUTBOX_COLLECTION).where('uid', '==', uid).select().get(),
    store.collection(VERIFICATIONS_COLLECTION).doc(uid).get(),
  ]);
  const batch = store.batch();
  for (const collection of [
    WAITLIST_COLLECTION,
    CONSENT_COLLECTION,
    APPROVAL_COLLECTION,
    MEMBERS_COLLECTION,
    OWNERS_COLLECTION,
    INVITES_COLLECTION,
    REQUESTERS_COLLECTION,
    STOPS_COLLECTION,
    VERIFICATIONS_COLLECTION,
    CODES_COLLECTION_V,
    SELLERS_COLLECTION,
    SOURCES_COLLECTION,
  ]) {
    batch.delete(store.collection(collection).doc(uid));
  }
  const code = owner.get('code') as unknown;
  if (typeof code === 'string') batch.delete(store.collection(CODES_COLLECTION).doc(code));
  // Their e-mails too, sent or not: nothing is sent to a student who left (issue 25).
  for (const doc of [...credited.docs, ...days.docs, ...requested.docs, ...mail.docs]) {
    batch.delete(doc.ref);
  }
  await batch.commit();
  const address = verified.get('address') as unknown;
  await reconcileHolders(typeof address === 'string' ? address : null, uid);
}

/** A student removed for good: everything kept of them, then their account (gone is no error). */
async function removeStudent(uid: string): Promise<void> {
  await deleteStudentData(uid);
  await getAuth(app)
    .deleteUser(uid)
    .catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error;
    });
}

/**
 * 'Salir de la lista de espera' (issue 23): deletes the caller's entry, consent and photo decision,
 * then their Auth account. Only the signed-in student's own: the uid is the token's. A retry after
 * a partial failure finishes the job; an account already gone is no error.
 */
export const delete_my_account = onCall(CALLABLE, async (request) => {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError('unauthenticated', 'Sign in to delete your account.');
  try {
    await removeStudent(uid);
    return { deleted: true };
  } catch (error) {
    logger.error('delete_my_account failed', { error: String(error) });
    throw new HttpsError('unavailable', 'The account could not be deleted right now.');
  }
});

/**
 * An account deleted anywhere (the console, an operator's script, the sweep) takes its entry,
 * consent and photo decision with it: nothing of a student outlives their account.
 */
export const on_account_deleted = authV1.user().onDelete((user) => deleteStudentData(user.uid));

/**
 * Retention by itself (issue 51, item 9): daily, the accounts that never joined, idle 30 days,
 * and every student of a campus launched 90 days ago go, with everything kept of them
 * (functions/src/retention.ts; `npm run retention` shows the plan or runs it by hand).
 */
export const apply_retention = onSchedule(
  { schedule: 'every day 03:17', timeZone: 'UTC', region: 'us-central1', timeoutSeconds: 540 },
  async () => {
    const plan = await applyRetention(firestore, getAuth(app), {
      dryRun: false,
      remove: removeStudent,
    });
    logger.info('apply_retention', {
      idle: plan.idle.length,
      launched: plan.launched.length,
      campuses: plan.campuses,
    });
  },
);

/**
 * Sets the student's campus record (`campusMembers/{uid}`, functions/src/campus.ts) to what their
 * entry says now, in a transaction: any number of calls, in any order, leave it equal to the entry.
 */
async function reconcileMember(
  uid: string,
): Promise<{ email: unknown; collegeId: string; verified: boolean } | null> {
  const store = firestore;
  const entryRef = store.collection(WAITLIST_COLLECTION).doc(uid);
  const memberRef = store.collection(MEMBERS_COLLECTION).doc(uid);
  const verifiedRef = store.collection(VERIFICATIONS_COLLECTION).doc(uid);
  const codeRef = store.collection(CODES_COLLECTION_V).doc(uid);
  let released: string | null = null;
  const reconciled = await store.runTransaction(async (tx) => {
    released = null;
    const entry = (await tx.get(entryRef)).data() as EntryFields | undefined;
    const verification = (await tx.get(verifiedRef)).data() as { address?: unknown } | undefined;
    const held = typeof verification?.address === 'string' ? verification.address : null;
    const base = memberOf(entry ?? null);
    const address = await countedAddress(store, tx, uid, entry, verification);
    if (!base) {
      // Leaving deletes the verified address and any code with the entry (issue 48).
      tx.delete(memberRef);
      tx.delete(verifiedRef);
      tx.delete(codeRef);
      released = held;
      return null;
    }
    // A change of campus keeps the verified address only when it is of the new campus's
    // university (issue 48).
    if (held && !addressInDomains(held, domainsOf(base.collegeId))) {
      tx.delete(verifiedRef);
      released = held;
    }
    const member = { collegeId: base.collegeId, verified: address !== null };
    tx.set(memberRef, member);
    return { email: entry?.email, ...member };
  });
  await reconcileHolders(released, uid);
  return reconciled;
}

/**
 * An address a student no longer holds (they left, or moved to another university) may count for
 * a student who signs in with it: their campus records are reconciled (issue 48).
 */
async function reconcileHolders(address: string | null, except: string): Promise<void> {
  if (!address) return;
  const holders = await firestore
    .collection(WAITLIST_COLLECTION)
    .where('email', '==', address)
    .select()
    .get();
  await Promise.all(holders.docs.filter((d) => d.id !== except).map((d) => reconcileMember(d.id)));
}

/**
 * Every write of an entry (join, change of campus, leave) updates the student's campus record;
 * a new entry records its welcome e-mail (issue 25), once: a delivery of this trigger again finds
 * the message recorded and writes nothing. A deleted entry's unsent messages are forgotten (issue
 * 51); how many welcomes one mailbox gets is the sender's rule (recipient-limits.ts).
 */
export const on_waitlist_written = onDocumentWritten(
  { document: `${WAITLIST_COLLECTION}/{uid}`, region: 'us-central1', retry: true },
  async (event) => {
    const uid = event.params.uid;
    await reconcileMember(uid);
    const after = event.data?.after.data();
    // The campuses whose count this write moved may have reached a milestone (issue 49).
    const campuses = new Set(
      [event.data?.before.data()?.collegeId, after?.collegeId].filter(
        (id): id is string => typeof id === 'string',
      ),
    );
    for (const collegeId of campuses) await milestonesOf(collegeId);
    if (!after) {
      // Deleted by its student (who may make it again): what was not sent yet is forgotten, and
      // the seller choice and the source go with the entry (issue 49).
      const joined = joinedOf(event.data?.before.data());
      if (joined !== null) await forgetPendingMail(firestore, uid, joined);
      await Promise.all(
        [SELLERS_COLLECTION, SOURCES_COLLECTION].map((c) =>
          firestore.collection(c).doc(uid).delete(),
        ),
      );
      return;
    }
    if (!welcomeOnWrite(uid, event.data?.before.data(), after, '')) return;
    const name = await getAuth(app)
      .getUser(uid)
      .then((user) => googleName(user))
      .catch(() => '');
    const welcome = welcomeOnWrite(uid, event.data?.before.data(), after, name)!;
    await recordOnce(firestore, welcome.id, welcome.record);
  },
);

/** The milestones a campus's true count reaches now (issue 49; functions/src/campus-launch.ts). */
async function milestonesOf(collegeId: string): Promise<number> {
  return reachMilestones(
    firestore,
    collegeId,
    async () =>
      (
        await firestore
          .collection(MEMBERS_COLLECTION)
          .where('collegeId', '==', collegeId)
          .where('verified', '==', true)
          .count()
          .get()
      ).data().count,
    (uids) => googleNames(getAuth(app), uids),
  );
}

/** A campus's threshold set by operators (`npm run campus -- set`) may reach a milestone too. */
export const on_campus_settings_written = onDocumentWritten(
  { document: `${SETTINGS_COLLECTION}/{collegeId}`, region: 'us-central1', retry: true },
  async (event) => {
    await milestonesOf(event.params.collegeId);
  },
);

/**
 * Where the caller came from (issue 49): the visit's clamped `utm_*` values, written once
 * (`joinSources/{uid}`, admin-only) while their entry is at most a day old. `{ recorded }`: false
 * when one was there, or the caller is not on the list or joined longer ago.
 */
export const record_join_source = onCall(CALLABLE, async (request) => {
  const uid = caller(request);
  const source = parseVisitSource((request.data as { source?: unknown } | null)?.source);
  if (!source) throw new HttpsError('invalid-argument', 'Not a clamped source.');
  try {
    const entryRef = firestore.collection(WAITLIST_COLLECTION).doc(uid);
    const ref = firestore.collection(SOURCES_COLLECTION).doc(uid);
    const recorded = await firestore.runTransaction(async (tx) => {
      const [entry, held] = await tx.getAll(entryRef, ref);
      const joined = joinedOf(entry!.data());
      if (held!.exists || joined === null || Date.now() - joined > SOURCE_WINDOW_MS) return false;
      tx.create(ref, { ...source, at: FieldValue.serverTimestamp() });
      return true;
    });
    return { recorded };
  } catch (error) {
    logger.error('record_join_source failed', { error: String(error) });
    throw new HttpsError('unavailable', 'The source could not be recorded right now.');
  }
});

/**
 * The caller's campus (issue 28): its verified students (floored), the operators' settings, and
 * whether the caller's e-mail verifies them. Reconciles the caller's own record first, so a
 * trigger still on its way never shows them a stale campus.
 */
export const get_my_campus = onCall(CALLABLE, async (request) => {
  const uid = caller(request);
  try {
    const mine = await reconcileMember(uid);
    if (!mine) throw new HttpsError('not-found', 'No waitlist entry.');
    // By the sign-in address or by a code (issue 48); named as held here (issue 49).
    const names = await campusNamesOf(firestore, mine.collegeId);
    return {
      ...(await campusProgressOf(mine.collegeId)),
      verified: mine.verified,
      ...(names ?? {}),
    };
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    logger.error('get_my_campus failed', { error: String(error) });
    throw new HttpsError('unavailable', 'The campus could not be read right now.');
  }
});

/** The callable's caller, refusing another uid asked for (`{ uid }`, as the page sends it). */
function caller(request: { auth?: { uid: string }; data: unknown }): string {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError('unauthenticated', 'Sign in first.');
  const asked = (request.data as { uid?: unknown } | null)?.uid;
  if (asked !== undefined && asked !== uid) {
    throw new HttpsError('permission-denied', "Another student's data is not the caller's.");
  }
  return uid;
}

/**
 * The caller's invite code (made at random on the first call, unique) and how many classmates
 * joined with it (issue 28). Needs an entry: `not-found` otherwise.
 */
export const get_my_invites = onCall(CALLABLE, async (request) => {
  const uid = caller(request);
  try {
    const store = firestore;
    let campus: unknown = null;
    const code = await store.runTransaction(async (tx) => {
      const [entry, owner] = await Promise.all([
        tx.get(store.collection(WAITLIST_COLLECTION).doc(uid)),
        tx.get(store.collection(OWNERS_COLLECTION).doc(uid)),
      ]);
      if (!entry.exists) return null;
      campus = entry.get('collegeId');
      const held = parseInviteCode(owner.get('code'));
      if (held) return held;
      for (;;) {
        const drawn = newInviteCode();
        const taken = await tx.get(store.collection(CODES_COLLECTION).doc(drawn));
        if (taken.exists) continue;
        tx.create(store.collection(CODES_COLLECTION).doc(drawn), { uid });
        tx.set(store.collection(OWNERS_COLLECTION).doc(uid), { code: drawn });
        return drawn;
      }
    });
    if (!code) throw new HttpsError('not-found', 'No waitlist entry.');
    // Classmates credited to the caller who count now (issue 48, inviteCounts): on the list at
    // the caller's campus and verified for it, as their campus records say.
    const credited = await store
      .collection(INVITES_COLLECTION)
      .where('inviter', '==', uid)
      .select()
      .get();
    // Each record reconciled first (as get_my_campus does the caller's): a trigger still on its
    // way never shows a stale count.
    const members = await Promise.all(credited.docs.map((d) => reconcileMember(d.id)));
    const joined = members.filter((m) => m !== null && m.collegeId === campus && m.verified).length;
    return { code, joined };
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    logger.error('get_my_invites failed', { error: String(error) });
    throw new HttpsError('unavailable', 'The invites could not be read right now.');
  }
});

/**
 * Credits the caller's arrival to the code's owner, once per account (issue 28): `{ credited }`,
 * false for a caller without an entry, an unknown or malformed code, their own code, or an account
 * already credited (nothing is written).
 */
export const accept_invite = onCall(CALLABLE, async (request) => {
  const uid = caller(request);
  const code = parseInviteCode((request.data as { code?: unknown } | null)?.code);
  if (!code) return { credited: false };
  try {
    // When this backend first saw the account (issue 51): an old account that leaves the list and
    // joins again is no new arrival. An account gone meanwhile is no arrival (NaN: never
    // credited); any other failure is the outer 'unavailable', and the page keeps the code.
    const account = await getAuth(app)
      .getUser(uid)
      .catch((error: unknown) => {
        if ((error as { code?: unknown } | null)?.code === 'auth/user-not-found') return null;
        throw error;
      });
    const accountCreatedAt = Date.parse(account?.metadata.creationTime ?? '');
    const store = firestore;
    const credited = await store.runTransaction(async (tx) => {
      const [entry, owner, arrival] = await Promise.all([
        tx.get(store.collection(WAITLIST_COLLECTION).doc(uid)),
        tx.get(store.collection(CODES_COLLECTION).doc(code)),
        tx.get(store.collection(INVITES_COLLECTION).doc(uid)),
      ]);
      const inviter = owner.get('uid') as unknown;
      if (!entry.exists || typeof inviter !== 'string' || inviter === uid || arrival.exists) {
        return false;
      }
      // Joined, with an account made, within a day, and under the inviter's cap for today (issue
      // 51): the day's counter is read and written in this transaction, so parallel credits
      // cannot pass it.
      const now = Date.now();
      const dayRef = store.collection(INVITE_DAYS_COLLECTION).doc(`${inviter}__${creditDay(now)}`);
      const day = await tx.get(dayRef);
      const inviterCreditsToday = Number(day.get('count')) || 0;
      const joinedAt = joinedOf(entry.data()) ?? Number.NaN;
      if (!mayCredit({ joinedAt, accountCreatedAt, now, inviterCreditsToday })) return false;
      tx.create(store.collection(INVITES_COLLECTION).doc(uid), {
        inviter,
        at: FieldValue.serverTimestamp(),
      });
      tx.set(dayRef, { inviter, count: inviterCreditsToday + 1 });
      return true;
    });
    return { credited };
  } catch (error) {
    logger.error('accept_invite failed', { error: String(error) });
    throw new HttpsError('unavailable', 'The invite could not be recorded right now.');
  }
});

/**
 * 'Mi campus no aparece' (issue 28): records the caller's request for a campus the catalogue
 * lacks, once per requested campus, at most MAX_REQUESTS_PER_STUDENT campuses per student. Only a
 * student signed in with Google, their address verified (issue 51: not an anonymous or a
 * password account, as the waitlist's rules); the cap held in one transaction over the student's
 * counter, so parallel calls cannot pass it.
 */
export const request_campus = onCall(CALLABLE, async (request) => {
  const uid = caller(request);
  const token = request.auth?.token as
    { email_verified?: unknown; firebase?: { sign_in_provider?: unknown } } | undefined;
  if (token?.firebase?.sign_in_provider !== 'google.com' || token.email_verified !== true) {
    throw new HttpsError('permission-denied', 'Sign in with Google to request a campus.');
  }
  const checked = checkedRequest(uid, request.data);
  if (!checked) throw new HttpsError('invalid-argument', 'Not a campus request.');
  try {
    const store = firestore;
    const ref = store.collection(REQUESTS_COLLECTION).doc(checked.id);
    const counter = store.collection(REQUESTERS_COLLECTION).doc(uid);
    const answer = await store.runTransaction(async (tx) => {
      const [held, mine] = await tx.getAll(ref, counter);
      // The campus the student may join now (issue 49): pending, or added since.
      const campus = await pendingCampusOf(store, tx, checked);
      const { write, ...joinable } = campus;
      if (held!.exists) return joinable; // a repeat counts once
      // The counter, or (its first use) the student's requests counted.
      const count = mine!.exists
        ? Number(mine!.get('count')) || 0
        : (await tx.get(store.collection(REQUESTS_COLLECTION).where('uid', '==', uid))).size;
      if (count >= MAX_REQUESTS_PER_STUDENT) {
        throw new HttpsError('resource-exhausted', 'Too many campus requests.');
      }
      tx.create(ref, {
        uid,
        key: checked.key,
        name: checked.name,
        city: checked.city,
        at: FieldValue.serverTimestamp(),
      });
      tx.set(counter, { count: count + 1 });
      write();
      return joinable;
    });
    return answer;
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    logger.error('request_campus failed', { error: String(error) });
    throw new HttpsError('unavailable', 'The request could not be recorded right now.');
  }
});

// ------------------------------------------------------------------------------------------------
// E-mails (issue 25): the sender, the leave link of every message, and its one-click endpoint.
// ------------------------------------------------------------------------------------------------

/** Server-side secrets (Secret Manager; functions/.secret.local in the emulator). */
const MAIL_TOKEN_SECRET = defineSecret('MAIL_TOKEN_SECRET');
const SMTP_URL = defineSecret('SMTP_URL');
const MAIL_FROM = defineSecret('MAIL_FROM');

/**
 * A campus's progress as the page may show it: its verified count (the campus records) and the
 * operators' settings, floored (`campusAnswer` with no student).
 */
async function campusProgressOf(collegeId: string) {
  const store = firestore;
  const [counted, settings] = await Promise.all([
    store
      .collection(MEMBERS_COLLECTION)
      .where('collegeId', '==', collegeId)
      .where('verified', '==', true)
      .count()
      .get(),
    store.collection(SETTINGS_COLLECTION).doc(collegeId).get(),
  ]);
  return campusAnswer(collegeId, null, counted.data().count, parseSettings(settings.data()));
}

/** The welcome's campus progress (floored as the page shows it) and the invite code, when known. */
async function welcomeExtras({ uid, collegeId }: { uid: string; collegeId: string }) {
  const [owner, answer] = await Promise.all([
    firestore.collection(OWNERS_COLLECTION).doc(uid).get(),
    campusProgressOf(collegeId),
  ]);
  return {
    inviteCode: parseInviteCode(owner.get('code')),
    progress: { verified: answer.verifiedCount, threshold: answer.threshold },
  };
}

/** Sends what is due, once: the scheduled sender and the tests call it. */
export async function sendDueMail(env: Record<string, string | undefined>) {
  const parsed = parseMailSettings(env);
  if (!parsed.ok) throw new Error(`Mail settings: ${parsed.problems.join('; ')}`);
  const transport = createSmtpTransport({ url: parsed.settings.smtpUrl });
  try {
    return await deliverOutbox({
      outbox: createFirestoreOutbox(firestore, welcomeExtras, (id) => campusLabelOf(firestore, id)),
      transport,
      secret: env.MAIL_TOKEN_SECRET ?? '',
      from: parsed.settings.from,
      siteUrl: parsed.settings.siteUrl,
      oneClickUrl: (token) =>
        `${parsed.settings.siteUrl}/api/salir?token=${encodeURIComponent(token)}`,
      concurrency: 8,
      batch: 100,
    });
  } finally {
    transport.close();
  }
}

/**
 * The sender: every minute, what is due (welcomes, launches recorded by `npm run notify:campus`,
 * retries). A run that fails leaves every message pending for the next one.
 */
export const send_mail = onSchedule(
  {
    schedule: 'every 1 minutes',
    region: 'us-central1',
    secrets: [MAIL_TOKEN_SECRET, SMTP_URL, MAIL_FROM],
    timeoutSeconds: 540,
    memory: '512MiB',
    maxInstances: 1,
  },
  async () => {
    const report = await sendDueMail({
      SMTP_URL: SMTP_URL.value(),
      MAIL_FROM: MAIL_FROM.value(),
      MAIL_TOKEN_SECRET: MAIL_TOKEN_SECRET.value(),
      SITE_URL: process.env.SITE_ORIGIN,
    });
    // What a run did, when it did anything: skipped and deferred messages are the recipient
    // rules at work (issue 51), named in each message's `error` too.
    if (Object.values(report).some((v) => v === true || (typeof v === 'number' && v > 0))) {
      logger.info('send_mail', report);
    }
  },
);

/**
 * What a leave link does (`leave: false`: only says), for the token's student and only while
 * their entry is the one it names: the entry goes first, in a transaction, so of two uses at once
 * one leaves; then everything else of theirs and their account.
 */
async function leaveLink(token: unknown, leave: boolean): Promise<LeaveLinkState> {
  const reading = await readLeaveToken(token, MAIL_TOKEN_SECRET.value(), new Date());
  if (!reading.ok) {
    // An expired link of ours: too old to delete anything, it still stops the e-mails (issue 51).
    if (leave && reading.fault === 'expired' && reading.claims) {
      return (await stopMail(firestore, reading.claims.uid, reading.claims.joined))
        ? 'stopped'
        : 'expired';
    }
    return reading.fault;
  }
  const { uid, joined } = reading.claims;
  const store = firestore;
  const entryRef = store.collection(WAITLIST_COLLECTION).doc(uid);
  const state = await store.runTransaction(async (tx) => {
    const entry = await tx.get(entryRef);
    if (!entry.exists || joinedOf(entry.data()) !== joined) return 'used' as const;
    if (!leave) return 'valid' as const;
    tx.delete(entryRef);
    return 'left' as const;
  });
  if (state !== 'left') return state;
  await removeStudent(uid);
  return 'left';
}

const LEAVE_LINK_CALLABLE = { ...CALLABLE, secrets: [MAIL_TOKEN_SECRET] };

/** The /salir page's check: `{ state }`, without a sign-in (the token is the key). */
export const check_leave_link = onCall(LEAVE_LINK_CALLABLE, async (request) => {
  try {
    return { state: await leaveLink((request.data as { token?: unknown } | null)?.token, false) };
  } catch (error) {
    logger.error('check_leave_link failed', { error: String(error) });
    throw new HttpsError('unavailable', 'The link could not be checked right now.');
  }
});

/** The /salir page's leave, once the student confirmed: `{ state }`, without a sign-in. */
export const leave_by_link = onCall(LEAVE_LINK_CALLABLE, async (request) => {
  try {
    return { state: await leaveLink((request.data as { token?: unknown } | null)?.token, true) };
  } catch (error) {
    logger.error('leave_by_link failed', { error: String(error) });
    throw new HttpsError('unavailable', 'The student could not be removed right now.');
  }
});

/**
 * The List-Unsubscribe address (RFC 8058), at /api/salir on the site (firebase.json): a mail
 * provider's POST `List-Unsubscribe=One-Click` leaves; a person who opens it is sent to the page,
 * which asks first. A bad token deletes nothing.
 */
export const salir = onRequest(
  { region: 'us-central1', secrets: [MAIL_TOKEN_SECRET], maxInstances: 5, memory: '256MiB' },
  async (request, response) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    if (request.method === 'GET' || request.method === 'HEAD') {
      response.redirect(303, `/salir?token=${encodeURIComponent(token)}`);
      return;
    }
    if (request.method !== 'POST') {
      response.set('Allow', 'GET, HEAD, POST').status(405).end();
      return;
    }
    const body: unknown = request.body;
    const oneClick =
      (typeof body === 'object' &&
        body !== null &&
        (body as Record<string, unknown>)['List-Unsubscribe']) ||
      new URLSearchParams(typeof body === 'string' ? body : String(request.rawBody ?? '')).get(
        'List-Unsubscribe',
      );
    response.type('text/plain; charset=utf-8');
    if (oneClick !== 'One-Click') {
      response.status(400).send('Expected List-Unsubscribe=One-Click (RFC 8058).');
      return;
    }
    try {
      const state = await leaveLink(token, true);
      if (state === 'stopped') {
        response.status(200).send('Ya no te enviaremos correos.');
      } else if (state === 'left' || state === 'used') {
        response.status(200).send('Saliste de la lista de espera.');
      } else {
        response.status(400).send('Este enlace no es válido o ya venció. No borramos nada.');
      }
    } catch (error) {
      logger.error('salir failed', { error: String(error) });
      response
        .status(503)
        .send('No pudimos sacarte de la lista de espera. Por favor intenta nuevamente.');
    }
  },
);

// ------------------------------------------------------------------------------------------------
// Issue 48: a university address verified by a code; an invite's public preview.
// ------------------------------------------------------------------------------------------------

const VERIFY_CALLABLE = { ...CALLABLE, secrets: [MAIL_TOKEN_SECRET] };

/** The code the caller may still enter: `{ pending: { address, expiresAt } | null }`. */
export const get_pending_code = onCall(CALLABLE, async (request) => {
  const uid = caller(request);
  const held = await firestore.collection(CODES_COLLECTION_V).doc(uid).get();
  const expiresAt = Number(held.get('expiresAt'));
  const tries = Number(held.get('tries'));
  const address = held.get('address') as unknown;
  return {
    pending:
      held.exists && typeof address === 'string' && expiresAt > Date.now() && tries < MAX_CODE_TRIES
        ? { address, expiresAt }
        : null,
  };
});

/** Asks for a code to a university address: `{ outcome, … }` (src/domain/email-verification.ts). */
export const send_verification_code = onCall(VERIFY_CALLABLE, async (request) => {
  const uid = caller(request);
  const typed = (request.data as { address?: unknown } | null)?.address;
  const secret = MAIL_TOKEN_SECRET.value();
  const nonce = newNonce();
  const hash = await codeHash(secret, uid, await codeOfNonce(secret, nonce));
  const store = firestore;
  try {
    return await store.runTransaction(async (tx) => {
      const entrySnap = await tx.get(store.collection(WAITLIST_COLLECTION).doc(uid));
      const entry = entrySnap.data() as EntryFields | undefined;
      if (!entry || typeof entry.collegeId !== 'string') {
        throw new HttpsError('not-found', 'No waitlist entry.');
      }
      const checked = checkUniversityAddress(typed, domainsOf(entry.collegeId));
      if (!checked.ok) return { outcome: checked.refusal };
      const { address } = checked;
      const verification = (
        await tx.get(store.collection(VERIFICATIONS_COLLECTION).doc(uid))
      ).data() as { address?: unknown } | undefined;
      if ((await countedAddress(store, tx, uid, entry, verification)) !== null) {
        return { outcome: 'verified' };
      }
      if (await addressTaken(store, tx, uid, address)) return { outcome: 'taken' };
      const now = Date.now();
      const accountRef = store.collection(SENDS_COLLECTION).doc(accountKey(uid));
      const addressRef = store.collection(SENDS_COLLECTION).doc(addressKey(address));
      const [accountDoc, addressDoc] = await tx.getAll(accountRef, addressRef);
      const accountSends = recentSends(sendsIn(accountDoc!.get('at')), now);
      const addressSends = recentSends(sendsIn(addressDoc!.get('at')), now);
      const verdict = sendVerdict({ now, accountSends, addressSends });
      if (!verdict.ok) return { outcome: 'limited', retryAt: verdict.retryAt };
      const expiresAt = now + CODE_TTL_MS;
      // expireAt: a TTL policy deletes what no rule reads any more (docs/deploy-firebase.md).
      const hourOn = Timestamp.fromMillis(now + SEND_WINDOW_MS);
      tx.set(store.collection(CODES_COLLECTION_V).doc(uid), {
        address,
        hash,
        expiresAt,
        tries: 0,
        expireAt: hourOn,
      });
      tx.set(accountRef, { at: [...accountSends, now], expireAt: hourOn });
      tx.set(addressRef, { at: [...addressSends, now], expireAt: hourOn });
      tx.create(store.collection(OUTBOX_COLLECTION).doc(codeMailId(uid, nonce)), {
        kind: 'code',
        uid,
        joined: joinedOf(entry as { timestamp?: unknown }) ?? now,
        collegeId: entry.collegeId,
        to: address,
        name: '',
        nonce,
        expiresAt,
        status: 'pending',
        attempts: 0,
        pendingDue: now,
        createdAt: FieldValue.serverTimestamp(),
      });
      return { outcome: 'sent', address, expiresAt };
    });
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    logger.error('send_verification_code failed', { error: String(error) });
    throw new HttpsError('unavailable', 'The code could not be sent right now.');
  }
});

/** Enters a code: `{ outcome, … }` (src/domain/email-verification.ts). */
export const verify_email_code = onCall(VERIFY_CALLABLE, async (request) => {
  const uid = caller(request);
  const code = parseVerificationCode((request.data as { code?: unknown } | null)?.code);
  const secret = MAIL_TOKEN_SECRET.value();
  const typedHash = code ? await codeHash(secret, uid, code) : null;
  const store = firestore;
  const entryRef = store.collection(WAITLIST_COLLECTION).doc(uid);
  const verifiedRef = store.collection(VERIFICATIONS_COLLECTION).doc(uid);
  const codeRef = store.collection(CODES_COLLECTION_V).doc(uid);
  try {
    const answer = await store.runTransaction(async (tx) => {
      const [entrySnap, verifiedSnap, codeSnap] = await tx.getAll(entryRef, verifiedRef, codeRef);
      const entry = entrySnap!.data() as EntryFields | undefined;
      if (!entry || typeof entry.collegeId !== 'string') {
        throw new HttpsError('not-found', 'No waitlist entry.');
      }
      const verification = verifiedSnap!.data() as { address?: unknown } | undefined;
      const counted = await countedAddress(store, tx, uid, entry, verification);
      if (counted !== null) return { outcome: 'verified', address: counted };
      const stored = codeSnap!.data() as
        { address?: unknown; hash?: unknown; expiresAt?: unknown; tries?: unknown } | undefined;
      const record =
        stored &&
        typeof stored.address === 'string' &&
        typeof stored.hash === 'string' &&
        addressInDomains(stored.address, domainsOf(entry.collegeId))
          ? {
              address: stored.address,
              hash: stored.hash,
              expiresAt: Number(stored.expiresAt) || 0,
              tries: Number(stored.tries) || 0,
            }
          : null;
      const tried = tryCode(record, Date.now(), typedHash !== null && record?.hash === typedHash);
      if (tried.result.outcome !== 'verified') {
        if (tried.record) tx.update(codeRef, { tries: tried.record.tries });
        else if (codeSnap!.exists) tx.delete(codeRef);
        return tried.result;
      }
      const { address } = tried.result;
      if (await addressTaken(store, tx, uid, address)) {
        tx.delete(codeRef);
        return { outcome: 'none' };
      }
      tx.delete(codeRef);
      tx.set(verifiedRef, { address, at: FieldValue.serverTimestamp() });
      tx.set(store.collection(MEMBERS_COLLECTION).doc(uid), {
        collegeId: entry.collegeId,
        verified: true,
      });
      return { ...tried.result, collegeId: entry.collegeId };
    });
    // One more verified student: the campus may reach a milestone (issue 49).
    if ('collegeId' in answer) {
      const { collegeId, ...result } = answer;
      await milestonesOf(collegeId);
      return result;
    }
    return answer;
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    logger.error('verify_email_code failed', { error: String(error) });
    throw new HttpsError('unavailable', 'The code could not be checked right now.');
  }
});

/**
 * An invite's preview, for anyone (issue 48): the campus of the code's student and its floored
 * progress, `{ campus }` (null for an unknown or malformed code). Nothing of the student.
 */
export const preview_invite = onCall(CALLABLE, async (request) => {
  const code = parseInviteCode((request.data as { code?: unknown } | null)?.code);
  if (!code) return { campus: null };
  try {
    const store = firestore;
    const owner = await store.collection(CODES_COLLECTION).doc(code).get();
    const uid = owner.get('uid') as unknown;
    if (typeof uid !== 'string') return { campus: null };
    const entry = await store.collection(WAITLIST_COLLECTION).doc(uid).get();
    const collegeId = entry.get('collegeId') as unknown;
    if (typeof collegeId !== 'string' || !Object.hasOwn(CAMPUS_LABEL, collegeId)) {
      return { campus: null };
    }
    const answer = await campusProgressOf(collegeId);
    const [name, subname] = CAMPUS_NAME[collegeId] ?? [collegeId, ''];
    return {
      campus: {
        collegeId,
        name,
        subname,
        shortName: CAMPUS_LABEL[collegeId],
        verifiedCount: answer.verifiedCount,
        threshold: answer.threshold,
        state: answer.state,
        opensOn: answer.opensOn,
      },
    };
  } catch (error) {
    logger.error('preview_invite failed', { error: String(error) });
    throw new HttpsError('unavailable', 'The invite could not be read right now.');
  }
});
