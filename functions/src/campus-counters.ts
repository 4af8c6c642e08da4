/**
 * The operator console's campus figures, kept on write (issue 61): the launch report's counts of
 * every campus without reading its students, so the campuses view of 200 campuses and 100,000
 * students reads a few hundred documents.
 *
 * - `campusTallies/{uid}` = `{ collegeId, verified, invited, categories, source }`: what the
 *   counters count of one student now (a student without an entry has none).
 * - `campusCounters/{collegeId}` = `{ joined, verified, invited, sellers, sellersVerified,
 *   sellersBy: { category: n }, sources: { 'source/medium/campaign': { students, verified } } }`.
 *
 * `tallyStudent` recomputes the student's tally from their records (the entry, their campus
 * record, their seller choice, their source, their invite) and, in the same transaction, moves the
 * counters by the difference from the tally it replaces: any number of calls, in any order, leave
 * the counters equal to a recount (a call that finds the tally right writes nothing). It runs when
 * a student's campus record is written (every join, change of campus, leave and verification:
 * `on_campus_member_written`), when their seller choice is (`on_seller_choice_written`), and after
 * a source or an invite is recorded. An invite's credit is tallied as it stands when the invitee's
 * records change: an inviter moving campus later does not recount their invitees (the CLI's
 * `npm run report` recounts everything and is the reference).
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { COLLECTIONS, ENTRY_FIELDS } from './mirror/adapters/firebase/firestore-names';
import { SELLER_CATEGORIES } from './mirror/domain/seller-choice';
import { db } from './platform';

export interface Tally {
  collegeId: string;
  verified: boolean;
  invited: boolean;
  categories: string[];
  /** 'source/medium/campaign' (a missing field '-'), or null. */
  source: string | null;
}

const KNOWN = new Set<string>(SELLER_CATEGORIES);

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** A stored tally, or null when none (or malformed: it is then recounted from nothing). */
function tallyOf(value: Record<string, unknown> | undefined): Tally | null {
  if (!value || typeof value.collegeId !== 'string') return null;
  return {
    collegeId: value.collegeId,
    verified: value.verified === true,
    invited: value.invited === true,
    categories: Array.isArray(value.categories) ? value.categories.filter((c) => KNOWN.has(c)) : [],
    source: str(value.source),
  };
}

const sameTally = (a: Tally | null, b: Tally | null): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** A counter's changes (increments) by a tally counted `sign` times, added to `into`. */
function addDelta(into: Map<string, Record<string, number>>, tally: Tally, sign: 1 | -1): void {
  const delta = into.get(tally.collegeId) ?? {};
  const add = (key: string, n: number) => {
    delta[key] = (delta[key] ?? 0) + n * sign;
  };
  add('joined', 1);
  if (tally.verified) add('verified', 1);
  if (tally.invited) add('invited', 1);
  if (tally.categories.length) {
    add('sellers', 1);
    if (tally.verified) add('sellersVerified', 1);
    for (const c of tally.categories) add(`sellersBy\u0000${c}`, 1);
  }
  if (tally.source !== null) {
    add(`sources\u0000${tally.source}\u0000students`, 1);
    if (tally.verified) add(`sources\u0000${tally.source}\u0000verified`, 1);
  }
  into.set(tally.collegeId, delta);
}

/** The nested merge object of a counter's changes: `{ sellersBy: { c: increment(n) } }`. */
function incrementsOf(delta: Record<string, number>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, n] of Object.entries(delta)) {
    if (n === 0) continue;
    const path = key.split('\u0000');
    let at = out;
    for (const part of path.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[path.at(-1)!] = FieldValue.increment(n);
  }
  return out;
}

/**
 * Sets the student's tally to what their records say now and moves the campus counters by the
 * difference, in one transaction (see above). Resolves with the tally (null: not on any list).
 */
export async function tallyStudent(store: Firestore, uid: string): Promise<Tally | null> {
  const col = (name: string) => store.collection(name).doc(uid);
  const tallyRef = col(COLLECTIONS.campusTallies);
  return store.runTransaction(async (tx) => {
    const [held, entry, member, seller, source, invite] = await tx.getAll(
      tallyRef,
      col(COLLECTIONS.waitlist),
      col(COLLECTIONS.campusMembers),
      col(COLLECTIONS.sellerChoices),
      col(COLLECTIONS.joinSources),
      col(COLLECTIONS.invites),
    );
    const collegeId = entry!.get(ENTRY_FIELDS.collegeId) as unknown;
    let next: Tally | null = null;
    if (entry!.exists && typeof collegeId === 'string') {
      const verified = member!.get('collegeId') === collegeId && member!.get('verified') === true;
      const inviter = str(invite!.get('inviter'));
      const inviterEntry =
        verified && inviter
          ? await tx.get(store.collection(COLLECTIONS.waitlist).doc(inviter))
          : null;
      const categories = seller!.exists
        ? [...new Set((seller!.get('categories') as unknown[] | undefined) ?? [])].filter(
            (c): c is string => typeof c === 'string' && KNOWN.has(c),
          )
        : [];
      next = {
        collegeId,
        verified,
        invited: inviterEntry?.get(ENTRY_FIELDS.collegeId) === collegeId,
        categories: categories.sort(),
        source: source!.exists
          ? ['source', 'medium', 'campaign'].map((f) => str(source!.get(f)) ?? '-').join('/')
          : null,
      };
    }
    const prev = tallyOf(held!.data());
    if (sameTally(prev, next)) return next;
    const deltas = new Map<string, Record<string, number>>();
    if (prev) addDelta(deltas, prev, -1);
    if (next) addDelta(deltas, next, 1);
    for (const [campus, delta] of deltas) {
      const increments = incrementsOf(delta);
      if (Object.keys(increments).length) {
        tx.set(store.collection(COLLECTIONS.campusCounters).doc(campus), increments, {
          merge: true,
        });
      }
    }
    if (next) tx.set(tallyRef, next);
    else tx.delete(tallyRef);
    return next;
  });
}

/**
 * Every student's tally brought up to date (`npm run operator -- recount`): once after deploying
 * the counters on a project whose students joined before them, or to check them (a recount that
 * finds them right writes nothing). Tallies of students no longer on the list are removed too.
 * Resolves with how many students it went through.
 */
export async function tallyAll(store: Firestore, concurrency = 20): Promise<number> {
  const [entries, tallies] = await Promise.all([
    store.collection(COLLECTIONS.waitlist).select().get(),
    store.collection(COLLECTIONS.campusTallies).select().get(),
  ]);
  const uids = [...new Set([...entries.docs, ...tallies.docs].map((d) => d.id))];
  for (let at = 0; at < uids.length; at += concurrency) {
    await Promise.all(uids.slice(at, at + concurrency).map((uid) => tallyStudent(store, uid)));
  }
  return uids.length;
}

/** A student's campus record written (joined, moved, left, verified): their tally follows. */
export const on_campus_member_written = onDocumentWritten(
  { document: `${COLLECTIONS.campusMembers}/{uid}`, region: 'us-central1', retry: true },
  async (event) => {
    await tallyStudent(db(), event.params.uid);
  },
);

/** A student's seller choice written or deleted: their tally follows. */
export const on_seller_choice_written = onDocumentWritten(
  { document: `${COLLECTIONS.sellerChoices}/{uid}`, region: 'us-central1', retry: true },
  async (event) => {
    await tallyStudent(db(), event.params.uid);
  },
);
