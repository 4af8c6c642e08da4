import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  operatorLog,
  supabaseCommand,
  TERMINAL_ACTOR,
  withFreshDatabase,
} from '../support/fresh-database';

// scripts/ops/hero-photos.mjs --backend supabase as an operator runs it, in a child process, against a
// fresh copy of the migrated database: the review queue, approve, reject, a changed photo pending
// again, and the kill switch, each seen through get_hero_profile_images() as a visitor calls it;
// each decision and switch through the console's own functions, logged as the terminal's (issue 61).

const db = withFreshDatabase('hero-ops');

const run = supabaseCommand(db, 'hero-photos');

/** A Google student on the list who consented; returns their uid. */
async function student(n: number, photo: string): Promise<string> {
  const { rows } = await db.admin.query<{ id: string }>(
    'insert into auth.users (email) values ($1) returning id',
    [`ops${n}@alumnos.udg.mx`],
  );
  const id = rows[0]!.id;
  await db.admin.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider)
     values ($1, $2, $3, 'google')`,
    [`g-ops${n}`, id, { avatar_url: photo }],
  );
  await db.admin.query(
    "insert into public.waitlist (uid, email, college_id) values ($1, $2, 'udg-cucei')",
    [id, `ops${n}@alumnos.udg.mx`],
  );
  await db.admin.query('insert into public.hero_consent (user_id) values ($1)', [id]);
  return id;
}

/** What any visitor gets: the function as anon. */
async function shown(): Promise<string[]> {
  await db.admin.query('begin');
  await db.admin.query("select set_config('role', 'anon', true)");
  const { rows } = await db.admin.query<{ photoURL: string }>(
    'select "photoURL" from public.get_hero_profile_images()',
  );
  await db.admin.query('rollback');
  return rows.map((r) => r.photoURL);
}

describe('hero:photos:supabase', () => {
  it('lists pending photos, approves and rejects exact photos, and the kill switch empties the strip', async () => {
    const a = await student(1, 'https://lh3.googleusercontent.com/a/uno');
    const b = await student(2, 'https://lh4.googleusercontent.com/a/dos');
    let out = (await run('list')).stdout;
    expect(out).toContain('Hero strip: on');
    expect(out).toContain(`pending\t${a}`);
    expect(out).toContain('https://lh3.googleusercontent.com/a/uno');
    expect(out).toContain('2 photos, 2 pending.');
    expect(await shown()).toEqual([]);

    await run('approve', '--uid', a);
    await run('reject', '--uid', b);
    expect(await shown()).toEqual(['https://lh3.googleusercontent.com/a/uno']);
    out = (await run('list')).stdout;
    expect(out).toContain(`approved\t${a}`);
    expect(out).toContain(`rejected\t${b}`);

    // A new Google photo is another photo: pending again, and not shown.
    await db.admin.query(
      `update auth.identities set identity_data = '{"avatar_url":"https://lh3.googleusercontent.com/a/nueva"}'
       where user_id = $1`,
      [a],
    );
    expect(await shown()).toEqual([]);
    expect((await run('list')).stdout).toContain(`pending\t${a}`);
    await run('approve', '--uid', a);
    expect(await shown()).toEqual(['https://lh3.googleusercontent.com/a/nueva']);

    expect((await run('off')).stdout).toContain('OFF');
    expect(await shown()).toEqual([]);
    expect((await run('list')).stdout).toContain('Hero strip: OFF');
    await run('on');
    expect(await shown()).toEqual(['https://lh3.googleusercontent.com/a/nueva']);

    const by = (target: string | null) => ({ actor: TERMINAL_ACTOR, target, outcome: 'done' });
    expect(await operatorLog(db, 'photo-approve')).toEqual([by(a), by(a)]);
    expect(await operatorLog(db, 'photo-reject')).toEqual([by(b)]);
    expect(await operatorLog(db, 'strip')).toEqual([by(null), by(null)]);
  });

  it('refuses a student who is not a consenting student on the list, and bad usage', async () => {
    await expect(
      run('approve', '--uid', '00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('not a consenting student on the list'),
    });
    expect(await operatorLog(db, 'photo-approve')).toContainEqual({
      actor: TERMINAL_ACTOR,
      target: '00000000-0000-4000-8000-000000000000',
      outcome: 'no-photo',
    });
    await expect(run('approve')).rejects.toMatchObject({ code: 2 });
    await expect(run('delete')).rejects.toMatchObject({ code: 2 });
    await expect(
      promisify(execFile)(
        'node',
        ['scripts/ops/hero-photos.mjs', '--backend', 'supabase', 'list'],
        {
          env: { ...process.env, SUPABASE_DB_URL: '' },
        },
      ),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('SUPABASE_DB_URL') });
  });
});
