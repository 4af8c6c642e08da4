import { describe, expect, it } from 'vitest';
import { supabaseCommand, withFreshDatabase } from '../support/fresh-database';

// scripts/ops/sweep-accounts.mjs --backend supabase (issue 23): accounts without an entry, idle for the
// period, are deleted with everything under them; a dry run first; nothing else is touched.

const db = withFreshDatabase('sweep');

const run = supabaseCommand(db, 'sweep-accounts');

async function account(email: string, createdDaysAgo: number, signedInDaysAgo?: number) {
  const { rows } = await db.admin.query<{ id: string }>(
    `insert into auth.users (email, created_at, last_sign_in_at)
     values ($1, now() - make_interval(days => $2),
       case when $3::int is null then null else now() - make_interval(days => $3::int) end)
     returning id`,
    [email, createdDaysAgo, signedInDaysAgo ?? null],
  );
  return rows[0]!.id;
}
const exists = async (id: string) =>
  (await db.admin.query('select 1 from auth.users where id = $1', [id])).rowCount === 1;

describe('sweep:accounts:supabase', () => {
  it('deletes only the accounts without an entry idle for the period, after a dry run', async () => {
    const idle = await account('idle@alumnos.udg.mx', 45);
    const joined = await account('joined@alumnos.udg.mx', 45);
    await db.admin.query(
      "insert into public.waitlist (uid, email, college_id) values ($1, 'joined@alumnos.udg.mx', 'udg-cucei')",
      [joined],
    );
    const recent = await account('recent@alumnos.udg.mx', 5);
    const back = await account('back@alumnos.udg.mx', 90, 2); // old, but signed in 2 days ago
    // An operator (issue 61) never joins: kept while they hold the role.
    const operator = await account('operadora@gmail.com', 45);
    await db.admin.query('insert into private.operators (user_id, granted_by) values ($1, $2)', [
      operator,
      'terminal:test',
    ]);

    const dry = (await run('--days', '30')).stdout;
    expect(dry).toContain(idle);
    for (const kept of [joined, recent, back, operator]) expect(dry).not.toContain(kept);
    expect(dry).toContain('Would delete 1 accounts');
    expect(await exists(idle)).toBe(true);

    const done = (await run('--days', '30', '--yes')).stdout;
    expect(done).toContain('Deleted 1 accounts');
    expect(await exists(idle)).toBe(false);
    for (const kept of [joined, recent, back, operator]) expect(await exists(kept)).toBe(true);
    expect((await run('--days', '30', '--yes')).stdout).toContain('Deleted 0 accounts');
  });

  it('refuses a period that is not a whole number of days', async () => {
    await expect(run('--days', 'soon')).rejects.toMatchObject({ code: 2 });
    await expect(run('--days', '0')).rejects.toMatchObject({ code: 2 });
  });
});
