/**
 * A campus ready to open, on Firebase (issue 49), and the operators' launch: what a campus's
 * milestones mail, `npm run notify:campus` (queueLaunch) and `npm run campus:add` (addCampus).
 * Admin-only collections:
 *
 * - `campusMilestones/{collegeId}` = `{ reached, mailing, count, threshold }`: the milestones
 *   reached (src/domain/campus-milestones.ts); the one whose messages are being recorded (with its
 *   figure and time): a run that stopped halfway is finished by the next (ids make a repeat
 *   impossible), and a student who joined after it was reached is not mailed; and the count and
 *   threshold the last evaluation saw. Evaluated when an entry is written (waitlist.ts), a code
 *   verifies a student (email-verifications.ts) and operators change a campus's settings
 *   (`on_campus_settings_written`).
 * - `launchRuns/{auto id}` = `{ collegeId, students, queued, ranAt }`: one per launch.
 * - `campuses/{id}` = `{ name, subname, shortName, pendingId, key, addedAt }`: a requested campus
 *   an operator added; `addedCampuses/{pendingId}` = `{ collegeId, name, city, at }` names it for
 *   later requests and reruns (campus-requests.ts).
 *
 * The operators' commands load this file built (functions/lib) beside their own Admin app: what
 * they call takes its Firestore as an argument.
 */
import { FieldValue, type Firestore, Timestamp } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { type CampusNames, verifiedCountOf } from './campus-progress';
import { entryRecord, type OutboxRecord, recordMissing } from './mail';
import { CAMPUS_LABEL } from './mirror/data/campus-label';
import { COLLECTIONS, ENTRY_FIELDS } from './mirror/adapters/firebase/firestore-names';
import {
  isMilestone,
  type Milestone,
  milestoneMailId,
  milestoneStep,
} from './mirror/domain/campus-milestones';
import { parseSettings } from './mirror/domain/campus-progress';
import { isPendingCampusId } from './mirror/domain/campus-request-rule';
import { campusAddedMailId, launchMailId } from './mirror/domain/mail/outbox';
import { adminAuth, db, type EntryWrite, joinedOf } from './platform';
import { googleNames } from './students';

// ------------------------------------------------------------------------------------------------
// Milestones
// ------------------------------------------------------------------------------------------------

interface Mailing {
  milestone: Milestone;
  verified: number;
  threshold: number;
  /** When it was reached (ms): who joined later gets none of it. */
  at: number;
}

const mailingOf = (value: unknown): Mailing | null => {
  const v = value as Partial<Mailing> | null | undefined;
  return v &&
    isMilestone(v.milestone) &&
    Number.isInteger(v.verified) &&
    Number.isInteger(v.threshold)
    ? {
        milestone: v.milestone,
        verified: v.verified!,
        threshold: v.threshold!,
        at: Number(v.at) || 0,
      }
    : null;
};

/**
 * What a change of a campus's count or threshold reaches (src/domain/campus-milestones.ts): the
 * new milestones recorded in one transaction over `campusMilestones/{collegeId}`, the highest
 * one's messages then recorded for every student on the list when it was reached, 100 at a time;
 * and a mailing a stopped run left behind is finished first. `names` gives the students' names.
 * Resolves with how many messages this call recorded.
 */
export async function reachMilestones(
  store: Firestore,
  collegeId: string,
  verifiedCount: () => Promise<number>,
  names: (uids: string[]) => Promise<Map<string, string>>,
): Promise<number> {
  if (isPendingCampusId(collegeId)) return 0; // no threshold of its own yet
  const ref = store.collection(COLLECTIONS.campusMilestones).doc(collegeId);
  const settingsRef = store.collection(COLLECTIONS.campusSettings).doc(collegeId);
  let queued = 0;
  // Counted outside the transaction: a count taken before another student's record was written
  // may commit after that student's own evaluation, so each evaluation counts again after its
  // commit and goes on until the count it committed is the count there is.
  for (let verified = await verifiedCount(); ;) {
    const mailing = await store.runTransaction(async (tx) => {
      const [held, settings] = await tx.getAll(ref, settingsRef);
      const { threshold } = parseSettings(settings!.data());
      // What the last evaluation saw (operators and tests read it): the count and the threshold.
      const seen = { count: verified, threshold };
      const left = mailingOf(held!.get('mailing'));
      if (left) {
        tx.set(ref, seen, { merge: true });
        return left; // finish what a stopped run began; the next change reaches the rest
      }
      const recorded = ((held!.get('reached') as unknown[] | undefined) ?? []).filter(isMilestone);
      const step = milestoneStep(verified, threshold, recorded);
      const next: Mailing | null =
        step.mail === null ? null : { milestone: step.mail, verified, threshold, at: Date.now() };
      tx.set(
        ref,
        step.record.length
          ? { ...seen, reached: [...recorded, ...step.record], mailing: next }
          : seen,
        { merge: true },
      );
      return next;
    });
    if (mailing) {
      queued += await queueMilestone(store, collegeId, mailing, names);
      // Done: the mailing is cleared (only if it is still this one).
      await store.runTransaction(async (tx) => {
        const held = mailingOf((await tx.get(ref)).get('mailing'));
        if (held && held.milestone === mailing.milestone && held.at === mailing.at) {
          tx.update(ref, { mailing: null });
        }
      });
    }
    const now = await verifiedCount();
    if (now === verified && !mailing) return queued;
    verified = now;
  }
}

/** The milestone's message for every student on the list when it was reached, once each. */
async function queueMilestone(
  store: Firestore,
  collegeId: string,
  mailing: Mailing,
  names: (uids: string[]) => Promise<Map<string, string>>,
): Promise<number> {
  const entries = await store
    .collection(COLLECTIONS.waitlist)
    .where(ENTRY_FIELDS.collegeId, '==', collegeId)
    .get();
  const onList = entries.docs.filter((d) => {
    const joined = joinedOf(d.data());
    return joined !== null && joined <= mailing.at;
  });
  let queued = 0;
  for (let at = 0; at < onList.length; at += 100) {
    const chunk = onList.slice(at, at + 100);
    const stops = await store.getAll(
      ...chunk.map((d) => store.collection(COLLECTIONS.mailStops).doc(d.id)),
    );
    const written = chunk.filter(
      (d, i) => !(stops[i]!.exists && stops[i]!.get('joined') === joinedOf(d.data())),
    );
    if (!written.length) continue;
    const held = await store.getAll(
      ...written.map((d) =>
        store
          .collection(COLLECTIONS.mailOutbox)
          .doc(milestoneMailId(collegeId, mailing.milestone, d.id)),
      ),
    );
    const missing = written.filter((_, i) => !held[i]!.exists);
    if (!missing.length) continue;
    const named = await names(missing.map((d) => d.id));
    const messages = missing.flatMap((doc) => {
      const base = entryRecord(doc, 'milestone', collegeId, named);
      if (!base) return [];
      const record: OutboxRecord = {
        ...base,
        milestone: mailing.milestone,
        figure: { verified: mailing.verified, threshold: mailing.threshold },
      };
      return [{ id: milestoneMailId(collegeId, mailing.milestone, doc.id), record }];
    });
    queued += await recordMissing(store, messages);
  }
  return queued;
}

/** The milestones a campus's true count reaches now. */
export const milestonesOf = (collegeId: string): Promise<number> =>
  reachMilestones(
    db(),
    collegeId,
    () => verifiedCountOf(collegeId),
    (uids) => googleNames(adminAuth(), uids),
  );

/** An entry written: the campuses whose count it moved (before and after) may reach a milestone. */
export async function milestonesOnEntryWritten({ before, after }: EntryWrite): Promise<void> {
  const campuses = new Set(
    [before?.collegeId, after?.collegeId].filter((id): id is string => typeof id === 'string'),
  );
  for (const collegeId of campuses) await milestonesOf(collegeId);
}

/** A campus's threshold set by operators (`npm run campus -- set`) may reach a milestone too. */
export const on_campus_settings_written = onDocumentWritten(
  { document: `${COLLECTIONS.campusSettings}/{collegeId}`, region: 'us-central1', retry: true },
  async (event) => {
    await milestonesOf(event.params.collegeId);
  },
);

// ------------------------------------------------------------------------------------------------
// The launch (npm run notify:campus) and campus:add
// ------------------------------------------------------------------------------------------------

/**
 * The launch of a campus: a message for every student on its list who has none yet, in batches;
 * `dryRun` counts and writes nothing. `names` gives the students' display names.
 */
export async function queueLaunch(
  store: Firestore,
  collegeId: string,
  {
    dryRun = false,
    names,
  }: { dryRun?: boolean; names: (uids: string[]) => Promise<Map<string, string>> },
): Promise<{ students: number; queued: number; already: number }> {
  const entries = await store
    .collection(COLLECTIONS.waitlist)
    .where(ENTRY_FIELDS.collegeId, '==', collegeId)
    .get();
  let queued = 0;
  let already = 0;
  for (let at = 0; at < entries.docs.length; at += 100) {
    const chunk = entries.docs.slice(at, at + 100);
    const ids = chunk.map((d) => launchMailId(collegeId, d.id));
    const held = await store.getAll(
      ...ids.map((id) => store.collection(COLLECTIONS.mailOutbox).doc(id)),
    );
    const stops = await store.getAll(
      ...chunk.map((d) => store.collection(COLLECTIONS.mailStops).doc(d.id)),
    );
    // An entry whose e-mails its student stopped (issue 51) gets no launch message.
    const stopped = (i: number) =>
      stops[i]!.exists && stops[i]!.get('joined') === joinedOf(chunk[i]!.data());
    const missing = chunk.filter((_, i) => !held[i]!.exists && !stopped(i));
    already += held.filter((h) => h.exists).length;
    if (dryRun || missing.length === 0) continue;
    const named = await names(missing.map((d) => d.id));
    const messages = missing.flatMap((doc) => {
      const record = entryRecord(doc, 'launch', collegeId, named);
      return record ? [{ id: launchMailId(collegeId, doc.id), record }] : [];
    });
    const created = await recordMissing(store, messages);
    queued += created;
    already += missing.length - created;
  }
  if (!dryRun) {
    await store.collection(COLLECTIONS.launchRuns).add({
      collegeId,
      students: entries.size,
      queued,
      ranAt: FieldValue.serverTimestamp(),
    });
  }
  return { students: entries.size, queued, already };
}

export class CampusAddError extends Error {}

/**
 * The operators' command (`npm run campus:add`): a requested campus (its pending id) becomes
 * catalogue campus `id`. In steps that a rerun resumes: `campuses/{id}` made (naming the request),
 * the search's record saved (`index`), every entry on the pending campus moved, one 'Ya puedes
 * unirte' message per student who asked, then `addedCampuses/{pendingId}` written and the pending
 * campus deleted. A rerun after that writes and sends nothing; an unknown request, an id the
 * catalogue or another request holds, or a request added as another id throws CampusAddError.
 */
export async function addCampus(
  store: Firestore,
  input: {
    request: string;
    id: string;
    name: string | null;
    short: string | null;
    /** The operator console's (issue 61): typed by the operator, never the request's text. */
    city?: string | null;
    state?: string | null;
    domains?: readonly string[] | null;
  },
  {
    index,
    accounts,
  }: {
    index: (college: { id: string } & CampusNames) => Promise<void>;
    /** The students' names and sign-in addresses (Firebase Auth), by uid. */
    accounts: (uids: string[]) => Promise<Map<string, { name: string; email: string }>>;
  },
): Promise<{ added: boolean; moved: number; queued: number }> {
  const added = await store.collection(COLLECTIONS.addedCampuses).doc(input.request).get();
  if (added.exists) {
    if (added.get('collegeId') === input.id) return { added: false, moved: 0, queued: 0 };
    throw new CampusAddError(
      `the request ${input.request} was added as ${String(added.get('collegeId'))}`,
    );
  }
  const pending = await store.collection(COLLECTIONS.pendingCampuses).doc(input.request).get();
  if (!pending.exists) throw new CampusAddError(`no campus request ${input.request}`);
  if (Object.hasOwn(CAMPUS_LABEL, input.id) || isPendingCampusId(input.id)) {
    throw new CampusAddError(`the campus id ${input.id} is taken`);
  }
  const campusRef = store.collection(COLLECTIONS.campuses).doc(input.id);
  const name = input.name ?? String(pending.get('name'));
  const college = {
    id: input.id,
    name,
    subname: input.city ?? String(pending.get('city')),
    shortName: input.short ?? name,
  };
  const typed = {
    ...(input.state ? { state: input.state } : {}),
    ...(input.domains?.length ? { domains: [...input.domains] } : {}),
  };
  await store.runTransaction(async (tx) => {
    const held = await tx.get(campusRef);
    if (held.exists && held.get('pendingId') !== input.request) {
      throw new CampusAddError(`the campus id ${input.id} is taken`);
    }
    if (!held.exists) {
      tx.create(campusRef, {
        name: college.name,
        subname: college.subname,
        shortName: college.shortName,
        ...typed,
        pendingId: input.request,
        key: String(pending.get('key')),
        addedAt: FieldValue.serverTimestamp(),
      });
    }
  });
  await index(college);
  // Every entry on the pending campus moves (the trigger reconciles each student's record).
  const onPending = await store
    .collection(COLLECTIONS.waitlist)
    .where(ENTRY_FIELDS.collegeId, '==', input.request)
    .get();
  let moved = 0;
  for (let at = 0; at < onPending.docs.length; at += 400) {
    const batch = store.batch();
    for (const doc of onPending.docs.slice(at, at + 400)) {
      batch.update(doc.ref, { collegeId: input.id });
      moved++;
    }
    await batch.commit();
  }
  // One message per student who asked: on the list (a leave link) or not (none).
  const key = String(pending.get('key'));
  const asked = await store.collection(COLLECTIONS.campusRequests).where('key', '==', key).get();
  const uids = [...new Set(asked.docs.map((d) => String(d.get('uid'))))];
  let queued = 0;
  for (let at = 0; at < uids.length; at += 100) {
    const chunk = uids.slice(at, at + 100);
    const entries = await store.getAll(
      ...chunk.map((uid) => store.collection(COLLECTIONS.waitlist).doc(uid)),
    );
    const known = await accounts(chunk);
    const messages = chunk.flatMap((uid, i) => {
      const entry = entries[i]!;
      const to = entry.exists ? (entry.get(ENTRY_FIELDS.email) as unknown) : known.get(uid)?.email;
      if (typeof to !== 'string' || !to) return []; // an account gone: no one to tell
      const record: OutboxRecord = {
        kind: 'campus-added',
        uid,
        joined: (entry.exists && joinedOf(entry.data())) || 0,
        collegeId: input.id,
        to,
        name: known.get(uid)?.name ?? '',
      };
      return [{ id: campusAddedMailId(input.id, uid), record }];
    });
    queued += await recordMissing(store, messages);
  }
  const batch = store.batch();
  batch.set(store.collection(COLLECTIONS.addedCampuses).doc(input.request), {
    collegeId: input.id,
    name: String(pending.get('name')),
    city: String(pending.get('city')),
    at: Timestamp.now(),
  });
  batch.delete(pending.ref);
  await batch.commit();
  return { added: true, moved, queued };
}
