import { describe, expect, it } from 'vitest';
import { retentionPlan } from '@/domain/retention';
import { supabaseCommand, withFreshDatabase } from '../support/fresh-database';

// Issue 51, item 9: the retention job of the Supabase backend (private.apply_retention, scheduled
// by pg_cron where the project has it, else `npm run retention:supabase` on a worker): the
// domain's rule (retentionPlan) in SQL; a dry run deletes nothing, and a rerun nothing more.

const db = withFreshDatabase('retention');

const run = supabaseCommand(db, 'retention');

async function account(email: string, daysAgo: number, campus?: string) {
  const { rows } = await db.admin.query<{ id: string }>(
    `insert into auth.users (email, created_at) values ($1, now() - make_interval(days => $2))
     returning id`,
    [email, daysAgo],
  );
  const id = rows[0]!.id;
  if (campus) {
    await db.admin.query(
      `insert into public.waitlist (uid, email, college_id, created_at)
       values ($1, $2, $3, now() - make_interval(days => $4))`,
      [id, email, campus, daysAgo],
    );
  }
  return id;
}
const launch = (campus: string, daysAgo: number, queued = 1) =>
  db.admin.query(
    `insert into private.launch_runs (college_id, students, queued, ran_at)
     values ($1, 1, $2, now() - make_interval(days => $3))`,
    [campus, queued, daysAgo],
  );
const held = async () =>
  (await db.admin.query<{ id: string }>('select id::text from auth.users order by id')).rows.map(
    (r) => r.id,
  );

describe('the retention job on Supabase', () => {
  it('answers as the domain: idle 30 days without an entry; a campus launched 90 days ago', async () => {
    const idle = await account('idle@gmail.com', 31);
    const fresh = await account('fresh@gmail.com', 29);
    // An operator (issue 61) signs in to the console and never joins: kept while they hold the role.
    const operator = await account('operadora@gmail.com', 45);
    await db.admin.query('insert into private.operators (user_id, granted_by) values ($1, $2)', [
      operator,
      'terminal:test',
    ]);
    const launched = await account('ana@alumnos.udg.mx', 120, 'udg-cucei');
    const lateJoin = await account('luis@alumnos.udg.mx', 1, 'udg-cucei');
    const recentCampus = await account('sofia@alumnos.udg.mx', 100, 'udg-cucea');
    const noMail = await account('tec@tec.mx', 100, 'itesm-gdl');
    await launch('udg-cucei', 91);
    await launch('udg-cucei', 10);
    await launch('udg-cucea', 80);
    await launch('itesm-gdl', 200, 0); // recorded nothing: no launch
    const { rows } = await db.admin.query<{ reason: string; uid: string }>(
      'select reason, user_id::text as uid from private.apply_retention(true)',
    );
    const DAY = 86_400_000;
    const now = Date.now();
    const expected = retentionPlan({
      now,
      accounts: [
        { uid: idle, lastSeen: now - 31 * DAY, onList: false },
        { uid: fresh, lastSeen: now - 29 * DAY, onList: false },
        { uid: operator, lastSeen: now - 45 * DAY, onList: false, operator: true },
        { uid: launched, lastSeen: now - 120 * DAY, onList: true },
        { uid: lateJoin, lastSeen: now - DAY, onList: true },
        { uid: recentCampus, lastSeen: now - 100 * DAY, onList: true },
        { uid: noMail, lastSeen: now - 100 * DAY, onList: true },
      ],
      entries: [
        { uid: launched, collegeId: 'udg-cucei', joinedAt: now - 120 * DAY },
        { uid: lateJoin, collegeId: 'udg-cucei', joinedAt: now - DAY },
        { uid: recentCampus, collegeId: 'udg-cucea', joinedAt: now - 100 * DAY },
        { uid: noMail, collegeId: 'itesm-gdl', joinedAt: now - 100 * DAY },
      ],
      launches: [
        { collegeId: 'udg-cucei', at: now - 91 * DAY, queued: 1 },
        { collegeId: 'udg-cucei', at: now - 10 * DAY, queued: 1 },
        { collegeId: 'udg-cucea', at: now - 80 * DAY, queued: 1 },
        { collegeId: 'itesm-gdl', at: now - 200 * DAY, queued: 0 },
      ],
    });
    expect(rows.filter((r) => r.reason === 'idle').map((r) => r.uid)).toEqual(expected.idle);
    expect(
      rows
        .filter((r) => r.reason === 'launched')
        .map((r) => r.uid)
        .sort(),
    ).toEqual(expected.launched);
    expect(expected).toMatchObject({ idle: [idle], campuses: ['udg-cucei'] });
    expect((await held()).length).toBe(7); // the dry run deleted nothing

    const dry = (await run()).stdout;
    // The one who joined after the launch was never told: they stay.
    expect(dry).toContain('Would delete 1 idle accounts without an entry and 1 students');
    const done = (await run('--yes')).stdout;
    expect(done).toContain('Deleted 1 idle accounts without an entry and 1 students');
    expect(await held()).toEqual([fresh, operator, lateJoin, recentCampus, noMail].sort());
    expect(
      (await db.admin.query("select uid::text from public.waitlist where college_id = 'udg-cucei'"))
        .rows,
    ).toEqual([{ uid: lateJoin }]);
    expect((await run('--yes')).stdout).toContain(
      'Deleted 0 idle accounts without an entry and 0 students',
    );
  });

  it('refuses a worker period under a minute', async () => {
    await expect(run('--every', '5')).rejects.toMatchObject({ code: 2 });
  });
});
