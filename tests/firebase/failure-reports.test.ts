import { beforeEach, expect, it } from 'vitest';
import { callableFunction } from '@/adapters/firebase/firebase-callable';
import {
  createCallableFailureReports,
  REPORT_FAILURE_FUNCTION,
} from '@/adapters/firebase/firebase-failure-reports.adapter';
import { reportDay, type FailureReport } from '@/domain/failure-report';
import { FUNCTIONS_EMULATOR, testApp } from '../support/emulators';
import { db, describeFirestore } from '../support/firestore';
import { COLLECTIONS } from '@/adapters/firebase/firestore-names';

// Issue 51: the first-party failure report on Firebase: the page's adapter calls the callable
// `report_failure` (functions/src/failure-reports.ts) in the real Functions emulator, without a sign-in,
// and the function counts it in the real Firestore emulator (`failureCounts/{day_kind_code}`).

const reports = () =>
  createCallableFailureReports({
    app: testApp(),
    region: 'us-central1',
    emulator: FUNCTIONS_EMULATOR,
  });

describeFirestore('failure reports on Firebase (issue 51)', () => {
  beforeEach(() => db.clear());

  it('a visitor’s report is counted by day, kind and code; nothing else is kept', async () => {
    const failures = reports();
    await failures.report({ kind: 'join', code: 'unavailable' });
    await failures.report({ kind: 'join', code: 'unavailable' });
    await failures.report({ kind: 'sign-in', code: 'auth/sign-in-failed' });
    const day = reportDay(new Date());
    expect(await db.snapshot('failureCounts')).toEqual({
      [`${COLLECTIONS.failureCounts}/${day}_join_unavailable`]: {
        day: { stringValue: day },
        kind: { stringValue: 'join' },
        code: { stringValue: 'unavailable' },
        count: { integerValue: '2' },
      },
      [`${COLLECTIONS.failureCounts}/${day}_sign-in_auth-sign-in-failed`]: {
        day: { stringValue: day },
        kind: { stringValue: 'sign-in' },
        code: { stringValue: 'auth/sign-in-failed' },
        count: { integerValue: '1' },
      },
    });
  });

  it('refuses anything but a report of the lists (invalid-argument), and counts nothing', async () => {
    for (const bad of [
      { kind: 'join', code: 'auth/popup-closed-by-user' },
      { kind: 'salir', code: 'unknown' },
    ]) {
      await expect(reports().report(bad as unknown as FailureReport)).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
    // What the adapter never sends, straight to the function: an extra field, no object.
    const call = callableFunction(
      { app: testApp(), region: 'us-central1', emulator: FUNCTIONS_EMULATOR },
      REPORT_FAILURE_FUNCTION,
    );
    for (const data of [{ kind: 'join', code: 'unknown', email: 'ana@alumnos.udg.mx' }, null, []]) {
      await expect(call(data)).rejects.toMatchObject({ code: 'functions/invalid-argument' });
    }
    expect(await db.snapshot('failureCounts')).toEqual({});
  });
});
