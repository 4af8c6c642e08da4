/**
 * The waitlist entry's trigger, `on_waitlist_written` (`waitlist/{uid}`: a join, a change of
 * campus, a leave). It does nothing of its own: each feature exports what it does when an entry
 * is written, and ON_ENTRY_WRITTEN calls them one after the other. A delivery of the trigger
 * again (retry: true) runs every step again: each converges on the entry as it is now or finds
 * its work done.
 */
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { milestonesOnEntryWritten } from './campus-launch';
import { reconcileOnEntryWritten } from './campus-progress';
import { sourceOnEntryWritten } from './join-sources';
import { mailOnEntryWritten } from './mail';
import { COLLECTIONS } from './mirror/adapters/firebase/firestore-names';
import type { EntryWrite } from './platform';
import { sellerChoiceOnEntryWritten } from './seller-choices';

/**
 * In this order, because:
 * 1. the campus record first: every count (the milestones', the welcome's progress) reads the
 *    campus records, so the student's must equal the entry before anything counts;
 * 2. then the milestones of the campuses the write moved (before and after), on that count;
 * 3. then the e-mails: a new entry's welcome (its progress from the count just reconciled), or a
 *    deleted entry's unsent messages forgotten;
 * 4. last, what goes with a deleted entry: the seller choice and the source (nothing reads them
 *    in the steps above).
 */
export const ON_ENTRY_WRITTEN: readonly ((write: EntryWrite) => Promise<void>)[] = [
  reconcileOnEntryWritten,
  milestonesOnEntryWritten,
  mailOnEntryWritten,
  sellerChoiceOnEntryWritten,
  sourceOnEntryWritten,
];

export const on_waitlist_written = onDocumentWritten(
  { document: `${COLLECTIONS.waitlist}/{uid}`, region: 'us-central1', retry: true },
  async (event) => {
    const write: EntryWrite = {
      uid: event.params.uid,
      before: event.data?.before.data(),
      after: event.data?.after.data(),
    };
    for (const step of ON_ENTRY_WRITTEN) await step(write);
  },
);
