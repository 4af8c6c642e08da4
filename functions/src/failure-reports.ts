/**
 * What the page reports went wrong: a failed sign-in or join (`report_failure`, issue 51), counted
 * for operators, and a CSP violation (`csp_report`), logged. Neither reads or keeps anything of the
 * student; each instance counts or logs a bounded number (a flood is dropped, and said so). The
 * report's rule is src/domain/failure-report.ts (mirrored); the CSP body's reading is
 * csp-report.logic.ts (free of Firebase, tested on its own).
 *
 * `failureCounts/{day}_{kind}_{code}` = `{ day, kind, code, count }`: one document per UTC day,
 * kind and code (`npm run report -- failures`); `failureDrops/{day}` = `{ day, dropped }`: the
 * reports dropped over the budget that day (issue 59), beside them in the report.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { HttpsError, onCall, onRequest } from 'firebase-functions/v2/https';
import { createLogBudget, handleCspReport } from './csp-report.logic';
import { COLLECTIONS } from './mirror/adapters/firebase/firestore-names';
import {
  createDropLedger,
  FAILURE_REPORT_BUDGET,
  failureCountKey,
  parseFailureReport,
  reportDay,
} from './mirror/domain/failure-report';
import { CALLABLE, db } from './platform';

/** This instance's budget of counted failure reports (a flood is dropped, as CSP lines are). */
const failureBudget = createLogBudget(Date.now, FAILURE_REPORT_BUDGET);

/**
 * This instance's dropped reports (issue 59), counted in memory and written in batches: the first
 * drop at once, then at most one write per DROP_WRITE_EVERY_MS (src/domain/failure-report.ts), so
 * a flood costs a bounded number of writes whatever its size; the drops that wait are written by
 * the instance's next call after that time. A write that fails gives its batch back.
 */
const dropLedger = createDropLedger(Date.now);

async function writeDrops(batch: number): Promise<void> {
  if (!batch) return;
  const day = reportDay(new Date());
  try {
    await db()
      .collection(COLLECTIONS.failureDrops)
      .doc(day)
      .set({ day, dropped: FieldValue.increment(batch) }, { merge: true });
  } catch (error) {
    dropLedger.unwritten(batch);
    logger.warn('Dropped failure reports not written', { batch, error: String(error) });
  }
}

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
    if (!allowed) {
      await writeDrops(dropLedger.drop());
      return null;
    }
    const day = reportDay(new Date());
    await Promise.all([
      db()
        .collection(COLLECTIONS.failureCounts)
        .doc(failureCountKey(day, report))
        .set(
          { day, kind: report.kind, code: report.code, count: FieldValue.increment(1) },
          { merge: true },
        ),
      writeDrops(dropLedger.due()),
    ]);
    return null;
  },
);

/** This instance's budget of logged violations (a flood of reports is counted, not logged). */
const cspLogBudget = createLogBudget();

/**
 * The page's CSP violation reports (`report-uri /csp-report`, `report-to csp-endpoint`): a Hosting
 * rewrite sends /csp-report here, so reports stay on the site's origin. Each violation is logged
 * as a warning (Cloud Logging: `CSP violation`); the body is bounded (csp-report.logic.ts).
 */
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
