// The operators' campus report (issue 28), the same on every backend: each backend's half reads
// its records and hands them here as plain rows. Admin-only figures (no floor): never published.
//
//   campuses  campus,joined,verified,invited,invited_share,threshold,state,opens_on,plus_tagged,plus_share
//   days      campus,day,joined,verified     (by day of joining, UTC; only days with a join)
//   requests  name,city,requests,first_requested,pending_id   ('Mi campus no aparece', per campus;
//             pending_id: what `campus:add -- --request` takes, or the campus it was added as)
//   failures  day,kind,code,count   (the page's failed sign-ins and joins, issue 51; newest day first;
//             a day with reports dropped over the budget has a row `day,dropped,over-budget,N`
//             first, issue 59: what they said is not kept)
import { csvLine } from '../shared/csv.mjs';

export const REPORTS = ['campuses', 'days', 'requests', 'failures'];
const DEFAULT = { threshold: 100, state: 'gathering', opensOn: '' };

/**
 * `entries`: `{ uid, collegeId, joinedAt (ISO), verified, email }`; `invited`: the uids of students
 * credited to an invite; `settings`: `{ [collegeId]: { threshold, state, opensOn } }`;
 * `requests`: `{ key, name, city, at (ISO), pendingId }`, one per student and campus; `failures`:
 * `{ day (YYYY-MM-DD), kind, code, count }`, the failure reports' counts; `failureDrops`:
 * `{ day, dropped }`, the reports dropped over the budget (issue 59).
 */
export function campusReport(
  what,
  { entries = [], invited = [], settings = {}, requests = [], failures = [], failureDrops = [] },
) {
  if (what === 'failures') {
    const dropped = failureDrops
      .filter((d) => d.dropped > 0)
      .map((d) => ({ day: d.day, kind: 'dropped', code: 'over-budget', count: d.dropped }));
    // 'dropped' sorts before the kinds: a day's drops come first.
    const rows = [...failures, ...dropped].sort(
      (a, b) => b.day.localeCompare(a.day) || a.kind.localeCompare(b.kind) || b.count - a.count,
    );
    return csv(
      ['day', 'kind', 'code', 'count'],
      rows.map((r) => [r.day, r.kind, r.code, r.count]),
    );
  }
  if (what === 'requests') {
    const byKey = new Map();
    for (const r of [...requests].sort((a, b) => a.at.localeCompare(b.at))) {
      const held = byKey.get(r.key);
      if (held) held.requests++;
      else
        byKey.set(r.key, {
          name: r.name,
          city: r.city,
          requests: 1,
          first: r.at,
          pendingId: r.pendingId ?? '',
        });
    }
    const rows = [...byKey.values()].sort(
      (a, b) => b.requests - a.requests || a.name.localeCompare(b.name),
    );
    return csv(
      ['name', 'city', 'requests', 'first_requested', 'pending_id'],
      rows.map((r) => [r.name, r.city, r.requests, r.first, r.pendingId]),
    );
  }
  const credited = new Set(invited);
  const campuses = new Map();
  for (const e of entries) {
    const campus = campuses.get(e.collegeId) ?? {
      joined: 0,
      verified: 0,
      invited: 0,
      plus: 0,
      days: new Map(),
    };
    campuses.set(e.collegeId, campus);
    campus.joined++;
    if (e.verified) campus.verified++;
    if (hasPlusTag(e.email)) campus.plus++;
    if (credited.has(e.uid)) campus.invited++;
    const day = e.joinedAt.slice(0, 10);
    const d = campus.days.get(day) ?? { joined: 0, verified: 0 };
    campus.days.set(day, d);
    d.joined++;
    if (e.verified) d.verified++;
  }
  // A campus the operators set up counts even before anyone joined.
  for (const id of Object.keys(settings)) {
    if (!campuses.has(id))
      campuses.set(id, { joined: 0, verified: 0, invited: 0, plus: 0, days: new Map() });
  }
  const ids = [...campuses.keys()].sort();
  if (what === 'days') {
    return csv(
      ['campus', 'day', 'joined', 'verified'],
      ids.flatMap((id) =>
        [...campuses.get(id).days.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([day, d]) => [id, day, d.joined, d.verified]),
      ),
    );
  }
  // plus_tagged: entries whose address carries a +tag (issue 51): they never count as verified,
  // and a campus where many do is one where someone may be making accounts to farm its count.
  return csv(
    [
      'campus',
      'joined',
      'verified',
      'invited',
      'invited_share',
      'threshold',
      'state',
      'opens_on',
      'plus_tagged',
      'plus_share',
    ],
    ids.map((id) => {
      const c = campuses.get(id);
      const s = { ...DEFAULT, ...settings[id] };
      const share = (n) => (c.joined ? (n / c.joined).toFixed(3) : '0.000');
      return [
        id,
        c.joined,
        c.verified,
        c.invited,
        share(c.invited),
        s.threshold,
        s.state,
        s.opensOn ?? '',
        c.plus,
        share(c.plus),
      ];
    }),
  );
}

/** src/domain/email-address.ts's hasPlusTag (tests/tooling/ops/campus-report.test.ts holds them equal). */
export function hasPlusTag(address) {
  if (typeof address !== 'string') return false;
  const at = address.lastIndexOf('@');
  return at > 0 && address.slice(0, at).includes('+');
}

const csv = (header, rows) => [csvLine(header), ...rows.map(csvLine)].join('\n') + '\n';
