import { beforeEach, expect, it } from 'vitest';
import { callableFunction } from '@/adapters/firebase/firebase-callable';
import {
  createCallableFailureReports,
  REPORT_FAILURE_FUNCTION,
} from '@/adapters/firebase/firebase-failure-reports.adapter';
import { failureCountKey, type FailureReport } from '@/domain/failure-report';
import { describeFailureReportsContract } from '../app/contract/failure-reports.contract';
import { FUNCTIONS_EMULATOR, testApp } from '../support/emulators';
import { db, describeFirestore } from '../support/firestore';
import { COLLECTIONS } from '@/adapters/firebase/firestore-names';

// Issue 51: the first-party failure report on Firebase: the page's adapter calls the callable
// `report_failure` (functions/src/failure-reports.ts) in the real Functions emulator, without a sign-in,
// and the function counts it in the real Firestore emulator (`failureCounts/{day_kind_code}`): the
// FailureReports contract, and what only the function sees.

const reports = () =>
  createCallableFailureReports({
    app: testApp(),
    region: 'us-central1',
    emulator: FUNCTIONS_EMULATOR,
  });

describeFirestore('failure reports on Firebase (issue 51)', () => {
  beforeEach(() => db.clear());

  describeFailureReportsContract('firebase (Functions and Firestore emulators)', async () => ({
    reports: reports(),
    counts: async () =>
      Object.entries(await db.snapshot(COLLECTIONS.failureCounts)).map(([path, fields]) => {
        const value = (field: string) => (fields[field] as { stringValue: string }).stringValue;
        const count = { day: value('day'), kind: value('kind'), code: value('code') };
        // Nothing else is kept, under the day's, kind's and code's own id.
        expect(Object.keys(fields).sort()).toEqual(['code', 'count', 'day', 'kind']);
        expect(path).toBe(
          `${COLLECTIONS.failureCounts}/${failureCountKey(count.day, count as FailureReport)}`,
        );
        return { ...count, count: Number((fields.count as { integerValue: string }).integerValue) };
      }),
    // `failureDrops/{day}` = `{ day, dropped }` (issue 59), and nothing else.
    drops: async () =>
      Object.entries(await db.snapshot(COLLECTIONS.failureDrops)).map(([path, fields]) => {
        expect(Object.keys(fields).sort()).toEqual(['day', 'dropped']);
        const day = (fields.day as { stringValue: string }).stringValue;
        expect(path).toBe(`${COLLECTIONS.failureDrops}/${day}`);
        return { day, dropped: Number((fields.dropped as { integerValue: string }).integerValue) };
      }),
    // The instance writes its drops in batches (DROP_WRITE_EVERY_MS).
    dropsWrittenAtOnce: false,
  }));

  it('the function refuses what the adapter never sends (invalid-argument), and counts nothing', async () => {
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
