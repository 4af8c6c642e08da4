// The stand-in itself, at the HTTP level: it must answer as PostgREST and GoTrue do for every
// request the adapters make, and refuse what they refuse, or the adapter tests prove nothing.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_TERMS } from '@/domain/join-terms';
import { freshDatabase } from '../../stand-ins/supabase-db';
import {
  signJwt,
  STAND_IN_PORT,
  startSupabaseStandIn,
  type SupabaseStandIn,
} from '../../stand-ins/supabase-stand-in';

/** The columns joining adds besides the entry's own (src/domain/join-terms.ts). */
const JOIN_COLUMNS = { adult: JOIN_TERMS.adult, notice_version: JOIN_TERMS.noticeVersion };

let standIn: SupabaseStandIn;
let db: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  db = await freshDatabase('standin');
  standIn = await startSupabaseStandIn({ databaseUrl: db.url });
});
afterAll(async () => {
  await standIn?.close();
  await db?.drop();
});

const call = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${standIn.url}${path}`, {
    ...init,
    headers: {
      apikey: standIn.anonKey,
      authorization: `Bearer ${init.token ?? standIn.anonKey}`,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });

const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');
const authorize = (redirect = 'http://127.0.0.1:4373/auth/callback.html') =>
  fetch(
    `${standIn.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(redirect)}&code_challenge=${challenge}&code_challenge_method=s256`,
    { redirect: 'manual' },
  );

describe('Auth stand-in', () => {
  it('without an arranged account shows the account form', async () => {
    const res = await authorize();
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('id="sign-in"');
  });

  it('refuses a redirect_to outside the allowed URLs', async () => {
    expect((await authorize('https://evil.example/cb')).status).toBe(400);
  });

  it('exchanges a code only with the right PKCE verifier, and only once', async () => {
    standIn.arrangeSignIn({ email: 'pkce@alumnos.udg.mx', name: 'Pe Ka' });
    const location = new URL((await authorize()).headers.get('location')!);
    const code = location.searchParams.get('code')!;
    expect(location.pathname).toBe('/auth/callback.html');
    const wrong = await call('/auth/v1/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error_code: 'bad_code_verifier' });

    standIn.arrangeSignIn({ email: 'pkce@alumnos.udg.mx', name: 'Pe Ka' });
    const code2 = new URL((await authorize()).headers.get('location')!).searchParams.get('code')!;
    const ok = await call('/auth/v1/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code2, code_verifier: verifier }),
    });
    expect(ok.status).toBe(200);
    const session = (await ok.json()) as {
      access_token: string;
      refresh_token: string;
      user: { email: string; user_metadata: { full_name: string } };
    };
    expect(session.user).toMatchObject({
      email: 'pkce@alumnos.udg.mx',
      user_metadata: { full_name: 'Pe Ka' },
    });
    const again = await call('/auth/v1/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code2, code_verifier: verifier }),
    });
    expect(again.status).toBe(404);

    const user = await call('/auth/v1/user', { token: session.access_token });
    expect(await user.json()).toMatchObject({ email: 'pkce@alumnos.udg.mx' });
    const refreshed = await call('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(refreshed.status).toBe(200);
    const reused = await call('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(reused.status).toBe(400);
  });

  it('the account form signs in, or says no', async () => {
    const form = (extra: Record<string, string>) =>
      fetch(`${standIn.url}/auth/v1/authorize`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({
          provider: 'google',
          redirect_to: 'http://127.0.0.1:4373/auth/callback.html',
          code_challenge: challenge,
          code_challenge_method: 's256',
          ...extra,
        }),
      });
    const yes = await form({ email: 'form@alumnos.udg.mx', name: 'Forma' });
    expect(new URL(yes.headers.get('location')!).searchParams.get('code')).toBeTruthy();
    const no = await form({ deny: '1' });
    expect(new URL(no.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });
});

describe('REST stand-in', () => {
  it('answers CORS preflights for the headers supabase-js sends', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/waitlist`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/apikey.*prefer/);
  });

  it('refuses a missing apikey and a tampered or foreign JWT', async () => {
    const none = await fetch(`${standIn.url}/rest/v1/rpc/search_colleges`, {
      method: 'POST',
      body: '{}',
    });
    expect(none.status).toBe(401);
    const [h, , s] = standIn.anonKey.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url')}.${s}`;
    const res = await call('/rest/v1/waitlist?select=uid', { token: forged });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'PGRST301' });
    const foreign = signJwt('another-secret', { role: 'authenticated', sub: 'x' });
    expect((await call('/rest/v1/waitlist?select=uid', { token: foreign })).status).toBe(401);
  });

  it('runs as the JWT role: anon is refused by the database (401, 42501)', async () => {
    const res = await call('/rest/v1/waitlist?select=uid');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: '42501' });
  });

  it('signed in: own insert 201, duplicates 409, ignore-duplicates 201, merge 403, others 403', async () => {
    const s = await standIn.sessionFor({ email: 'rest@alumnos.udg.mx' });
    const other = await standIn.sessionFor({ email: 'otro@alumnos.udg.mx' });
    const row = {
      ...JOIN_COLUMNS,
      uid: s.user.id,
      email: 'rest@alumnos.udg.mx',
      college_id: 'udg-cucei',
    };
    const post = (body: unknown, prefer?: string, query = '') =>
      call(`/rest/v1/waitlist${query}`, {
        method: 'POST',
        token: s.access_token,
        body: JSON.stringify(body),
        headers: prefer ? { prefer } : {},
      });
    expect((await post(row)).status).toBe(201);
    const dup = await post(row);
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ code: '23505' });
    expect((await post(row, 'resolution=ignore-duplicates', '?on_conflict=uid')).status).toBe(201);
    const merge = await post(row, 'resolution=merge-duplicates', '?on_conflict=uid');
    expect(merge.status).toBe(403);
    const theirs = await post({ ...row, uid: other.user.id });
    expect(theirs.status).toBe(403);
    expect(await theirs.json()).toMatchObject({ code: '42501' });
    const extra = await post({ ...row, is_admin: true });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toMatchObject({ code: 'PGRST204' });
    const back = await post(
      { ...row, uid: other.user.id, email: 'otro@alumnos.udg.mx' },
      'return=representation',
    );
    expect(back.status).toBe(403); // the token is still rest@'s
  });

  it('reads with eq filters, as an array or one object (406 PGRST116 when not exactly one)', async () => {
    const s = await standIn.sessionFor({ email: 'lee@alumnos.udg.mx' });
    const get = (query: string, object = false) =>
      call(`/rest/v1/waitlist?${query}`, {
        token: s.access_token,
        headers: object ? { accept: 'application/vnd.pgrst.object+json' } : {},
      });
    expect(await (await get(`select=uid&uid=eq.${s.user.id}`)).json()).toEqual([]);
    const none = await get(`select=uid&uid=eq.${s.user.id}`, true);
    expect(none.status).toBe(406);
    expect(await none.json()).toMatchObject({ code: 'PGRST116' });
    const unsupported = await get(`select=uid&uid=neq.${s.user.id}`);
    expect(unsupported.status).toBe(400);
    expect(await unsupported.json()).toMatchObject({ code: 'PGRST100' });
    const badUuid = await get('select=uid&uid=eq.not-a-uuid');
    expect(badUuid.status).toBe(400);
    expect(await badUuid.json()).toMatchObject({ code: '22P02' });
  });

  it('PATCH and DELETE with eq filters: own row 200/204, others untouched, forbidden column 403', async () => {
    const s = await standIn.sessionFor({ email: 'patch@alumnos.udg.mx' });
    const other = await standIn.sessionFor({ email: 'patch-otro@alumnos.udg.mx' });
    const [mine, theirsId] = [String(s.user.id), String(other.user.id)];
    for (const [session, email] of [
      [s, 'patch@alumnos.udg.mx'],
      [other, 'patch-otro@alumnos.udg.mx'],
    ] as const) {
      const res = await call('/rest/v1/waitlist', {
        method: 'POST',
        token: session.access_token,
        body: JSON.stringify({
          ...JOIN_COLUMNS,
          uid: String(session.user.id),
          email,
          college_id: 'udg-cucei',
        }),
      });
      expect(res.status).toBe(201);
    }
    const patch = (uid: string, body: unknown, prefer = 'return=representation') =>
      call(`/rest/v1/waitlist?uid=eq.${uid}&select=email,college_id`, {
        method: 'PATCH',
        token: s.access_token,
        body: JSON.stringify(body),
        headers: { prefer },
      });
    const own = await patch(mine, { college_id: 'itesm-gdl' });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual([{ email: 'patch@alumnos.udg.mx', college_id: 'itesm-gdl' }]);
    // A campus changes at most once a minute (issue 59): the last change moved back, as an operator.
    const operator = new pg.Client({ connectionString: db.url });
    await operator.connect();
    try {
      await operator.query(
        `update public.waitlist set college_changed_at = now() - interval '2 minutes' where uid::text = $1`,
        [mine],
      );
    } finally {
      await operator.end();
    }
    expect((await patch(mine, { college_id: 'udg-cucea' }, 'return=minimal')).status).toBe(204);
    const theirs = await patch(theirsId, { college_id: 'itesm-gdl' });
    expect(theirs.status).toBe(200);
    expect(await theirs.json()).toEqual([]);
    const email = await patch(mine, { email: 'x@alumnos.udg.mx' });
    expect(email.status).toBe(403);
    expect(await email.json()).toMatchObject({ code: '42501' });
    const unknown = await patch(mine, { is_admin: true });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'PGRST204' });
    const del = (uid: string, token?: string) =>
      call(`/rest/v1/waitlist?uid=eq.${uid}`, { method: 'DELETE', ...(token ? { token } : {}) });
    expect((await del(theirsId, s.access_token)).status).toBe(204);
    expect((await del(mine)).status).toBe(401); // anon
    expect((await del(mine, s.access_token)).status).toBe(204);
    const { rows } = await standIn.pool.query<{ uid: string; college_id: string }>(
      'select uid::text, college_id from public.waitlist where uid = any($1::uuid[]) order by email',
      [[mine, theirsId]],
    );
    expect(rows).toEqual([{ uid: theirsId, college_id: 'udg-cucei' }]);
  });

  it('calls functions with named arguments and returns their rows', async () => {
    const res = await call('/rest/v1/rpc/search_colleges', {
      method: 'POST',
      body: JSON.stringify({ q: 'cucei' }),
    });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { id: string }[];
    expect(rows[0]).toEqual({
      id: 'udg-cucei',
      name: 'Universidad de Guadalajara',
      subname: 'CUCEI',
      shortName: 'UDG - CUCEI',
    });
    const missing = await call('/rest/v1/rpc/no_such_function', { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
  });
});

describe('the local build settings', () => {
  it('.env.supabase holds the anon key of the stand-in on its fixed port', async () => {
    const fs = await import('node:fs');
    const env = Object.fromEntries(
      fs
        .readFileSync('.env.supabase', 'utf8')
        .split('\n')
        .filter((l) => /^VITE_/.test(l))
        .map((l) => l.split(/=(.*)/s).slice(0, 2)),
    );
    expect(env.VITE_SUPABASE_ANON_KEY).toBe(standIn.anonKey);
    expect(env.VITE_SUPABASE_URL).toBe(`http://127.0.0.1:${STAND_IN_PORT}`);
  });
});
