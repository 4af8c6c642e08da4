// Issue 51: the memory backend's failure reports' "server" (src/adapters/memory/
// memory-failure-reports.adapter.ts), as the real ones: it reads each report again, counts it by
// day, kind and code, and counts at most FAILURE_REPORT_BUDGET.perWindow a minute.
import { describe, expect, it } from 'vitest';
import { FAILURE_REPORT_BUDGET } from '@/domain/failure-report';
import type { FailureReport } from '@/domain/failure-report';
import { memoryWorld } from '../../support/memory-use-cases';

describe('the memory failure reports', () => {
  it('counts well-formed reports by day, kind and code; refuses anything else', async () => {
    const { backend } = memoryWorld();
    await backend.failureReports.report({ kind: 'join', code: 'unavailable' });
    await backend.failureReports.report({ kind: 'join', code: 'unavailable' });
    await backend.failureReports.report({ kind: 'sign-in', code: 'auth/sign-in-failed' });
    for (const bad of [
      { kind: 'join', code: 'auth/popup-closed-by-user' },
      { kind: 'salir', code: 'unknown' },
      { kind: 'join', code: 'unknown', email: 'ana@alumnos.udg.mx' },
    ]) {
      await expect(
        backend.failureReports.report(bad as unknown as FailureReport),
      ).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
    expect(backend.controls.failureReports()).toEqual({
      '2026-11-22_join_unavailable': 2,
      '2026-11-22_sign-in_auth-sign-in-failed': 1,
    });
  });

  it(`counts at most ${FAILURE_REPORT_BUDGET.perWindow} a minute and drops the rest`, async () => {
    const { backend } = memoryWorld();
    for (let i = 0; i < FAILURE_REPORT_BUDGET.perWindow + 30; i++) {
      await backend.failureReports.report({ kind: 'join', code: 'internal' });
    }
    expect(backend.controls.failureReports()).toEqual({
      '2026-11-22_join_internal': FAILURE_REPORT_BUDGET.perWindow,
    });
  });
});
