import { describe, expect, it } from 'vitest';
import { AppError } from '@/domain/errors';
import type { ConsoleCampus } from '@/domain/operator/console-records';
import { launchReport } from '@/domain/launch-report';
import { SETTINGS_PROBLEMS } from '@/domain/operator/console-settings';
import { LAUNCH_REFUSALS } from '@/domain/operator/launch-plan';
import { nextSort, percentOf, unverifiedOf, visibleCampuses } from '@/ui/operator/campus-table';
import { placeOf } from '@/ui/operator/operator-console-page';
import {
  CONSOLE_TEXTS,
  consoleErrorMessage,
  isLostConnection,
  mexicoCityTime,
  settingsProblemOf,
} from '@/ui/operator/operator-texts';
import { outcomeLabel } from '@/ui/operator/records-sections';
import { domainsOf } from '@/ui/operator/requests-section';
import { chartSummary } from '@/ui/operator/verified-chart';

/** A console row from the launch report of `joined` students, `verified` of them verified. */
function campus(id: string, name: string, joined: number, verified: number, threshold = 100) {
  const entries = Array.from({ length: joined }, (_, i) => ({
    uid: `${id}-${i}`,
    collegeId: id,
    verified: i < verified,
  }));
  const [report] = launchReport({
    entries,
    invited: [],
    sellers: entries.slice(0, 12).map((e) => ({ uid: e.uid, categories: ['snacks'] })),
    sources: [],
    milestones: [],
    requests: [],
    settings: { [id]: { threshold } },
  });
  return {
    report: report!,
    name,
    settings: { threshold, sellerMinimum: 10, state: 'gathering', opensOn: null },
    readiness: { ready: report!.ready, studentsMissing: 0, sellersMissing: 0 },
    launch: { state: 'none' },
  } satisfies ConsoleCampus;
}

const rows = [
  campus('udg-cucei', 'UDG - CUCEI', 150, 120),
  campus('unam-cu', 'UNAM - CU', 40, 10),
  campus('ipn-escom', 'IPN - ESCOM', 90, 90, 80),
];
const ids = (list: readonly ConsoleCampus[]) => list.map((c) => c.report.campus);
const ALL = { text: '', state: '', readyOnly: false };

describe('the campuses table (issue 61)', () => {
  it('sorts by a column both ways, ties by id, and a click flips or starts a column', () => {
    expect(ids(visibleCampuses(rows, ALL, { key: 'verified', direction: 'descending' }))).toEqual([
      'udg-cucei',
      'ipn-escom',
      'unam-cu',
    ]);
    expect(ids(visibleCampuses(rows, ALL, { key: 'percent', direction: 'ascending' }))).toEqual([
      'unam-cu',
      'ipn-escom',
      'udg-cucei',
    ]);
    expect(ids(visibleCampuses(rows, ALL, { key: 'name', direction: 'ascending' }))).toEqual([
      'ipn-escom',
      'udg-cucei',
      'unam-cu',
    ]);
    expect(nextSort({ key: 'verified', direction: 'descending' }, 'verified')).toEqual({
      key: 'verified',
      direction: 'ascending',
    });
    expect(nextSort({ key: 'verified', direction: 'descending' }, 'name').direction).toBe(
      'ascending',
    );
    expect(nextSort({ key: 'name', direction: 'ascending' }, 'joined').direction).toBe(
      'descending',
    );
  });

  it('filters by text (accents and case ignored), by state and to the ready campuses only', () => {
    const sort = { key: 'name', direction: 'ascending' } as const;
    expect(ids(visibleCampuses(rows, { ...ALL, text: 'ÚNAM' }, sort))).toEqual(['unam-cu']);
    expect(ids(visibleCampuses(rows, { ...ALL, text: 'escom' }, sort))).toEqual(['ipn-escom']);
    expect(ids(visibleCampuses(rows, { ...ALL, state: 'open' }, sort))).toEqual([]);
    expect(ids(visibleCampuses(rows, { ...ALL, readyOnly: true }, sort))).toEqual([
      'ipn-escom',
      'udg-cucei',
    ]);
  });

  it('keeps unverified students apart and the percent on verified ones only', () => {
    expect(percentOf(rows[0]!)).toBe(120);
    expect(percentOf(rows[1]!)).toBe(10);
    expect(unverifiedOf(rows[0]!)).toBe(30);
    expect(unverifiedOf(rows[2]!)).toBe(0);
  });
});

describe('the console’s texts', () => {
  it('says each settings problem and launch refusal in Spanish, and a lost launch as unknown', () => {
    const threshold = new AppError('invalid-argument', 'threshold');
    expect(consoleErrorMessage(threshold)).toBe(SETTINGS_PROBLEMS.threshold);
    expect(settingsProblemOf(threshold)).toBe('threshold');
    expect(settingsProblemOf(new AppError('invalid-argument', 'already'))).toBeNull();
    expect(consoleErrorMessage(new AppError('invalid-argument', 'confirmation'))).toBe(
      LAUNCH_REFUSALS.confirmation,
    );
    expect(consoleErrorMessage(new AppError('permission-denied'))).toBe(CONSOLE_TEXTS.denied);
    expect(consoleErrorMessage(new AppError('invalid-argument', 'campus-add:domains'))).toMatch(
      /dominio/,
    );
    expect(isLostConnection(new AppError('deadline-exceeded'))).toBe(true);
    expect(isLostConnection(new AppError('unavailable'))).toBe(true);
    expect(isLostConnection(new AppError('invalid-argument', 'already'))).toBe(false);
    expect(outcomeLabel('done')).toBe('Hecho');
    expect(outcomeLabel('already')).toContain(LAUNCH_REFUSALS.already);
  });

  it('writes times in Mexico City’s time (UTC-6)', () => {
    expect(mexicoCityTime('2026-12-01T00:30:00Z')).toMatch(/30 nov.* 18:30/);
  });

  it('reads the section and the campus from the address, and the typed e-mail domains', () => {
    expect(placeOf('#campus/udg-cucei')).toEqual({ section: 'campus', campus: 'udg-cucei' });
    expect(placeOf('#fotos')).toEqual({ section: 'fotos', campus: null });
    expect(placeOf('#nada/x')).toEqual({ section: 'campus', campus: null });
    expect(placeOf('')).toEqual({ section: 'campus', campus: null });
    expect(domainsOf(' Alumnos.UDG.mx, academicos.udg.mx;x.mx ')).toEqual([
      'alumnos.udg.mx',
      'academicos.udg.mx',
      'x.mx',
    ]);
  });

  it('sums up the chart for screen readers', () => {
    expect(chartSummary([])).toMatch(/Todavía no hay/);
    expect(
      chartSummary([
        { day: '2026-11-01', joined: 5, verified: 2 },
        { day: '2026-11-02', joined: 7, verified: 6 },
      ]),
    ).toMatch(/^8 verificados de 12 unidos en 2 días.*\(6\)\.$/);
  });
});
