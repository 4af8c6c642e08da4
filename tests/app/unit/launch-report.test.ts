// Issue 59, point 6: the launch report shows sellers, sources and requests from verified students
// beside the totals (src/domain/launch-report.ts); the memory backend's rows here (Firebase:
// tests/firebase/ops-scripts.test.ts; Supabase: tests/supabase/campus-ops.test.ts).
import { describe, expect, it } from 'vitest';
import {
  LAUNCH_REPORT_COLUMNS,
  launchReport,
  launchReportCsv,
  launchReportTable,
  type LaunchReportInput,
} from '@/domain/launch-report';
import { memoryWorld } from '../../support/memory-use-cases';

const PENDING = `pendiente-${'a'.repeat(24)}`;

const INPUT: LaunchReportInput = {
  entries: [
    { uid: 'v1', collegeId: 'udg-cucei', verified: true },
    { uid: 'v2', collegeId: 'udg-cucei', verified: true },
    { uid: 'p1', collegeId: 'udg-cucei', verified: false },
    { uid: 'p2', collegeId: PENDING, verified: false },
  ],
  invited: [],
  sellers: [
    { uid: 'v1', categories: ['postres'] },
    { uid: 'p1', categories: ['postres', 'snacks'] },
    { uid: 'v2', categories: [] },
  ],
  sources: [
    { uid: 'v1', source: 'whatsapp', medium: null, campaign: null },
    { uid: 'p1', source: 'whatsapp', medium: null, campaign: null },
    { uid: 'v2', source: 'tiktok', medium: 'video', campaign: null },
  ],
  milestones: [],
  requests: [
    {
      pendingId: PENDING,
      name: 'Universidad de Sotavento',
      requests: 3,
      addedAs: null,
      requesters: ['v1', 'p2', 'gone'],
    },
  ],
  settings: {},
};

describe('the launch report beside its totals: the verified students (issue 59)', () => {
  it('counts the verified sellers, sources and requesters of each campus', () => {
    const [cucei, pending] = [...launchReport(INPUT)].sort((a, b) =>
      a.campus === 'udg-cucei' ? -1 : b.campus === 'udg-cucei' ? 1 : 0,
    );
    expect(cucei).toMatchObject({ campus: 'udg-cucei', sellers: 2, sellersVerified: 1 });
    expect(cucei!.sources).toEqual([
      { source: 'whatsapp/-/-', students: 2, verified: 1 },
      { source: 'tiktok/video/-', students: 1, verified: 1 },
    ]);
    // A verified student (of another campus) asked for it; one on its list, and one gone, not.
    expect(pending).toMatchObject({ campus: PENDING, requests: 3, requestsVerified: 1 });
  });

  it('prints them in the CSV and the table', () => {
    const rows = launchReport(INPUT);
    const [head, ...lines] = launchReportCsv(rows).trim().split('\n');
    const columns = head!.split(',');
    expect(columns).toEqual([...LAUNCH_REPORT_COLUMNS]);
    const row = lines.find((l) => l.startsWith('udg-cucei,'))!.split(',');
    const cell = (name: string) => row[columns.indexOf(name)];
    expect([cell('sellers'), cell('sellers_verified')]).toEqual(['2', '1']);
    expect([cell('sources'), cell('sources_verified')]).toEqual([
      'whatsapp/-/-:2 tiktok/video/-:1',
      'whatsapp/-/-:1 tiktok/video/-:1',
    ]);
    const asked = lines.find((l) => l.startsWith(`${PENDING},`))!.split(',');
    expect([
      asked[columns.indexOf('requests')],
      asked[columns.indexOf('requests_verified')],
    ]).toEqual(['3', '1']);
    const table = launchReportTable(rows);
    expect(table).toContain(
      '  sellers    2 (1 verified): snacks 1, postres 2; 10 verified needed\n',
    );
    expect(table).toContain(
      '  sources    whatsapp/-/- 2 (1 verified), tiktok/video/- 1 (1 verified)\n',
    );
    expect(table).toContain('  requests   3 (1 verified)\n');
  });

  it('on the memory backend, from its records', async () => {
    const { backend } = memoryWorld();
    const { auth, waitlist, sellerChoices, campusRequests, controls } = backend;
    // Ana's sign-in address is of her campus's university: she counts as verified.
    const ana = await auth.signInWithPopup();
    await waitlist.join(ana.uid, {
      email: ana.email,
      collegeId: 'udg-cucei',
      timestamp: new Date(),
    });
    await sellerChoices.save(ana.uid, ['postres']);
    await campusRequests.request(ana.uid, {
      name: 'Universidad de Sotavento',
      city: 'Coatzacoalcos',
    });
    const cucei = controls.campusReport().find((r) => r.campus === 'udg-cucei')!;
    expect(cucei).toMatchObject({ joined: 1, verified: 1, sellers: 1, sellersVerified: 1 });
    const asked = controls.campusReport().find((r) => r.campus.startsWith('pendiente-'))!;
    expect(asked).toMatchObject({ requests: 1, requestsVerified: 1 });
  });
});
