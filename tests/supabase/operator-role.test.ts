import { describe, expect, it } from 'vitest';
import { setOperator } from '../../scripts/ops/operator/supabase.mjs';
import { withFreshDatabase } from '../support/fresh-database';

// The operator role on Supabase (issue 61): the command's Supabase half
// (scripts/ops/operator/supabase.mjs) grants and revokes it over the direct database connection,
// each change logged by the terminal's user, and the console's functions follow at the next call.

const db = withFreshDatabase('operator_role');
const usage = 'usage';

/** public.operator_access() as the account calls it through PostgREST (role and JWT claims). */
async function access(uid: string): Promise<string> {
  await db.admin.query('begin');
  try {
    await db.admin.query(
      "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
      [JSON.stringify({ sub: uid, role: 'authenticated' })],
    );
    const { rows } = await db.admin.query<{ a: { email: string } }>(
      'select public.operator_access() as a',
    );
    return rows[0]!.a.email;
  } finally {
    await db.admin.query('rollback');
  }
}

describe('operator (Supabase half): the console role granted and revoked by the command', () => {
  it('grants by address in any case, once; the console lets the account in at once; revokes; all logged', async () => {
    const { rows } = await db.admin.query<{ id: string }>(
      "insert into auth.users (email) values ('Lidia.Ops@Example.mx') returning id",
    );
    const uid = rows[0]!.id;
    await expect(access(uid)).rejects.toMatchObject({ code: '42501' });

    const options = { db: db.url };
    expect(
      await setOperator(options, usage, { email: 'lidia.ops@example.mx', grant: true }),
    ).toEqual({ uid, email: 'Lidia.Ops@Example.mx', changed: true });
    expect(await access(uid)).toBe('lidia.ops@example.mx');
    expect(
      await setOperator(options, usage, { email: 'LIDIA.OPS@EXAMPLE.MX', grant: true }),
    ).toMatchObject({ changed: false });

    expect(
      await setOperator(options, usage, { email: 'lidia.ops@example.mx', grant: false }),
    ).toMatchObject({ uid, changed: true });
    await expect(access(uid)).rejects.toMatchObject({ code: '42501' });
    expect(
      await setOperator(options, usage, { email: 'lidia.ops@example.mx', grant: false }),
    ).toMatchObject({ changed: false });

    const { rows: log } = await db.admin.query<{ action: string; outcome: string; actor: string }>(
      'select action, outcome, actor from private.operator_log where target = $1 order by id',
      [uid],
    );
    expect(log.map((e) => `${e.action} ${e.outcome}`)).toEqual([
      'role-grant done',
      'role-grant unchanged',
      'role-revoke done',
      'role-revoke unchanged',
    ]);
    for (const entry of log) expect(entry.actor).toMatch(/^terminal:.+/);
  });

  it('rejects an address with no account, saying so, and writes nothing', async () => {
    const before = await db.admin.query('select count(*)::int as n from private.operator_log');
    await expect(
      setOperator({ db: db.url }, usage, { email: 'nadie@example.mx', grant: true }),
    ).rejects.toThrow(/No account with the address nadie@example.mx/);
    const after = await db.admin.query('select count(*)::int as n from private.operator_log');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const { rows } = await db.admin.query('select count(*)::int as n from private.operators');
    expect(rows[0].n).toBe(0);
  });
});
