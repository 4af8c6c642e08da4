// The operator console's domain (issue 61, src/domain/operator/): Mexico City's days and wall
// times, the launch's confirmation and time, the settings' checks (a date in the past among
// them), the operators' log entries as a server answers them, and readiness.
import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_DAYS, OPERATOR_ACTIONS, parseAuditEntry } from '@/domain/operator/audit-log';
import { checkSettings, mexicoCityDay, MIN_THRESHOLD } from '@/domain/operator/console-settings';
import {
  confirmsLaunch,
  LAUNCH_HORIZON_DAYS,
  launchTime,
  mexicoCityInstant,
  mexicoCityLocal,
} from '@/domain/operator/launch-plan';
import { checkAddCampus, NAME_LENGTH } from '@/domain/operator/add-campus';
import { DEFAULT_SELLER_MINIMUM, readiness } from '@/domain/operator/readiness';

describe('Mexico City days and wall times (UTC-6 all year)', () => {
  it('reads the day of an instant as Mexico City lives it', () => {
    // 05:59 UTC is still the evening before in Mexico City; 06:00 UTC is midnight.
    expect(mexicoCityDay(new Date('2026-12-01T05:59:00Z'))).toBe('2026-11-30');
    expect(mexicoCityDay(new Date('2026-12-01T06:00:00Z'))).toBe('2026-12-01');
    // Summer too: no daylight saving time since 2022.
    expect(mexicoCityDay(new Date('2027-07-01T05:00:00Z'))).toBe('2027-06-30');
  });

  it('turns a wall time into its instant and back', () => {
    expect(mexicoCityInstant('2026-12-24T18:30')?.toISOString()).toBe('2026-12-25T00:30:00.000Z');
    expect(mexicoCityInstant('2027-07-01T00:00')?.toISOString()).toBe('2027-07-01T06:00:00.000Z');
    expect(mexicoCityLocal(new Date('2026-12-25T00:30:00Z'))).toBe('2026-12-24T18:30');
    for (const local of ['2026-01-01T00:00', '2026-06-15T12:45', '2028-02-29T23:59']) {
      expect(mexicoCityLocal(mexicoCityInstant(local)!)).toBe(local);
    }
  });

  it('refuses what is not a real wall time', () => {
    for (const bad of [
      '2027-02-30T10:00',
      '2027-02-29T10:00',
      '2026-13-01T10:00',
      '2026-12-01T24:00',
      '2026-12-01T10:60',
      '2026-12-01 10:00',
      '2026-12-01T10:00:00',
      '2026-12-01',
      '',
      null,
      1_764_000_000_000,
    ]) {
      expect(mexicoCityInstant(bad), String(bad)).toBeNull();
    }
  });
});

describe('the launch’s confirmation and time', () => {
  it('needs the campus id typed exactly (spaces around forgiven)', () => {
    expect(confirmsLaunch('udg-cucei', 'udg-cucei')).toBe(true);
    expect(confirmsLaunch('  udg-cucei ', 'udg-cucei')).toBe(true);
    for (const typed of ['UDG-CUCEI', 'udg-cuce', 'udg-cucei2', '', null, undefined]) {
      expect(confirmsLaunch(typed, 'udg-cucei'), String(typed)).toBe(false);
    }
  });

  it('runs now for no time, at a future time within the horizon, else refuses', () => {
    const now = new Date('2026-11-29T18:00:00Z'); // 12:00 in Mexico City
    expect(launchTime(null, now)).toBe(now);
    expect(launchTime('', now)).toBe(now);
    expect(launchTime('2026-11-29T13:00', now)?.toISOString()).toBe('2026-11-29T19:00:00.000Z');
    // Now or before: refused.
    expect(launchTime('2026-11-29T12:00', now)).toBeNull();
    expect(launchTime('2026-11-29T11:59', now)).toBeNull();
    expect(launchTime('2020-01-01T10:00', now)).toBeNull();
    // The horizon's last minute is allowed, the next one is not.
    const last = mexicoCityLocal(new Date(now.getTime() + LAUNCH_HORIZON_DAYS * 86_400_000));
    expect(launchTime(last, now)).not.toBeNull();
    const beyond = mexicoCityLocal(
      new Date(now.getTime() + LAUNCH_HORIZON_DAYS * 86_400_000 + 60_000),
    );
    expect(launchTime(beyond, now)).toBeNull();
    expect(launchTime('mañana', now)).toBeNull();
  });
});

describe('the settings’ checks', () => {
  // 2026-11-30 05:00 UTC is still 2026-11-29 in Mexico City.
  const now = new Date('2026-11-30T05:00:00Z');
  const good = { threshold: 150, sellerMinimum: 10, state: 'opening', opensOn: '2026-12-15' };

  it('accepts valid settings, an opening date of today (Mexico City) or none', () => {
    expect(checkSettings(good, now)).toEqual({ ok: true, settings: good });
    expect(checkSettings({ ...good, opensOn: '2026-11-29' }, now)).toMatchObject({ ok: true });
    for (const none of [null, undefined, '']) {
      expect(checkSettings({ ...good, opensOn: none }, now)).toEqual({
        ok: true,
        settings: { ...good, opensOn: null },
      });
    }
    expect(checkSettings({ ...good, threshold: MIN_THRESHOLD, sellerMinimum: 0 }, now).ok).toBe(
      true,
    );
  });

  it('names the first field it refuses', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, threshold: MIN_THRESHOLD - 1 }, 'threshold'],
      [{ ...good, threshold: 10.5 }, 'threshold'],
      [{ ...good, threshold: '150' }, 'threshold'],
      [{ ...good, threshold: 100_001 }, 'threshold'],
      [{ ...good, sellerMinimum: -1 }, 'sellerMinimum'],
      [{ ...good, sellerMinimum: 1.5 }, 'sellerMinimum'],
      [{ ...good, sellerMinimum: 10_001 }, 'sellerMinimum'],
      [{ ...good, sellerMinimum: undefined }, 'sellerMinimum'],
      [{ ...good, state: 'cerrado' }, 'state'],
      // The day before Mexico City's today (2026-11-29).
      [{ ...good, opensOn: '2026-11-28' }, 'opensOn'],
      [{ ...good, opensOn: '2020-01-01' }, 'opensOn'],
      [{ ...good, opensOn: '2027-02-30' }, 'opensOn'],
      [{ ...good, opensOn: '15/12/2026' }, 'opensOn'],
      [{ ...good, threshold: 5, state: 'cerrado' }, 'threshold'],
    ];
    for (const [settings, problem] of cases) {
      expect(checkSettings(settings, now), JSON.stringify(settings)).toEqual({
        ok: false,
        problem,
      });
    }
    expect(checkSettings(null, now)).toEqual({ ok: false, problem: 'threshold' });
  });

  it('reads a date in the past by Mexico City’s day, not UTC’s', () => {
    // UTC's day is already 2026-11-30; Mexico City's is 2026-11-29, which is allowed.
    expect(checkSettings({ ...good, opensOn: '2026-11-29' }, now).ok).toBe(true);
    // An hour later in Mexico City it is 2026-11-30: the 29th is in the past.
    const later = new Date('2026-11-30T06:00:00Z');
    expect(checkSettings({ ...good, opensOn: '2026-11-29' }, later)).toEqual({
      ok: false,
      problem: 'opensOn',
    });
  });
});

describe('the operators’ log entries', () => {
  const entry = {
    id: 'log-1',
    at: '2026-11-29T18:00:00.000Z',
    actor: 'operadora@deestudiantes.example',
    action: 'launch',
    target: 'udg-cucei',
    outcome: 'done',
    before: { state: 'none' },
    after: { state: 'launched' },
  };

  it('reads a well-formed entry, before and after missing as null', () => {
    expect(parseAuditEntry(entry)).toEqual(entry);
    const bare = { ...entry } as Partial<typeof entry>;
    delete bare.before;
    delete bare.after;
    expect(parseAuditEntry({ ...bare, target: null })).toEqual({
      ...bare,
      target: null,
      before: null,
      after: null,
    });
    for (const action of OPERATOR_ACTIONS)
      expect(parseAuditEntry({ ...entry, action })).not.toBeNull();
  });

  it('refuses a malformed one', () => {
    for (const bad of [
      null,
      'log-1',
      [],
      { ...entry, id: 1 },
      { ...entry, at: 'ayer' },
      { ...entry, at: undefined },
      { ...entry, actor: null },
      { ...entry, action: 'borrar-todo' },
      { ...entry, target: 5 },
      { ...entry, target: undefined },
      { ...entry, outcome: true },
    ]) {
      expect(parseAuditEntry(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('is kept two years', () => {
    expect(AUDIT_LOG_DAYS).toBe(730);
  });
});

describe('readiness', () => {
  it('needs the verified students and the verified sellers', () => {
    expect(
      readiness({ verified: 100, threshold: 100, sellersVerified: 10, sellerMinimum: 10 }),
    ).toEqual({ ready: true, studentsMissing: 0, sellersMissing: 0 });
    // Buyers and no sellers: not ready.
    expect(
      readiness({
        verified: 500,
        threshold: 100,
        sellersVerified: 0,
        sellerMinimum: DEFAULT_SELLER_MINIMUM,
      }),
    ).toEqual({ ready: false, studentsMissing: 0, sellersMissing: 10 });
    expect(
      readiness({ verified: 99, threshold: 100, sellersVerified: 50, sellerMinimum: 10 }),
    ).toEqual({
      ready: false,
      studentsMissing: 1,
      sellersMissing: 0,
    });
  });
});

describe('an added campus’s typed fields (checkAddCampus)', () => {
  const good = {
    request: `pendiente-${'a1'.repeat(12)}`,
    id: 'ucol-manzanillo',
    name: '  Universidad   de Colima ',
    shortName: 'UCOL - Manzanillo',
    city: 'Manzanillo',
    state: 'Colima',
    domains: [' UCOL.mx', 'ucol.mx', 'alumnos.ucol.mx'],
  };

  it('tidies a valid add: spaces folded, domains lowercase and once each', () => {
    expect(checkAddCampus(good)).toEqual({
      ok: true,
      input: {
        ...good,
        name: 'Universidad de Colima',
        domains: ['ucol.mx', 'alumnos.ucol.mx'],
      },
    });
  });

  it('names the first field it refuses', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ request: 'udg-cucei' }, 'request'],
      [{ id: 'Con Espacios' }, 'id'],
      [{ id: `pendiente-${'b2'.repeat(12)}` }, 'id'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(NAME_LENGTH + 1) }, 'name'],
      [{ shortName: '<b>UCOL</b>' }, 'shortName'],
      [{ city: 'Man\u0000zanillo' }, 'city'],
      [{ state: 7 }, 'state'],
      [{ domains: [] }, 'domains'],
      [{ domains: ['ucol'] }, 'domains'],
      [{ domains: ['ucol.mx', 'ana@ucol.mx'] }, 'domains'],
      [{ domains: Array.from({ length: 11 }, (_, k) => `d${k}.mx`) }, 'domains'],
    ];
    for (const [change, problem] of cases) {
      expect(checkAddCampus({ ...good, ...change }), JSON.stringify(change)).toEqual({
        ok: false,
        problem,
      });
    }
    expect(checkAddCampus(null)).toEqual({ ok: false, problem: 'request' });
  });
});
