/**
 * The operator console on Firebase (issue 61): one callable, `operator_console`, answering
 * `{ op, ...arguments }` for the page's OperatorConsole port
 * (src/adapters/firebase/firebase-operator-console.adapter.ts), and the scheduled
 * `run_due_launches`.
 *
 * One callable rather than one per operation: the role is checked once, first, before the payload
 * is read (`operatorOf`: the `operator: true` custom claim, granted by `npm run operator -- grant`;
 * a student or an anonymous caller is refused `permission-denied` whatever they send), and one
 * deployed function keeps its instances warm for the console's many small calls.
 *
 * Every action writes its entry of the operators' log (operator-log.ts) in its own transaction or
 * batch, a refused attempt included (an invalid settings change writes nothing: it is refused
 * before). Records (admin-only, closed to every client by firestore.rules, operators included):
 *
 * - `campusLaunches/{collegeId}` = `{ state, at, by, students }`: the one launch of a campus,
 *   created in a transaction (a second or concurrent launch is refused 'already'): 'scheduled'
 *   (at a Mexico City time, cancellable until then: cancelling deletes it), 'running' (its e-mails
 *   being recorded through the outbox, `launchMailId` ids: a rerun records none twice), 'launched'.
 * - `campusAdds/{pendingId}` = `{ collegeId, by, at }`: the claim of a console's add, so that two
 *   operators adding one request at once make one add (both logged).
 * - The campuses view reads the counters kept on write (campus-counters.ts), never the students.
 */
import { type DocumentData, type Firestore, Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { addCampus, CampusAddError, queueLaunch } from './campus-launch';
import { tallyStudent } from './campus-counters';
import { ALGOLIA_ADMIN_KEY, indexCampus } from './campus-index';
import { campusLabelOf, isListedCampus, reconcileMember } from './campus-progress';
import { CAMPUS_LABEL } from './mirror/data/campus-label';
import {
  COLLECTIONS,
  ENTRY_FIELDS,
  HERO_STRIP_DOC,
} from './mirror/adapters/firebase/firestore-names';
import { parseSettings } from './mirror/domain/campus-progress';
import { isPendingCampusId } from './mirror/domain/campus-request-rule';
import { isCollegeId } from './mirror/domain/college';
import { outgoingMail } from './mirror/domain/mail/deliver-outbox';
import { launchMailId } from './mirror/domain/mail/outbox';
import { checkAddCampus } from './mirror/domain/operator/add-campus';
import { parseAuditEntry } from './mirror/domain/operator/audit-log';
import { checkSettings, type ConsoleSettings } from './mirror/domain/operator/console-settings';
import {
  confirmsLaunch,
  launchTime,
  type LaunchStatus,
} from './mirror/domain/operator/launch-plan';
import {
  DEFAULT_SELLER_MINIMUM,
  isSellerMinimum,
  readiness,
} from './mirror/domain/operator/readiness';
import { SELLER_CATEGORIES } from './mirror/domain/seller-choice';
import { logAlone, logIn, type LogLine } from './operator-log';
import {
  adminAuth,
  CALLABLE,
  db,
  field,
  joinedOf,
  MAIL_FROM,
  MAIL_TOKEN_SECRET,
  unavailable,
} from './platform';
import { heroQueue } from './hero-images';
import { googleAccounts, googleNames, KEYED_BY_UID, removeStudent } from './students';

/** A launch left 'running' this long (its call stopped halfway) is finished by the schedule. */
const STALE_RUN_MS = 10 * 60_000;

/** A refusal: its name as the message and, for the page's adapter, as `details.problem`. */
const invalid = (problem: string) => new HttpsError('invalid-argument', problem, { problem });

/**
 * The role guard, first: the caller's e-mail when their token carries `operator: true` and their
 * account still does (a revoke, `npm run operator -- revoke`, refuses the next call, not an hour
 * later when the token expires), else `permission-denied` (no sign-in, a student, a forged payload
 * alike: the payload is not read before this).
 */
export async function operatorOf(request: {
  auth?: { uid: string; token: Record<string, unknown> };
}): Promise<string> {
  const token = request.auth?.token;
  const refused = () => new HttpsError('permission-denied', 'Operators only.');
  if (!token || token.operator !== true) throw refused();
  const account = await adminAuth()
    .getUser(request.auth!.uid)
    .catch(() => null);
  if (account?.customClaims?.operator !== true) throw refused();
  return typeof token.email === 'string' ? token.email : `uid:${request.auth!.uid}`;
}

const iso = (value: unknown): string | null =>
  value instanceof Timestamp ? value.toDate().toISOString() : null;

/** A document's data as plain JSON (timestamps as ISO instants). */
function plainOf(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(plainOf);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainOf(v)]));
  }
  return value;
}

/** A campus's settings as stored (defaults where none). */
export function settingsOf(data: DocumentData | undefined): ConsoleSettings {
  const base = parseSettings(data);
  return {
    threshold: base.threshold,
    sellerMinimum: isSellerMinimum(data?.sellerMinimum)
      ? data.sellerMinimum
      : DEFAULT_SELLER_MINIMUM,
    state: base.state,
    opensOn: base.opensOn,
  };
}

/** A launch record as the port's LaunchStatus. */
export function launchStatusOf(data: DocumentData | undefined): LaunchStatus {
  if (!data) return { state: 'none' };
  const at = iso(data.at) ?? new Date(0).toISOString();
  const by = String(data.by ?? '');
  if (data.state === 'scheduled') return { state: 'scheduled', at, by };
  return { state: 'launched', at, by, students: Number(data.students) || 0 };
}

// ------------------------------------------------------------------------------------------------
// Campuses (the launch report's rows, from the counters)
// ------------------------------------------------------------------------------------------------

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Every campus with students, settings or requests, as the console's table shows it. */
export async function campusRows(store: Firestore) {
  const all = (name: string) => store.collection(name).get();
  const [counters, settings, milestones, launches, added, addedAs, requests] = await Promise.all([
    all(COLLECTIONS.campusCounters),
    all(COLLECTIONS.campusSettings),
    store.collection(COLLECTIONS.campusMilestones).select('reached').get(),
    all(COLLECTIONS.campusLaunches),
    store.collection(COLLECTIONS.campuses).select('shortName', 'name').get(),
    all(COLLECTIONS.addedCampuses),
    store.collection(COLLECTIONS.campusRequests).select('key', 'uid').get(),
  ]);
  const byId = <T>(docs: { id: string; data(): T }[]) =>
    new Map(docs.map((d) => [d.id, d.data()] as const));
  const counter = byId(counters.docs);
  const setting = byId(settings.docs);
  const launch = byId(launches.docs);
  const addedName = byId(added.docs);
  // Requests by the campus they name now: the pending id of their key, or what it was added as.
  const pending = await store.collection(COLLECTIONS.pendingCampuses).select('key').get();
  const pendingOfKey = new Map(pending.docs.map((d) => [String(d.get('key')), d.id]));
  const addedOfKey = new Map(
    await Promise.all(
      addedAs.docs.map(async (d) => {
        const campus = await store
          .collection(COLLECTIONS.campuses)
          .doc(String(d.get('collegeId')))
          .get();
        return [String(campus.get('key')), String(d.get('collegeId'))] as const;
      }),
    ),
  );
  const requesters = new Map<string, string[]>();
  for (const d of requests.docs) {
    const key = String(d.get('key'));
    const campus = addedOfKey.get(key) ?? pendingOfKey.get(key);
    if (!campus) continue;
    requesters.set(campus, [...(requesters.get(campus) ?? []), String(d.get('uid'))]);
  }
  const askers = [...new Set([...requesters.values()].flat())];
  const verifiedAskers = new Set<string>();
  for (let at = 0; at < askers.length; at += 300) {
    const chunk = askers.slice(at, at + 300);
    const members = await store.getAll(
      ...chunk.map((uid) => store.collection(COLLECTIONS.campusMembers).doc(uid)),
    );
    members.forEach((m, i) => {
      if (m.get('verified') === true) verifiedAskers.add(chunk[i]!);
    });
  }
  const reached = new Map(
    milestones.docs.map((d) => [d.id, ((d.get('reached') as unknown[]) ?? []).map(Number)]),
  );
  const ids = [
    ...new Set([
      ...[...counter].filter(([, c]) => num(c.joined) > 0).map(([id]) => id),
      ...setting.keys(),
      ...requesters.keys(),
      ...launch.keys(),
    ]),
  ].sort();
  return ids.map((campus) => {
    const c = counter.get(campus) ?? {};
    const isPending = isPendingCampusId(campus);
    const stored = settingsOf(setting.get(campus));
    const sellersBy = Object.fromEntries(
      SELLER_CATEGORIES.map((cat) => [cat, num((c.sellersBy as DocumentData | undefined)?.[cat])]),
    );
    const sources = Object.entries((c.sources as Record<string, DocumentData> | undefined) ?? {})
      .map(([source, s]) => ({ source, students: num(s.students), verified: num(s.verified) }))
      .filter((s) => s.students > 0)
      .sort((a, b) => b.students - a.students || a.source.localeCompare(b.source));
    const joined = num(c.joined);
    const verified = num(c.verified);
    const invited = num(c.invited);
    const sellersVerified = num(c.sellersVerified);
    const ready = readiness({
      verified,
      threshold: stored.threshold,
      sellersVerified,
      sellerMinimum: stored.sellerMinimum,
    });
    const asked = requesters.get(campus) ?? [];
    return {
      report: {
        campus,
        joined,
        verified,
        invited,
        invitedShare: joined ? (invited / joined).toFixed(3) : '0.000',
        threshold: isPending ? null : stored.threshold,
        sellers: num(c.sellers),
        sellersVerified,
        sellersBy,
        sources,
        milestones: [...new Set(reached.get(campus) ?? [])].sort((a, b) => a - b),
        requests: asked.length,
        requestsVerified: new Set(asked.filter((uid) => verifiedAskers.has(uid))).size,
        state: isPending ? 'pendiente' : stored.state,
        sellerMinimum: isPending ? null : stored.sellerMinimum,
        ready: !isPending && ready.ready,
      },
      name: isPending
        ? 'pendiente'
        : (Object.hasOwn(CAMPUS_LABEL, campus) && CAMPUS_LABEL[campus]) ||
          String(addedName.get(campus)?.shortName ?? addedName.get(campus)?.name ?? campus),
      settings: stored,
      readiness: ready,
      launch: launchStatusOf(launch.get(campus)),
    };
  });
}

const rowOf = async (store: Firestore, id: string) =>
  (await campusRows(store)).find((r) => r.report.campus === id) ?? null;

/** A campus's joined and verified students by day of joining (Mexico City), oldest first. */
async function campusDays(store: Firestore, collegeId: string) {
  const entries = await store
    .collection(COLLECTIONS.waitlist)
    .where(ENTRY_FIELDS.collegeId, '==', collegeId)
    .select(ENTRY_FIELDS.timestamp)
    .get();
  const members = await store
    .collection(COLLECTIONS.campusMembers)
    .where(ENTRY_FIELDS.collegeId, '==', collegeId)
    .where('verified', '==', true)
    .select()
    .get();
  const verified = new Set(members.docs.map((d) => d.id));
  const days = new Map<string, { joined: number; verified: number }>();
  for (const doc of entries.docs) {
    const joined = joinedOf(doc.data());
    if (joined === null) continue;
    const day = new Date(joined - 6 * 3_600_000).toISOString().slice(0, 10);
    const held = days.get(day) ?? { joined: 0, verified: 0 };
    held.joined++;
    if (verified.has(doc.id)) held.verified++;
    days.set(day, held);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, counts]) => ({ day, ...counts }));
}

// ------------------------------------------------------------------------------------------------
// Settings and launch
// ------------------------------------------------------------------------------------------------

async function saveSettings(store: Firestore, actor: string, collegeId: unknown, value: unknown) {
  const checked = checkSettings(value, new Date());
  // Invalid settings: nothing written, no entry.
  if (!checked.ok) throw invalid(checked.problem);
  if (!(await isListedCampus(store, collegeId))) throw invalid('unknown-campus');
  const id = collegeId as string;
  const ref = store.collection(COLLECTIONS.campusSettings).doc(id);
  await store.runTransaction(async (tx) => {
    const before = settingsOf((await tx.get(ref)).data());
    tx.set(ref, { ...checked.settings });
    logIn(store, tx, {
      actor,
      action: 'settings',
      target: id,
      outcome: 'done',
      before,
      after: checked.settings,
    });
  });
  return rowOf(store, id);
}

/** The launch's e-mail of the campus, recorded once per student; the record set 'launched'. */
async function finishLaunch(
  store: Firestore,
  collegeId: string,
  names: (uids: string[]) => Promise<Map<string, string>>,
): Promise<LaunchStatus> {
  const { students } = await queueLaunch(store, collegeId, { names });
  const ref = store.collection(COLLECTIONS.campusLaunches).doc(collegeId);
  return store.runTransaction(async (tx) => {
    const held = (await tx.get(ref)).data();
    const done = { state: 'launched', at: Timestamp.now(), by: String(held?.by ?? ''), students };
    tx.set(ref, done);
    return launchStatusOf(done);
  });
}

const names = (uids: string[]) => googleNames(adminAuth(), uids);

async function launch(store: Firestore, actor: string, collegeId: unknown, data: unknown) {
  const confirm = field(data, 'confirm');
  const at = field(data, 'at') ?? null;
  const action = at === null || at === '' ? 'launch' : 'launch-schedule';
  const target = typeof collegeId === 'string' ? collegeId.slice(0, 100) : null;
  const refuse = async (outcome: string): Promise<never> => {
    await logAlone(store, { actor, action, target, outcome, after: { at } });
    throw invalid(outcome);
  };
  if (typeof collegeId !== 'string' || !confirmsLaunch(confirm, collegeId)) {
    return refuse('confirmation');
  }
  if (!(await isListedCampus(store, collegeId))) return refuse('unknown-campus');
  const when = launchTime(at, new Date());
  if (!when) return refuse('time');
  const ref = store.collection(COLLECTIONS.campusLaunches).doc(collegeId);
  const scheduled = action === 'launch-schedule';
  const claimed = await store.runTransaction(async (tx) => {
    const held = await tx.get(ref);
    const line: LogLine = { actor, action, target: collegeId, outcome: 'done', after: { at } };
    if (held.exists) {
      logIn(store, tx, { ...line, outcome: 'already', before: launchStatusOf(held.data()) });
      return null;
    }
    const record = scheduled
      ? { state: 'scheduled', at: Timestamp.fromDate(when), by: actor }
      : { state: 'running', at: Timestamp.fromDate(when), by: actor, startedAt: Date.now() };
    tx.create(ref, record);
    logIn(store, tx, line);
    return record;
  });
  if (!claimed) throw invalid('already');
  if (scheduled) return launchStatusOf(claimed);
  return finishLaunch(store, collegeId, names);
}

async function cancelLaunch(store: Firestore, actor: string, collegeId: unknown) {
  const target = typeof collegeId === 'string' ? collegeId.slice(0, 100) : null;
  if (!isCollegeId(collegeId)) throw invalid('not-scheduled');
  const ref = store.collection(COLLECTIONS.campusLaunches).doc(collegeId);
  const cancelled = await store.runTransaction(async (tx) => {
    const held = await tx.get(ref);
    const before = launchStatusOf(held.data());
    if (before.state !== 'scheduled') {
      logIn(store, tx, {
        actor,
        action: 'launch-cancel',
        target,
        outcome: 'not-scheduled',
        before,
      });
      return false;
    }
    tx.delete(ref);
    logIn(store, tx, {
      actor,
      action: 'launch-cancel',
      target,
      outcome: 'done',
      before,
      after: { state: 'none' },
    });
    return true;
  });
  if (!cancelled) throw invalid('not-scheduled');
  return { state: 'none' };
}

/**
 * The scheduled launches due at `now`, each run once: claimed in a transaction (scheduled and
 * due, or left running for STALE_RUN_MS by a call that stopped), logged, then its e-mails
 * recorded. Resolves with how many it ran. The schedule and the tests call it.
 */
export async function runDueLaunches(
  store: Firestore,
  now: Date,
  namesOf: (uids: string[]) => Promise<Map<string, string>>,
): Promise<number> {
  const open = await store
    .collection(COLLECTIONS.campusLaunches)
    .where('state', 'in', ['scheduled', 'running'])
    .get();
  let ran = 0;
  for (const doc of open.docs) {
    const claimed = await store.runTransaction(async (tx) => {
      const held = (await tx.get(doc.ref)).data();
      const at = held?.at instanceof Timestamp ? held.at.toMillis() : Infinity;
      const due = held?.state === 'scheduled' && at <= now.getTime();
      const stale =
        held?.state === 'running' && Number(held.startedAt) + STALE_RUN_MS <= now.getTime();
      if (!due && !stale) return false;
      tx.update(doc.ref, { state: 'running', startedAt: now.getTime() });
      if (due) {
        logIn(store, tx, {
          actor: `schedule:${String(held.by ?? '')}`,
          action: 'launch',
          target: doc.id,
          outcome: 'done',
          before: launchStatusOf(held),
        });
      }
      return true;
    });
    if (!claimed) continue;
    await finishLaunch(store, doc.id, namesOf);
    ran++;
  }
  return ran;
}

/** Every five minutes: the launches due (Mexico City times are stored as instants). */
export const run_due_launches = onSchedule(
  { schedule: 'every 5 minutes', region: 'us-central1', timeoutSeconds: 540, maxInstances: 1 },
  async () => {
    const ran = await runDueLaunches(db(), new Date(), names);
    if (ran) logger.info('run_due_launches', { ran });
  },
);

/** The dry run: how many would get the e-mail, and one as the sender would make it. */
async function launchPreview(store: Firestore, collegeId: unknown, secrets: MailSecrets) {
  if (!(await isListedCampus(store, collegeId))) throw invalid('unknown-campus');
  const id = collegeId as string;
  const { students, already } = await queueLaunch(store, id, { dryRun: true, names });
  const first = await store
    .collection(COLLECTIONS.waitlist)
    .where(ENTRY_FIELDS.collegeId, '==', id)
    .limit(1)
    .get();
  const doc = first.docs[0];
  let sample = null;
  if (doc) {
    const siteUrl = secrets.siteUrl;
    const name = (await names([doc.id])).get(doc.id) ?? '';
    const mail = await outgoingMail(
      {
        id: launchMailId(id, doc.id),
        kind: 'launch',
        uid: doc.id,
        joined: joinedOf(doc.data()) ?? 0,
        to: String(doc.get(ENTRY_FIELDS.email) ?? ''),
        name,
        campus: await campusLabelOf(store, id),
        campusId: id,
        attempts: 0,
      },
      {
        secret: secrets.secret,
        from: secrets.from,
        siteUrl,
        oneClickUrl: (token) => `${siteUrl}/api/salir?token=${encodeURIComponent(token)}`,
        campusPage: (campusId) => Object.hasOwn(CAMPUS_LABEL, campusId),
      },
      new Date(),
    );
    sample = { subject: mail.subject, text: mail.text, html: mail.html };
  }
  return { students, alreadyQueued: already, sample };
}

export interface MailSecrets {
  secret: string;
  from: string;
  siteUrl: string;
}

// ------------------------------------------------------------------------------------------------
// Requests and campus:add
// ------------------------------------------------------------------------------------------------

async function requests(store: Firestore) {
  const [pending, asked, counters] = await Promise.all([
    store.collection(COLLECTIONS.pendingCampuses).get(),
    store.collection(COLLECTIONS.campusRequests).select('key').get(),
    store.collection(COLLECTIONS.campusCounters).select('joined').get(),
  ]);
  const byKey = new Map<string, number>();
  for (const d of asked.docs)
    byKey.set(String(d.get('key')), (byKey.get(String(d.get('key'))) ?? 0) + 1);
  const joined = new Map(counters.docs.map((d) => [d.id, num(d.get('joined'))]));
  return pending.docs
    .map((d) => ({
      pendingId: d.id,
      name: String(d.get('name') ?? ''),
      city: String(d.get('city') ?? ''),
      requests: byKey.get(String(d.get('key'))) ?? 0,
      joined: joined.get(d.id) ?? 0,
    }))
    .sort((a, b) => b.requests - a.requests || a.pendingId.localeCompare(b.pendingId));
}

async function addRequested(store: Firestore, actor: string, value: unknown) {
  const checked = checkAddCampus(value);
  const rawId = field(value, 'id');
  const target = typeof rawId === 'string' ? rawId.slice(0, 100) : null;
  if (!checked.ok) {
    const outcome = `campus-add:${checked.problem}`;
    await logAlone(store, { actor, action: 'campus-add', target, outcome });
    throw invalid(outcome);
  }
  const input = checked.input;
  const claimRef = store.collection(COLLECTIONS.campusAdds).doc(input.request);
  const addedRef = store.collection(COLLECTIONS.addedCampuses).doc(input.request);
  const after = {
    request: input.request,
    name: input.name,
    shortName: input.shortName,
    city: input.city,
    state: input.state,
    domains: input.domains,
  };
  const mine = await store.runTransaction(async (tx) => {
    const [claim, added] = await tx.getAll(claimRef, addedRef);
    const line: LogLine = { actor, action: 'campus-add', target: input.id, outcome: 'done', after };
    const live = claim!.exists && Date.now() - (Number(claim!.get('atMs')) || 0) < STALE_RUN_MS;
    // Added (or being added) under another id: that id is the campus; this one is refused.
    const heldAs = added!.exists ? added!.get('collegeId') : live ? claim!.get('collegeId') : null;
    if (heldAs !== null && heldAs !== input.id) {
      logIn(store, tx, { ...line, outcome: 'campus-add:added-as-other' });
      return 'added-as-other';
    }
    if (added!.exists || live) {
      logIn(store, tx, { ...line, outcome: 'already' });
      return false;
    }
    tx.set(claimRef, { collegeId: input.id, by: actor, at: Timestamp.now(), atMs: Date.now() });
    logIn(store, tx, line);
    return true;
  });
  if (mine === 'added-as-other') throw invalid('campus-add:added-as-other');
  if (!mine) return { added: false, moved: 0, queued: 0 };
  try {
    const result = await addCampus(
      store,
      {
        request: input.request,
        id: input.id,
        name: input.name,
        short: input.shortName,
        city: input.city,
        state: input.state,
        domains: input.domains,
      },
      {
        // The students' search finds it at once (Algolia, with the function's admin key).
        index: (college) => indexCampus(college),
        accounts: (uids) => googleAccounts(adminAuth(), uids),
      },
    );
    // The moved students' campus records and counters now, not when their triggers come: the
    // console's next read shows the added campus with its students.
    const moved = await store
      .collection(COLLECTIONS.waitlist)
      .where(ENTRY_FIELDS.collegeId, '==', input.id)
      .select()
      .get();
    for (let at = 0; at < moved.docs.length; at += 10) {
      await Promise.all(
        moved.docs.slice(at, at + 10).map(async (d) => {
          await reconcileMember(d.id);
          await tallyStudent(store, d.id);
        }),
      );
    }
    return result;
  } catch (error) {
    await claimRef.delete();
    if (error instanceof CampusAddError) {
      await logAlone(store, {
        actor,
        action: 'campus-add',
        target: input.id,
        outcome: 'campus-add:taken',
        after,
      });
      throw invalid('campus-add:taken');
    }
    throw error;
  }
}

// ------------------------------------------------------------------------------------------------
// Hero photos
// ------------------------------------------------------------------------------------------------

async function heroPhotos(store: Firestore) {
  const [photos, strip] = await Promise.all([
    heroQueue(store, adminAuth()),
    store.collection(COLLECTIONS.heroSettings).doc(HERO_STRIP_DOC).get(),
  ]);
  return {
    photos: photos.map(({ uid, photo, status }) => ({ uid, photo, status })),
    stripEnabled: strip.get('enabled') !== false,
  };
}

async function reviewPhoto(store: Firestore, actor: string, uid: unknown, approved: unknown) {
  if (typeof uid !== 'string' || typeof approved !== 'boolean') throw invalid('photo');
  const row = (await heroQueue(store, adminAuth())).find((r) => r.uid === uid);
  if (!row) throw new HttpsError('not-found', 'No photo to review for this student.');
  const ref = store.collection(COLLECTIONS.heroApproval).doc(uid);
  await store.runTransaction(async (tx) => {
    const before = (await tx.get(ref)).data();
    tx.set(ref, { photoURL: row.photo, approved, decidedAt: Timestamp.now() });
    logIn(store, tx, {
      actor,
      action: approved ? 'photo-approve' : 'photo-reject',
      target: uid,
      outcome: 'done',
      before: before ? { approved: before.approved === true } : null,
      after: { approved },
    });
  });
}

async function setStrip(store: Firestore, actor: string, enabled: unknown) {
  if (typeof enabled !== 'boolean') throw invalid('strip');
  const ref = store.collection(COLLECTIONS.heroSettings).doc(HERO_STRIP_DOC);
  await store.runTransaction(async (tx) => {
    const before = (await tx.get(ref)).get('enabled') !== false;
    tx.set(ref, { enabled });
    logIn(store, tx, {
      actor,
      action: 'strip',
      target: null,
      outcome: 'done',
      before: { enabled: before },
      after: { enabled },
    });
  });
}

// ------------------------------------------------------------------------------------------------
// Students' rights (ARCO) and health
// ------------------------------------------------------------------------------------------------

/** The uid of the student with this address: their Auth e-mail, entry or verified address. */
async function uidOf(store: Firestore, address: string): Promise<string | null> {
  const byAuth = await adminAuth()
    .getUserByEmail(address)
    .catch(() => null);
  if (byAuth) return byAuth.uid;
  const [entry, verified] = await Promise.all([
    store
      .collection(COLLECTIONS.waitlist)
      .where(ENTRY_FIELDS.email, '==', address)
      .limit(1)
      .select()
      .get(),
    store
      .collection(COLLECTIONS.emailVerifications)
      .where('address', '==', address)
      .limit(1)
      .select()
      .get(),
  ]);
  return entry.docs[0]?.id ?? verified.docs[0]?.id ?? null;
}

/** Everything kept of the student, as plain JSON; null when nothing is (no account, no entry). */
async function studentRecord(store: Firestore, uid: string) {
  const account = await adminAuth()
    .getUser(uid)
    .catch(() => null);
  const keyed = await store.getAll(...KEYED_BY_UID.map((name) => store.collection(name).doc(uid)));
  const [requested, mail, credited] = await Promise.all([
    store.collection(COLLECTIONS.campusRequests).where('uid', '==', uid).get(),
    store.collection(COLLECTIONS.mailOutbox).where('uid', '==', uid).get(),
    store.collection(COLLECTIONS.invites).where('inviter', '==', uid).select('at').get(),
  ]);
  const data: Record<string, unknown> = {};
  KEYED_BY_UID.forEach((name, i) => {
    if (keyed[i]!.exists) data[name] = plainOf(keyed[i]!.data());
  });
  if (requested.size)
    data[COLLECTIONS.campusRequests] = requested.docs.map((d) => plainOf(d.data()));
  if (mail.size) {
    data[COLLECTIONS.mailOutbox] = mail.docs.map((d) => ({
      id: d.id,
      kind: d.get('kind'),
      status: d.get('status'),
      sentAt: iso(d.get('sentAt')),
    }));
  }
  if (credited.size) data.invitesCredited = credited.size;
  const entry = keyed[0]!;
  if (!account && !entry.exists) return null;
  if (account) {
    data.account = {
      email: account.email ?? null,
      created: account.metadata.creationTime ?? null,
      lastSignIn: account.metadata.lastSignInTime ?? null,
    };
  }
  const collegeId = entry.get(ENTRY_FIELDS.collegeId) as unknown;
  return {
    uid,
    email: account?.email ?? String(entry.get(ENTRY_FIELDS.email) ?? ''),
    collegeId: typeof collegeId === 'string' ? collegeId : null,
    joinedAt: iso(entry.get(ENTRY_FIELDS.timestamp)),
    data,
  };
}

async function findStudent(store: Firestore, actor: string, email: unknown) {
  const address = typeof email === 'string' ? email.trim().toLowerCase() : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) throw invalid('email');
  const uid = await uidOf(store, address);
  const record = uid ? await studentRecord(store, uid) : null;
  await logAlone(store, {
    actor,
    action: 'student-view',
    target: record?.uid ?? null,
    outcome: record ? 'done' : 'not-found',
  });
  return record;
}

async function exportStudent(store: Firestore, actor: string, uid: unknown) {
  if (typeof uid !== 'string' || !uid || uid.length > 128) throw invalid('uid');
  const record = await studentRecord(store, uid);
  if (!record) throw new HttpsError('not-found', 'No such student.');
  await logAlone(store, { actor, action: 'student-export', target: uid, outcome: 'done' });
  return record;
}

async function deleteStudent(store: Firestore, actor: string, uid: unknown) {
  if (typeof uid !== 'string' || !uid || uid.length > 128) throw invalid('uid');
  const record = await studentRecord(store, uid);
  if (!record) throw new HttpsError('not-found', 'No such student.');
  await removeStudent(uid, (batch) =>
    logIn(store, batch, {
      actor,
      action: 'student-delete',
      target: uid,
      outcome: 'done',
      before: { collegeId: record.collegeId, joinedAt: record.joinedAt },
    }),
  );
  await tallyStudent(store, uid);
  return null;
}

async function health(store: Firestore) {
  const [counts, drops, runs] = await Promise.all([
    store.collection(COLLECTIONS.failureCounts).get(),
    store.collection(COLLECTIONS.failureDrops).get(),
    store.collection(COLLECTIONS.retentionRuns).orderBy('at', 'desc').limit(1).get(),
  ]);
  const days = new Map<string, { counts: Record<string, number>; dropped: number }>();
  const day = (d: string) => {
    const held = days.get(d) ?? { counts: {}, dropped: 0 };
    days.set(d, held);
    return held;
  };
  for (const d of counts.docs) {
    const held = day(String(d.get('day')));
    const key = `${String(d.get('kind'))}/${String(d.get('code'))}`;
    held.counts[key] = (held.counts[key] ?? 0) + num(d.get('count'));
  }
  for (const d of drops.docs) day(String(d.get('day'))).dropped += num(d.get('dropped'));
  const run = runs.docs[0];
  return {
    failures: [...days.entries()]
      .filter(([d]) => /^\d{4}-\d{2}-\d{2}$/.test(d))
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([d, held]) => ({ day: d, ...held })),
    retention: run
      ? {
          at: iso(run.get('at')) ?? new Date(0).toISOString(),
          deleted: Object.fromEntries(
            Object.entries((run.get('deleted') as Record<string, unknown>) ?? {}).map(([k, v]) => [
              k,
              num(v),
            ]),
          ),
        }
      : null,
  };
}

async function auditLog(store: Firestore, limit: unknown) {
  const n =
    typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? Math.min(limit, 1000) : 200;
  const docs = await store.collection(COLLECTIONS.operatorLog).orderBy('at', 'desc').limit(n).get();
  return docs.docs.flatMap((d) => {
    const entry = parseAuditEntry({ id: d.id, ...(plainOf(d.data()) as object) });
    return entry ? [entry] : [];
  });
}

// ------------------------------------------------------------------------------------------------
// The callable
// ------------------------------------------------------------------------------------------------

type Op = (
  store: Firestore,
  actor: string,
  data: unknown,
  secrets: MailSecrets,
) => Promise<unknown>;

const arg = (data: unknown, name: string) => field(data, name);

/** The console's operations, by `op` (the port's method names). */
const OPS: Readonly<Record<string, Op>> = {
  access: async (_store, actor) => ({ email: actor }),
  campuses: (store) => campusRows(store),
  campusDays: async (store, _a, data) => {
    const id = arg(data, 'collegeId');
    if (!isCollegeId(id)) throw invalid('unknown-campus');
    return campusDays(store, id);
  },
  saveSettings: (store, actor, data) =>
    saveSettings(store, actor, arg(data, 'collegeId'), arg(data, 'settings')),
  launchPreview: (store, _a, data, secrets) =>
    launchPreview(store, arg(data, 'collegeId'), secrets),
  launch: (store, actor, data) => launch(store, actor, arg(data, 'collegeId'), data),
  cancelLaunch: (store, actor, data) => cancelLaunch(store, actor, arg(data, 'collegeId')),
  requests: (store) => requests(store),
  addCampus: (store, actor, data) => addRequested(store, actor, arg(data, 'input')),
  heroPhotos: (store) => heroPhotos(store),
  reviewPhoto: async (store, actor, data) => {
    await reviewPhoto(store, actor, arg(data, 'uid'), arg(data, 'approved'));
    return null;
  },
  setStrip: async (store, actor, data) => {
    await setStrip(store, actor, arg(data, 'enabled'));
    return null;
  },
  findStudent: (store, actor, data) => findStudent(store, actor, arg(data, 'email')),
  exportStudent: (store, actor, data) => exportStudent(store, actor, arg(data, 'uid')),
  deleteStudent: (store, actor, data) => deleteStudent(store, actor, arg(data, 'uid')),
  health: (store) => health(store),
  auditLog: (store, _a, data) => auditLog(store, arg(data, 'limit')),
};

/**
 * Runs the console's operation `op` for `actor` (an operator's address, or 'terminal:<user>' for
 * the operators' commands, which call this directly with the project's credentials: issue 61, a
 * script and the console cannot disagree). An unknown operation is refused 'op'.
 */
export function operate(
  actor: string,
  op: unknown,
  data: unknown,
  secrets: MailSecrets,
): Promise<unknown> {
  if (typeof op !== 'string' || !Object.hasOwn(OPS, op)) throw invalid('op');
  return OPS[op]!(db(), actor, data, secrets);
}

/** The operator console's one callable: the role first, then `{ op, ... }`. */
export const operator_console = onCall(
  {
    ...CALLABLE,
    timeoutSeconds: 300,
    memory: '512MiB',
    secrets: [MAIL_TOKEN_SECRET, MAIL_FROM, ALGOLIA_ADMIN_KEY],
  },
  async (request) => {
    const actor = await operatorOf(request);
    const op = field(request.data, 'op');
    if (typeof op !== 'string' || !Object.hasOwn(OPS, op)) throw invalid('op');
    try {
      return await operate(actor, op, request.data, {
        secret: MAIL_TOKEN_SECRET.value(),
        from: MAIL_FROM.value() || 'De estudiantes a estudiantes <hola@example.com>',
        siteUrl: process.env.SITE_ORIGIN ?? '',
      });
    } catch (error) {
      unavailable('operator_console', 'The console could not answer right now.', error);
    }
  },
);
