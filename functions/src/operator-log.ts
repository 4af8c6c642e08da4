/**
 * The operators' log on Firebase (issue 61, src/domain/operator/audit-log.ts):
 * `operatorLog/{auto id}` = `{ at, actor, action, target, outcome, before, after }`, written by
 * the functions (and the operators' commands) with the Admin SDK in the same transaction or batch
 * as the action it records; a refused attempt is an entry of its own. Nothing updates or deletes
 * an entry but the retention job, past AUDIT_LOG_DAYS (`pruneOperatorLog`); the rules close the
 * collection to every client, operators included. Each run of the retention job is recorded in
 * `retentionRuns/{auto id}` = `{ at, deleted }` for the console's health view.
 *
 * Loaded by the operators' commands (functions/lib) beside their own Admin app: every function
 * here takes its Firestore as an argument.
 */
import {
  type DocumentData,
  type DocumentReference,
  FieldValue,
  type Firestore,
  Timestamp,
} from 'firebase-admin/firestore';
import { COLLECTIONS } from './mirror/adapters/firebase/firestore-names';
import { AUDIT_LOG_DAYS, type OperatorAction } from './mirror/domain/operator/audit-log';

export interface LogLine {
  /** The operator's e-mail from their token ('terminal:<user>' for a command). */
  readonly actor: string;
  readonly action: OperatorAction;
  /** A campus id or a student's uid (never an address), or null. */
  readonly target: string | null;
  /** 'done', or the refusal's name. */
  readonly outcome: string;
  readonly before?: unknown;
  readonly after?: unknown;
}

/** What may write an entry: a transaction or a batch (both `create`). */
export interface LogWriter {
  create(ref: DocumentReference, data: DocumentData): unknown;
}

/** Plain JSON for a log field (undefined becomes null; Firestore keeps no undefined). */
const plain = (value: unknown): unknown =>
  value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);

/** Adds the entry to `writer` (the action's own transaction or batch). */
export function logIn(store: Firestore, writer: LogWriter, line: LogLine): void {
  writer.create(store.collection(COLLECTIONS.operatorLog).doc(), {
    at: FieldValue.serverTimestamp(),
    actor: line.actor,
    action: line.action,
    target: line.target,
    outcome: line.outcome,
    before: plain(line.before),
    after: plain(line.after),
  });
}

/** An entry written on its own: an attempt refused before anything else was written. */
export async function logAlone(store: Firestore, line: LogLine): Promise<void> {
  const batch = store.batch();
  logIn(store, batch, line);
  await batch.commit();
}

/** Deletes the entries older than AUDIT_LOG_DAYS at `now` (ms); resolves with how many. */
export async function pruneOperatorLog(store: Firestore, now: number): Promise<number> {
  const cutoff = Timestamp.fromMillis(now - AUDIT_LOG_DAYS * 86_400_000);
  let deleted = 0;
  for (;;) {
    const old = await store
      .collection(COLLECTIONS.operatorLog)
      .where('at', '<', cutoff)
      .limit(400)
      .select()
      .get();
    if (old.empty) return deleted;
    const batch = store.batch();
    for (const doc of old.docs) batch.delete(doc.ref);
    await batch.commit();
    deleted += old.size;
  }
}

/** Records a run of the retention job: when, and how many of each it deleted. */
export async function recordRetentionRun(
  store: Firestore,
  deleted: Readonly<Record<string, number>>,
): Promise<void> {
  await store.collection(COLLECTIONS.retentionRuns).add({
    at: FieldValue.serverTimestamp(),
    deleted: { ...deleted },
  });
}
