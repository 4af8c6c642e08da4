/**
 * What a code e-mail leaves behind, and for how long (issue 59, item 6 of the privacy notice's
 * promises): a code's message forgets the typed address and its nonce once it is sent, failed or
 * expired (FORGOTTEN_CODE, mail.ts's marks), and the retention job (students.ts's
 * apply_retention, `npm run retention`) prunes the codes' records (pruneCodeRecords). Imports
 * no other feature file: mail.ts and students.ts both use it.
 */
import { FieldValue, type Firestore, Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS } from './mirror/adapters/firebase/firestore-names';
import { DAY_MS } from './mirror/domain/code-sends';

/**
 * What a code's message forgets once it is sent, failed for good or expired (issue 59): the
 * address the student typed and the nonce of its digits; its recipient key (`recipient`) stays.
 */
export const FORGOTTEN_CODE = { to: FieldValue.delete(), nonce: FieldValue.delete() } as const;

/** What the retention job found of the codes' records (pruned unless a dry run). */
export interface CodePrune {
  /** Code records past their hour (verificationCodes). */
  codes: number;
  /** Address and domain ledgers past their day or hour (verificationSends). */
  sends: number;
  /** Identities whose day of requests is over: their times cleared, their totals kept. */
  identities: number;
  /** Budget days kept 30 days (codeBudget). */
  budgetDays: number;
  /** Code messages past their code's end that still held the typed address or the nonce. */
  codeMessages: number;
}

/**
 * The codes' part of retention (issue 59, item 6), daily with apply_retention and by
 * `npm run retention`: deletes what the TTL policies delete (docs/deploy-firebase.md; a project
 * without them is refused by the deploy, this runs anyway), clears the identities' times past a
 * day (never their lifetime totals), and makes a code message past its code's end forget the
 * typed address and the nonce (failed, if it was still pending: it is never sent).
 */
export async function pruneCodeRecords(
  store: Firestore,
  { now = Date.now(), dryRun = true }: { now?: number; dryRun?: boolean } = {},
): Promise<CodePrune> {
  const expired = (name: string) =>
    store.collection(name).where('expireAt', '<', Timestamp.fromMillis(now)).get();
  const [codes, sends, budgetDays, identities, messages] = await Promise.all([
    expired(COLLECTIONS.verificationCodes),
    expired(COLLECTIONS.verificationSends),
    expired(COLLECTIONS.codeBudget),
    store
      .collection(COLLECTIONS.codeIdentities)
      .where('lastAt', '<', now - DAY_MS)
      .get(),
    // Only a code's message holds a nonce (and only until it is sent, failed or expired).
    store.collection(COLLECTIONS.mailOutbox).where('nonce', '>', '').get(),
  ]);
  const stale = messages.docs.filter((d) => !(Number(d.get('expiresAt')) > now));
  if (!dryRun) {
    const writer = store.bulkWriter();
    // A document changed since it was read (a new send, a sender's mark) is left for next time.
    writer.onWriteError((error) => error.code !== 9 && error.failedAttempts < 3);
    // Each write's own failure is the error handler's (left for the next run), never unhandled.
    const write = (done: Promise<unknown>) => void done.catch(() => null);
    for (const doc of [...codes.docs, ...sends.docs, ...budgetDays.docs]) {
      write(writer.delete(doc.ref, { lastUpdateTime: doc.updateTime }));
    }
    for (const doc of identities.docs) {
      const cleared = { at: [], lastAt: FieldValue.delete() };
      write(writer.update(doc.ref, cleared, { lastUpdateTime: doc.updateTime }));
    }
    for (const doc of stale) {
      const forgotten =
        doc.get('status') === 'pending'
          ? {
              ...FORGOTTEN_CODE,
              status: 'failed',
              pendingDue: FieldValue.delete(),
              error: 'not written: its code expired',
            }
          : FORGOTTEN_CODE;
      write(writer.update(doc.ref, forgotten, { lastUpdateTime: doc.updateTime }));
    }
    await writer.close();
  }
  return {
    codes: codes.size,
    sends: sends.size,
    identities: identities.size,
    budgetDays: budgetDays.size,
    codeMessages: stale.length,
  };
}
