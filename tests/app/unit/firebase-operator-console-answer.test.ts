import { describe, expect, it } from 'vitest';
import {
  auditLogOfAnswer,
  campusesOfAnswer,
  healthOfAnswer,
  launchStatusOfAnswer,
  studentOfAnswer,
} from '@/adapters/firebase/operator-console-answer';
import { SELLER_CATEGORIES } from '@/domain/seller-choice';

// The operator console's answers from the callable `operator_console` (issue 61), read strictly:
// a malformed answer throws (the adapter answers `internal`), never a half-filled table.

const row = () => ({
  report: {
    campus: 'udg-cucei',
    joined: 3,
    verified: 2,
    invited: 0,
    invitedShare: '0.000',
    threshold: 100,
    sellers: 1,
    sellersVerified: 1,
    sellersBy: Object.fromEntries(SELLER_CATEGORIES.map((c) => [c, 0])),
    sources: [{ source: 'whatsapp/-/-', students: 1, verified: 1 }],
    milestones: [25],
    requests: 0,
    requestsVerified: 0,
    state: 'gathering',
    sellerMinimum: 10,
    ready: false,
  },
  name: 'UDG - CUCEI',
  settings: { threshold: 100, sellerMinimum: 10, state: 'gathering', opensOn: null },
  readiness: { ready: false, studentsMissing: 98, sellersMissing: 9 },
  launch: { state: 'none' },
});

describe('the operator console answers (Firebase)', () => {
  it('reads a well-formed campuses answer', () => {
    expect(campusesOfAnswer([row()])).toEqual([row()]);
  });

  it('throws on any malformed part, naming it', () => {
    const broken: [string, (r: ReturnType<typeof row>) => unknown][] = [
      ['report.joined', (r) => ({ ...r, report: { ...r.report, joined: -1 } })],
      ['report.verified', (r) => ({ ...r, report: { ...r.report, verified: '2' } })],
      ['settings.state', (r) => ({ ...r, settings: { ...r.settings, state: 'cerrado' } })],
      ['readiness.ready', (r) => ({ ...r, readiness: { ...r.readiness, ready: 'no' } })],
      ['launch.state', (r) => ({ ...r, launch: { state: 'lanzado' } })],
      ['report.sellersBy', (r) => ({ ...r, report: { ...r.report, sellersBy: {} } })],
    ];
    for (const [what, change] of broken) {
      expect(() => campusesOfAnswer([change(row())]), what).toThrow(TypeError);
      expect(() => campusesOfAnswer([change(row())]), what).toThrow(what.split('.')[0]!);
    }
    expect(() => campusesOfAnswer({ rows: [] })).toThrow(TypeError);
    expect(() => campusesOfAnswer(null)).toThrow(TypeError);
  });

  it('reads launch states, students, health and the log strictly', () => {
    expect(
      launchStatusOfAnswer({ state: 'scheduled', at: '2027-01-01T16:00:00.000Z', by: 'a@b.mx' }),
    ).toEqual({ state: 'scheduled', at: '2027-01-01T16:00:00.000Z', by: 'a@b.mx' });
    expect(() => launchStatusOfAnswer({ state: 'scheduled', at: 'mañana', by: 'a' })).toThrow();
    expect(() =>
      studentOfAnswer({ uid: 'u', email: 'e', collegeId: null, joinedAt: null, data: [] }),
    ).toThrow();
    expect(healthOfAnswer({ failures: [], retention: null })).toEqual({
      failures: [],
      retention: null,
    });
    expect(() =>
      healthOfAnswer({ failures: [{ day: 'hoy', counts: {}, dropped: 0 }], retention: null }),
    ).toThrow();
    expect(() => auditLogOfAnswer([{ id: 'x' }])).toThrow();
  });
});
