/**
 * A campus ready to open, on Firebase (issue 49). Admin-only collections (firestore.rules closes
 * them to every client but the student's own seller choice):
 *
 * - `sellerChoices/{uid}` = `{ categories, updatedAt }`: the student's own, written under the rules
 *   (src/domain/seller-choice.ts); deleted with the entry.
 * - `joinSources/{uid}` = `{ source, medium, campaign, at }`: written once by `record_join_source`
 *   within a day of joining (src/domain/visit-source.ts); deleted with the entry.
 * - `pendingCampuses/{pendiente-<hash>}` = `{ key, name, city }`: a requested campus its askers may
 *   join (the rules check their request), made by the first request; deleted once added.
 * - `campuses/{id}` = `{ name, subname, shortName, pendingId, key, addedAt }`: a requested campus
 *   an operator added (`npm run campus:add`); `addedCampuses/{pendingId}` = `{ collegeId, name,
 *   city, at }` names it for later requests and reruns.
 * - `campusMilestones/{collegeId}` = `{ reached, mailing, count, threshold }`: the milestones
 *   reached (src/domain/campus-milestones.ts); the one whose messages are being recorded (with its
 *   figure and time): a run that stopped halfway is finished by the next (ids make a repeat
 *   impossible), and a student who joined after it was reached is not mailed; and the count and
 *   threshold the last evaluation saw.
 */
import { FieldValue, type Firestore, Timestamp } from 'firebase-admin/firestore';
import { requestKeyHash } from './campus-requests';
import { CAMPUS_LABEL, CAMPUS_NAME } from './mail/campus-label';
import { campusAddedMailId } from './mail/outbox';
import {
  entryRecord,
  joinedOf,
  OUTBOX_COLLECTION,
  type OutboxRecord,
  recordMissing,
  STOPS_COLLECTION,
} from './mail-firestore';
import {
  isMilestone,
  type Milestone,
  milestoneMailId,
  milestoneStep,
} from './rules/campus-milestones';
import { parseSettings } from './rules/campus-progress';

export const SELLERS_COLLECTION = 'sellerChoices';
export const SOURCES_COLLECTION = 'joinSources';
export const PENDING_COLLECTION = 'pendingCampuses';
export const CAMPUSES_COLLECTION = 'campuses';
export const ADDED_COLLECTION = 'addedCampuses';
export const MILESTONES_COLLECTION = 'campusMilestones';

const PENDING = /^pendiente-[0-9a-f]{24}$/;
export const isPendingId = (id: string): boolean => PENDING.test(id);

/** The pending id of a request key: the same 24 hex digits as its requests' document ids. */
export const pendingIdOf = (key: string): string => `pendiente-${requestKeyHash(key)}`;

export interface CampusNames {
  name: string;
  subname: string;
  shortName: string;
}

/**
 * A campus's names: the catalogue's, an added one's, or a pending one's ('… (pendiente)'); null
 * for an id that is none of them.
 */
export async function campusNamesOf(store: Firestore, id: string): Promise<CampusNames | null> {
  if (Object.hasOwn(CAMPUS_NAME, id)) {
    const [name, subname] = CAMPUS_NAME[id]!;
    return { name, subname, shortName: CAMPUS_LABEL[id] ?? name };
  }
  if (isPendingId(id)) {
    const pending = await store.collection(PENDING_COLLECTION).doc(id).get();
    if (!pending.exists) return null;
    const name = String(pending.get('name'));
    return { name, subname: String(pending.get('city')), shortName: `${name} (pendiente)` };
  }
  const added = await store.collection(CAMPUSES_COLLECTION).doc(id).get();
  if (!added.exists) return null;
  return {
    name: String(added.get('name')),
    subname: String(added.get('subname') ?? ''),
    shortName: String(added.get('shortName') ?? added.get('name')),
  };
}

/** How the e-mails name a campus: its short name, else its id. */
export const campusLabelOf = async (store: Firestore, id: string): Promise<string> =>
  (Object.hasOwn(CAMPUS_LABEL, id) && CAMPUS_LABEL[id]) ||
  (await campusNamesOf(store, id))?.shortName ||
  id;

/**
 * The campus a request answers (request_campus): the pending one, made by the first request of
 * its key in the same transaction as the request (its name and city as that student wrote them),
 * or, once an operator added it, the catalogue's.
 */
export async function pendingCampusOf(
  store: Firestore,
  tx: FirebaseFirestore.Transaction,
  request: { key: string; name: string; city: string },
): Promise<{ id: string; name: string; city: string; write: () => void }> {
  const id = pendingIdOf(request.key);
  const [added, pending] = await tx.getAll(
    store.collection(ADDED_COLLECTION).doc(id),
    store.collection(PENDING_COLLECTION).doc(id),
  );
  if (added!.exists) {
    const collegeId = String(added!.get('collegeId'));
    return {
      id: collegeId,
      name: String(added!.get('name')),
      city: String(added!.get('city')),
      write: () => {},
    };
  }
  if (pending!.exists) {
    return {
      id,
      name: String(pending!.get('name')),
      city: String(pending!.get('city')),
      write: () => {},
    };
  }
  return {
    id,
    name: request.name,
    city: request.city,
    write: () =>
      tx.create(store.collection(PENDING_COLLECTION).doc(id), {
        key: request.key,
        name: request.name,
        city: request.city,
        at: FieldValue.serverTimestamp(),
      }),
  };
}

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
  if (isPendingId(collegeId)) return 0; // no threshold of its own yet
  const ref = store.collection(MILESTONES_COLLECTION).doc(collegeId);
  const settingsRef = store.collection('campusSettings').doc(collegeId);
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
  const entries = await store.collection('waitlist').where('collegeId', '==', collegeId).get();
  const onList = entries.docs.filter((d) => {
    const joined = joinedOf(d.data());
    return joined !== null && joined <= mailing.at;
  });
  let queued = 0;
  for (let at = 0; at < onList.length; at += 100) {
    const chunk = onList.slice(at, at + 100);
    const stops = await store.getAll(
      ...chunk.map((d) => store.collection(STOPS_COLLECTION).doc(d.id)),
    );
    const written = chunk.filter(
      (d, i) => !(stops[i]!.exists && stops[i]!.get('joined') === joinedOf(d.data())),
    );
    if (!written.length) continue;
    const held = await store.getAll(
      ...written.map((d) =>
        store
          .collection(OUTBOX_COLLECTION)
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

// ------------------------------------------------------------------------------------------------
// campus:add
// ------------------------------------------------------------------------------------------------

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
  input: { request: string; id: string; name: string | null; short: string | null },
  {
    index,
    accounts,
  }: {
    index: (college: { id: string } & CampusNames) => Promise<void>;
    /** The students' names and sign-in addresses (Firebase Auth), by uid. */
    accounts: (uids: string[]) => Promise<Map<string, { name: string; email: string }>>;
  },
): Promise<{ added: boolean; moved: number; queued: number }> {
  const added = await store.collection(ADDED_COLLECTION).doc(input.request).get();
  if (added.exists) {
    if (added.get('collegeId') === input.id) return { added: false, moved: 0, queued: 0 };
    throw new CampusAddError(
      `the request ${input.request} was added as ${String(added.get('collegeId'))}`,
    );
  }
  const pending = await store.collection(PENDING_COLLECTION).doc(input.request).get();
  if (!pending.exists) throw new CampusAddError(`no campus request ${input.request}`);
  if (Object.hasOwn(CAMPUS_LABEL, input.id) || isPendingId(input.id)) {
    throw new CampusAddError(`the campus id ${input.id} is taken`);
  }
  const campusRef = store.collection(CAMPUSES_COLLECTION).doc(input.id);
  const name = input.name ?? String(pending.get('name'));
  const college = {
    id: input.id,
    name,
    subname: String(pending.get('city')),
    shortName: input.short ?? name,
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
        pendingId: input.request,
        key: String(pending.get('key')),
        addedAt: FieldValue.serverTimestamp(),
      });
    }
  });
  await index(college);
  // Every entry on the pending campus moves (the trigger reconciles each student's record).
  const onPending = await store
    .collection('waitlist')
    .where('collegeId', '==', input.request)
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
  const asked = await store.collection('campusRequests').where('key', '==', key).get();
  const uids = [...new Set(asked.docs.map((d) => String(d.get('uid'))))];
  let queued = 0;
  for (let at = 0; at < uids.length; at += 100) {
    const chunk = uids.slice(at, at + 100);
    const entries = await store.getAll(
      ...chunk.map((uid) => store.collection('waitlist').doc(uid)),
    );
    const known = await accounts(chunk);
    const messages = chunk.flatMap((uid, i) => {
      const entry = entries[i]!;
      const to = entry.exists ? (entry.get('email') as unknown) : known.get(uid)?.email;
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
  batch.set(store.collection(ADDED_COLLECTION).doc(input.request), {
    collegeId: input.id,
    name: String(pending.get('name')),
    city: String(pending.get('city')),
    at: Timestamp.now(),
  });
  batch.delete(pending.ref);
  await batch.commit();
  return { added: true, moved, queued };
}
