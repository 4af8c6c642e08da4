import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the operators' scripts, without types
import { campusReport, hasPlusTag } from '../../../scripts/ops/report/campus-report.mjs';
import fc from 'fast-check';
import { hasPlusTag as domainHasPlusTag } from '@/domain/email-address';

// The operators' campus report (issue 28), one pure function for every backend's script.
type Report = (what: string, data: unknown) => string;
const report = campusReport as Report;

const entries = [
  { uid: 'a', collegeId: 'udg-cucei', joinedAt: '2026-11-20T10:00:00.000Z', verified: true },
  {
    uid: 'b',
    collegeId: 'udg-cucei',
    joinedAt: '2026-11-20T23:59:00.000Z',
    verified: false,
    email: 'ana+2@alumnos.udg.mx',
  },
  { uid: 'c', collegeId: 'udg-cucei', joinedAt: '2026-11-21T08:00:00.000Z', verified: true },
  { uid: 'd', collegeId: 'itesm-gdl', joinedAt: '2026-11-21T09:00:00.000Z', verified: true },
];

describe('the campus report', () => {
  it('per campus: joined, verified, invited and its share, with the settings or the defaults', () => {
    expect(
      report('campuses', {
        entries,
        invited: ['c', 'd', 'gone'],
        settings: {
          'udg-cucei': { threshold: 150, state: 'opening', opensOn: '2027-01-15' },
          'udg-cucea': { threshold: 80, state: 'gathering', opensOn: '' },
        },
      }),
    ).toBe(
      [
        'campus,joined,verified,invited,invited_share,threshold,state,opens_on,plus_tagged,plus_share',
        'itesm-gdl,1,1,1,1.000,100,gathering,,0,0.000',
        'udg-cucea,0,0,0,0.000,80,gathering,,0,0.000',
        'udg-cucei,3,2,1,0.333,150,opening,2027-01-15,1,0.333',
        '',
      ].join('\n'),
    );
  });

  it("names +tag addresses as the domain's rule does (issue 51)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[a-z+@.]{0,12}$/)), (text) => {
        expect((hasPlusTag as (a: unknown) => boolean)(text)).toBe(domainHasPlusTag(text));
      }),
    );
  });

  it('per campus and day of joining (UTC)', () => {
    expect(report('days', { entries })).toBe(
      [
        'campus,day,joined,verified',
        'itesm-gdl,2026-11-21,1,1',
        'udg-cucei,2026-11-20,2,1',
        'udg-cucei,2026-11-21,1,1',
        '',
      ].join('\n'),
    );
  });

  it('requested campuses, most asked first, as first written; a formula stays text', () => {
    expect(
      report('requests', {
        requests: [
          { key: 's|c', name: 'U. Sotavento', city: 'Coatza', at: '2026-11-22T00:00:00.000Z' },
          { key: 's|c', name: 'u sotavento', city: 'COATZA', at: '2026-11-21T00:00:00.000Z' },
          {
            key: 'x|y',
            name: '=HYPERLINK("x")',
            city: 'León, Gto.',
            at: '2026-11-23T00:00:00.000Z',
          },
        ],
      }),
    ).toBe(
      [
        'name,city,requests,first_requested,pending_id',
        'u sotavento,COATZA,2,2026-11-21T00:00:00.000Z,',
        `"'=HYPERLINK(""x"")","León, Gto.",1,2026-11-23T00:00:00.000Z,`,
        '',
      ].join('\n'),
    );
  });

  it('failure reports show the reports dropped over the budget beside the kept ones (issue 59)', () => {
    expect(
      report('failures', {
        failures: [
          { day: '2026-11-28', kind: 'join', code: 'unavailable', count: 120 },
          { day: '2026-11-27', kind: 'join', code: 'internal', count: 2 },
        ],
        failureDrops: [
          { day: '2026-11-28', dropped: 4880 },
          { day: '2026-11-27', dropped: 0 },
        ],
      }),
    ).toBe(
      [
        'day,kind,code,count',
        '2026-11-28,dropped,over-budget,4880',
        '2026-11-28,join,unavailable,120',
        '2026-11-27,join,internal,2',
        '',
      ].join('\n'),
    );
  });

  it('failure reports, newest day first, then by kind and count (issue 51)', () => {
    expect(
      report('failures', {
        failures: [
          { day: '2026-11-27', kind: 'join', code: 'unavailable', count: 3 },
          { day: '2026-11-28', kind: 'sign-in', code: 'auth/sign-in-failed', count: 1 },
          { day: '2026-11-28', kind: 'join', code: 'internal', count: 2 },
          { day: '2026-11-28', kind: 'join', code: 'unavailable', count: 5 },
        ],
      }),
    ).toBe(
      [
        'day,kind,code,count',
        '2026-11-28,join,unavailable,5',
        '2026-11-28,join,internal,2',
        '2026-11-28,sign-in,auth/sign-in-failed,1',
        '2026-11-27,join,unavailable,3',
        '',
      ].join('\n'),
    );
  });
});
