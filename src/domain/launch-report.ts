/**
 * One report to launch from (issue 49, part 5): per campus, who joined, who counts, how many came
 * by invite, who will sell what, where students came from, the milestones reached, the requests,
 * and the launch state. Sellers, sources and requests show, beside their totals, how many come
 * from verified students (issue 59): the ones a launch can trust. Each backend reads its records (the Firebase Admin SDK, Postgres as the
 * service role, the memory state) and hands them here as plain rows; `npm run report`, its
 * Supabase twin and `window.__memoryBackend.campusReport()` print the same rows. Operators only:
 * unfloored figures, never published.
 */
import { DEFAULT_THRESHOLD } from '@/domain/campus-progress';
import { isPendingCampusId } from '@/domain/campus-request-rule';
import { SELLER_CATEGORIES, type SellerCategory } from '@/domain/seller-choice';
import { DEFAULT_SELLER_MINIMUM, readiness } from '@/domain/operator/readiness';

export interface LaunchReportInput {
  /** Every entry: its campus and whether its student counts as verified now. */
  readonly entries: readonly {
    readonly uid: string;
    readonly collegeId: string;
    readonly verified: boolean;
  }[];
  /** The uids credited to an invite that counts (invitee on the list and verified). */
  readonly invited: readonly string[];
  readonly sellers: readonly { readonly uid: string; readonly categories: readonly string[] }[];
  readonly sources: readonly {
    readonly uid: string;
    readonly source: string | null;
    readonly medium: string | null;
    readonly campaign: string | null;
  }[];
  /** Each milestone reached, by campus (the ones mailed and the ones passed by a jump). */
  readonly milestones: readonly { readonly collegeId: string; readonly milestone: number }[];
  /**
   * Requested campuses: the pending id, its name, how many asked, the id it was added as, and
   * the uids of who asked (issue 59: the verified among them are counted apart).
   */
  readonly requests: readonly {
    readonly pendingId: string;
    readonly name: string;
    readonly requests: number;
    readonly addedAs: string | null;
    readonly requesters?: readonly string[];
  }[];
  /**
   * The operators' settings, by campus (a campus without them: threshold 100, gathering, and
   * DEFAULT_SELLER_MINIMUM verified sellers; issue 61).
   */
  readonly settings: Readonly<
    Record<
      string,
      { readonly threshold?: number; readonly state?: string; readonly sellerMinimum?: number }
    >
  >;
  /** Simulated verified classmates (memory only). */
  readonly classmates?: Readonly<Record<string, number>>;
}

export interface LaunchReportRow {
  readonly campus: string;
  readonly joined: number;
  readonly verified: number;
  readonly invited: number;
  /** invited / joined, three decimals ('0.000' when none joined). */
  readonly invitedShare: string;
  readonly threshold: number | null;
  readonly sellers: number;
  /** Of the sellers, the students verified now (issue 59). */
  readonly sellersVerified: number;
  readonly sellersBy: Readonly<Record<SellerCategory, number>>;
  /**
   * 'source/medium/campaign' (a missing field '-'), how many, and how many of them are verified
   * now (issue 59), most first.
   */
  readonly sources: readonly {
    readonly source: string;
    readonly students: number;
    readonly verified: number;
  }[];
  readonly milestones: readonly number[];
  /** Students who asked for this campus ('Mi campus no aparece'): pending and added ones. */
  readonly requests: number;
  /** Of those, the students verified now, at whatever campus (issue 59). */
  readonly requestsVerified: number;
  /** 'pendiente' for a requested campus not added; else the operators' state. */
  readonly state: string;
  /** The verified sellers the campus needs (issue 61; null for a pending campus). */
  readonly sellerMinimum: number | null;
  /**
   * Ready to open (issue 61, src/domain/operator/readiness.ts): verified students at or over the
   * threshold AND at least `sellerMinimum` verified sellers.
   */
  readonly ready: boolean;
}

export function launchReport(input: LaunchReportInput): LaunchReportRow[] {
  const campusOf = new Map(input.entries.map((e) => [e.uid, e.collegeId]));
  const ids = new Set<string>([
    ...input.entries.map((e) => e.collegeId),
    ...Object.keys(input.settings),
    ...Object.keys(input.classmates ?? {}),
    ...input.requests.map((r) => r.addedAs ?? r.pendingId),
  ]);
  const invited = new Set(input.invited);
  const verifiedNow = new Set(input.entries.filter((e) => e.verified).map((e) => e.uid));
  const rows: LaunchReportRow[] = [];
  for (const campus of [...ids].sort()) {
    const mine = input.entries.filter((e) => e.collegeId === campus);
    const joined = mine.length;
    const verified = mine.filter((e) => e.verified).length + (input.classmates?.[campus] ?? 0);
    const invitedHere = mine.filter((e) => invited.has(e.uid)).length;
    const sellersBy = Object.fromEntries(SELLER_CATEGORIES.map((c) => [c, 0])) as Record<
      SellerCategory,
      number
    >;
    let sellers = 0;
    let sellersVerified = 0;
    for (const s of input.sellers) {
      if (campusOf.get(s.uid) !== campus) continue;
      const known = s.categories.filter((c): c is SellerCategory => c in sellersBy);
      if (known.length) {
        sellers++;
        if (verifiedNow.has(s.uid)) sellersVerified++;
      }
      for (const c of new Set(known)) sellersBy[c]++;
    }
    const bySource = new Map<string, { students: number; verified: number }>();
    for (const s of input.sources) {
      if (campusOf.get(s.uid) !== campus) continue;
      const key = [s.source, s.medium, s.campaign].map((v) => v ?? '-').join('/');
      const held = bySource.get(key) ?? { students: 0, verified: 0 };
      bySource.set(key, {
        students: held.students + 1,
        verified: held.verified + (verifiedNow.has(s.uid) ? 1 : 0),
      });
    }
    const pending = isPendingCampusId(campus);
    const requested = input.requests.filter((r) => (r.addedAs ?? r.pendingId) === campus);
    const settings = input.settings[campus] ?? {};
    const threshold = pending ? null : (settings.threshold ?? DEFAULT_THRESHOLD);
    const sellerMinimum = pending ? null : (settings.sellerMinimum ?? DEFAULT_SELLER_MINIMUM);
    rows.push({
      campus,
      joined,
      verified,
      invited: invitedHere,
      invitedShare: joined ? (invitedHere / joined).toFixed(3) : '0.000',
      threshold,
      sellers,
      sellersVerified,
      sellersBy,
      sources: [...bySource.entries()]
        .map(([source, counts]) => ({ source, ...counts }))
        .sort((a, b) => b.students - a.students || a.source.localeCompare(b.source)),
      milestones: [
        ...new Set(input.milestones.filter((m) => m.collegeId === campus).map((m) => m.milestone)),
      ].sort((a, b) => a - b),
      requests: requested.reduce((sum, r) => sum + r.requests, 0),
      requestsVerified: new Set(
        requested.flatMap((r) => r.requesters ?? []).filter((uid) => verifiedNow.has(uid)),
      ).size,
      state: pending ? 'pendiente' : (settings.state ?? 'gathering'),
      sellerMinimum,
      ready:
        threshold !== null &&
        sellerMinimum !== null &&
        readiness({ verified, threshold, sellersVerified, sellerMinimum }).ready,
    });
  }
  return rows;
}

/** The report's columns, as the CSV heads them. */
export const LAUNCH_REPORT_COLUMNS = [
  'campus',
  'joined',
  'verified',
  'invited',
  'invited_share',
  'threshold',
  'seller_minimum',
  'ready',
  'state',
  'sellers',
  'sellers_verified',
  ...SELLER_CATEGORIES.map((c) => `sellers_${c.replace(/-/g, '_')}`),
  'sources',
  'sources_verified',
  'milestones',
  'requests',
  'requests_verified',
] as const;

const cells = (row: LaunchReportRow): string[] => [
  row.campus,
  String(row.joined),
  String(row.verified),
  String(row.invited),
  row.invitedShare,
  row.threshold === null ? '' : String(row.threshold),
  row.sellerMinimum === null ? '' : String(row.sellerMinimum),
  row.ready ? 'yes' : 'no',
  row.state,
  String(row.sellers),
  String(row.sellersVerified),
  ...SELLER_CATEGORIES.map((c) => String(row.sellersBy[c])),
  row.sources.map((s) => `${s.source}:${s.students}`).join(' '),
  row.sources.map((s) => `${s.source}:${s.verified}`).join(' '),
  row.milestones.join(' '),
  String(row.requests),
  String(row.requestsVerified),
];

/** A CSV cell: quoted when it must be, and a formula's first character made text. */
const csvCell = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const launchReportCsv = (rows: readonly LaunchReportRow[]): string =>
  [LAUNCH_REPORT_COLUMNS, ...rows.map(cells)]
    .map((line) => line.map(csvCell).join(','))
    .join('\n') + '\n';

/**
 * The report as a readable table: one block per campus (a wide row of 23 columns reads badly in
 * a terminal), the figures aligned, ready campuses marked.
 */
export function launchReportTable(rows: readonly LaunchReportRow[]): string {
  if (!rows.length) return 'No campus has students, settings or requests yet.\n';
  const out: string[] = [];
  for (const row of rows) {
    const sellers = SELLER_CATEGORIES.filter((c) => row.sellersBy[c] > 0)
      .map((c) => `${c} ${row.sellersBy[c]}`)
      .join(', ');
    const lines: [string, string][] = [
      ['joined', String(row.joined)],
      [
        'verified',
        row.threshold === null ? String(row.verified) : `${row.verified} of ${row.threshold}`,
      ],
      ['invited', `${row.invited} (${row.invitedShare})`],
      [
        'sellers',
        (row.sellers ? `${row.sellers} (${row.sellersVerified} verified): ${sellers}` : '0') +
          (row.sellerMinimum === null ? '' : `; ${row.sellerMinimum} verified needed`),
      ],
      [
        'sources',
        row.sources.map((s) => `${s.source} ${s.students} (${s.verified} verified)`).join(', ') ||
          '-',
      ],
      ['milestones', row.milestones.map((m) => `${m}%`).join(' ') || '-'],
      ['requests', `${row.requests} (${row.requestsVerified} verified)`],
      ['state', row.ready ? `${row.state}, READY TO OPEN` : row.state],
    ];
    out.push(row.campus, ...lines.map(([k, v]) => `  ${k.padEnd(11)}${v}`), '');
  }
  return out.join('\n');
}
