import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

/**
 * A local stand-in for the two Supabase services the adapters talk to, over a real migrated
 * PostgreSQL: supabase-js's Auth and PostgREST clients (@supabase/auth-js, @supabase/postgrest-js),
 * unmodified, send their HTTP requests here.
 *
 * - Auth (GoTrue), only what the Google PKCE sign-in uses: `GET /auth/v1/authorize` (instead of
 *   Google, a small account form, or an account the test arranged), `POST /auth/v1/token` with
 *   `grant_type=pkce` (checks the S256 challenge) and `refresh_token`, `GET /auth/v1/user`,
 *   `POST /auth/v1/logout`. Users are rows of `auth.users`. Tokens are HS256 JWTs.
 * - REST (PostgREST), only the adapters' calls: `GET /rest/v1/<table>` with `select=` and `eq.`
 *   filters (and the single-object Accept header), `POST /rest/v1/<table>` with `on_conflict=` and
 *   `Prefer: resolution=ignore-duplicates|merge-duplicates, return=minimal|representation`,
 *   `PATCH` and `DELETE /rest/v1/<table>` with `eq.` filters (and `select=` with
 *   `return=representation`), and `POST /rest/v1/rpc/<function>` with named arguments (a
 *   function returning one scalar answers the bare value, as PostgREST does).
 *
 * Every REST request runs in its own transaction as the JWT's role (`anon` or `authenticated`)
 * with `request.jwt.claims` set, as PostgREST does, so row-level security and privileges are the
 * database's own. Errors come back as PostgREST shapes them (`{code, message, details, hint}`,
 * 42501 as 401 for anon and 403 otherwise, PTxyz as xyz, 23505 as 409, a bad JWT as 401 PGRST301, an unknown
 * column as 400 PGRST204, a non-single answer as 406 PGRST116).
 *
 * It is NOT PostgREST or GoTrue: no other operators (neq, in, or, order...), no embedding, no
 * ranges, no schemas but public, no e-mail or password sign-in, no MFA, no rate limits, no Google.
 */
export interface StandInOptions {
  /** A migrated database (stand-ins/supabase/platform.sql, then supabase/migrations). */
  readonly databaseUrl: string;
  readonly port?: number;
  readonly host?: string;
  /** Connections to PostgreSQL (default 10). */
  readonly poolSize?: number;
  /** Redirect targets allowed after sign-in (default: any http://127.0.0.1 or localhost URL). */
  readonly allowRedirect?: (url: URL) => boolean;
  readonly accessTokenSeconds?: number;
  /** The HS256 secret (default: LOCAL_JWT_SECRET, whose anon key .env.supabase holds). */
  readonly jwtSecret?: string;
}

/** The local, public secret of the stand-in: never a real project's. */
export const LOCAL_JWT_SECRET = 'supabase-stand-in-local-secret-not-for-production';
/** Where the dev server and the browser tests expect the stand-in (.env.supabase). */
export const STAND_IN_PORT = 54321;

export interface StandInAccount {
  readonly email: string;
  readonly name?: string;
  /** The photo the provider sends (Google's `picture`), kept in the identity and the metadata. */
  readonly avatarUrl?: string;
  /** The sign-in provider (default 'google'): 'email' stands for an e-mail/password account. */
  readonly provider?: 'google' | 'email';
  /** An anonymous sign-in (`is_anonymous` in the token). */
  readonly anonymous?: boolean;
}

export interface SupabaseStandIn {
  readonly url: string;
  readonly port: number;
  /** The public anon key (a JWT with role anon) that the page is built with. */
  readonly anonKey: string;
  /** The next `/authorize` completes at once with this account (no form). */
  arrangeSignIn(account: StandInAccount): void;
  /** The next `/authorize` comes back with `error=access_denied` (the student said no). */
  arrangeDenial(): void;
  /** A signed-in user's session, as `/token` gives it, without the popup (for load tests). */
  sessionFor(account: StandInAccount): Promise<Session>;
  /** Requests answered so far, by `METHOD /path` (without the query). */
  readonly requests: Map<string, number>;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

export interface Session {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

const JWT_ISSUER = 'supabase-stand-in';
const ROLES = new Set(['anon', 'authenticated', 'service_role']);
const IDENT = /^[a-z_][a-z0-9_]*$/;

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function signJwt(secret: string, claims: Record<string, unknown>): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

export function verifyJwt(secret: string, token: string): Record<string, unknown> | null {
  const [head, body, sig] = token.split('.');
  if (!head || !body || !sig) return null;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
    if (header.alg !== 'HS256') return null;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) return null;
    return claims;
  } catch {
    return null;
  }
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message ?? body.msg ?? status));
  }
}

const pgrstError = (status: number, code: string, message: string, details: string | null = null) =>
  new HttpError(status, { code, message, details, hint: null });

/** PostgREST's status for a PostgreSQL error (the subset the migrations can raise). */
function statusOfSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  // PostgREST's own convention: SQLSTATE PTxyz answers HTTP xyz.
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === '23505' || code === '23503') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code.startsWith('23') || code.startsWith('22') || code === '42703') return 400;
  if (code === '53300' || code === '08000' || code === '08006') return 503;
  return 500;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, content-type, x-client-info, prefer, accept, accept-profile, content-profile, x-supabase-api-version, x-retry-count, range',
  'access-control-expose-headers': 'content-range, x-supabase-api-version',
  'access-control-max-age': '600',
};

function send(res: ServerResponse, status: number, body?: unknown, headers = {}) {
  const json = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...CORS_HEADERS,
    ...(json ? { 'content-type': 'application/json; charset=utf-8' } : {}),
    ...headers,
  });
  res.end(json);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw pgrstError(413, 'PGRST413', 'Payload too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The stand-in for Google's account page: a form that signs in any account, for browser tests. */
function accountForm(query: URLSearchParams): string {
  const hidden = [...query]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Supabase stand-in: sign in with Google</title></head>
<body><h1>Google sign-in (local stand-in)</h1>
<form method="post" action="/auth/v1/authorize">${hidden}
<label>E-mail <input id="email" name="email" type="email" required></label>
<label>Name <input id="name" name="name"></label>
<label>Avatar URL <input id="avatar" name="avatar_url"></label>
<button id="sign-in" type="submit">Sign in</button>
<button id="deny" type="submit" name="deny" value="1" formnovalidate>Cancel</button>
</form></body></html>`;
}

export async function startSupabaseStandIn(options: StandInOptions): Promise<SupabaseStandIn> {
  const secret = options.jwtSecret ?? LOCAL_JWT_SECRET;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
  // A connection the server ends (the test's database dropped with `force` as a suite ends, a
  // client still closing) is no error of the stand-in's: without a listener, pg's 'error' event
  // would be an uncaught exception in the test run.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const accessSeconds = options.accessTokenSeconds ?? 3600;
  const allowRedirect =
    options.allowRedirect ??
    ((u: URL) => u.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(u.hostname));
  const now = () => Math.floor(Date.now() / 1000);
  // Fixed claims: the same secret always gives the same anon key (the one in .env.supabase).
  const anonKey = signJwt(secret, { iss: JWT_ISSUER, role: 'anon', iat: 0, exp: 4102444800 });

  const arranged: (StandInAccount | 'deny')[] = [];
  const codes = new Map<
    string,
    { userId: string; challenge: string; method: string; at: number }
  >();
  const refreshTokens = new Map<string, string>(); // token -> user id
  const requests = new Map<string, number>();
  const columnsCache = new Map<string, Set<string>>();

  interface UserRow {
    id: string;
    email: string;
    raw_user_meta_data: Record<string, unknown>;
    created_at: Date;
  }
  // How each user signed in (the stand-in's own memory; Supabase keeps it in auth.users).
  const signInKind = new Map<string, { provider: 'google' | 'email'; anonymous: boolean }>();
  const appMetadata = (id: string) => {
    const provider = signInKind.get(id)?.provider ?? 'google';
    return { provider, providers: [provider] };
  };
  const isAnonymous = (id: string) => signInKind.get(id)?.anonymous ?? false;

  const userJson = (u: UserRow) => ({
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: u.created_at,
    app_metadata: appMetadata(u.id),
    user_metadata: u.raw_user_meta_data,
    identities: [],
    created_at: u.created_at,
    updated_at: u.created_at,
    is_anonymous: isAnonymous(u.id),
  });

  async function upsertUser(account: StandInAccount): Promise<UserRow> {
    const meta: Record<string, string> = { email: account.email };
    if (account.name) Object.assign(meta, { full_name: account.name, name: account.name });
    if (account.avatarUrl)
      Object.assign(meta, { avatar_url: account.avatarUrl, picture: account.avatarUrl });
    const { rows } = await pool.query<UserRow>(
      `insert into auth.users (email, raw_user_meta_data) values ($1, $2)
       on conflict (email) do update set raw_user_meta_data = excluded.raw_user_meta_data
       returning id, email, raw_user_meta_data, created_at`,
      [account.email.toLowerCase(), meta],
    );
    const user = rows[0]!;
    const provider = account.provider ?? 'google';
    signInKind.set(user.id, { provider, anonymous: account.anonymous ?? false });
    // Supabase refreshes the provider's identity data at every sign-in.
    await pool.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider)
       values ($1, $2, $3, $4)
       on conflict (provider_id, provider) do update set identity_data = excluded.identity_data`,
      [
        `${provider}-${user.email}`,
        user.id,
        { ...meta, sub: `${provider}-${user.email}` },
        provider,
      ],
    );
    return user;
  }

  async function sessionForUser(user: UserRow): Promise<Session> {
    const iat = now();
    const access_token = signJwt(secret, {
      iss: JWT_ISSUER,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      app_metadata: appMetadata(user.id),
      user_metadata: user.raw_user_meta_data,
      is_anonymous: isAnonymous(user.id),
      session_id: randomUUID(),
      iat,
      exp: iat + accessSeconds,
    });
    const refresh_token = randomBytes(16).toString('hex');
    refreshTokens.set(refresh_token, user.id);
    return {
      access_token,
      token_type: 'bearer',
      expires_in: accessSeconds,
      expires_at: iat + accessSeconds,
      refresh_token,
      user: userJson(user),
    };
  }

  async function userById(id: string): Promise<UserRow | null> {
    const { rows } = await pool.query<UserRow>(
      'select id, email, raw_user_meta_data, created_at from auth.users where id = $1',
      [id],
    );
    return rows[0] ?? null;
  }

  function completeAuthorize(
    res: ServerResponse,
    q: URLSearchParams,
    account: StandInAccount | 'deny',
  ) {
    const target = new URL(q.get('redirect_to') ?? '');
    if (account === 'deny') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied access');
      res.writeHead(302, { location: target.toString() }).end();
      return Promise.resolve();
    }
    return upsertUser(account).then((user) => {
      const code = randomUUID();
      codes.set(code, {
        userId: user.id,
        challenge: q.get('code_challenge') ?? '',
        method: (q.get('code_challenge_method') ?? 'plain').toLowerCase(),
        at: Date.now(),
      });
      target.searchParams.set('code', code);
      res.writeHead(302, { location: target.toString() }).end();
    });
  }

  function checkAuthorizeQuery(q: URLSearchParams) {
    if (q.get('provider') !== 'google') throw new HttpError(400, { msg: 'Unsupported provider' });
    let target: URL;
    try {
      target = new URL(q.get('redirect_to') ?? '');
    } catch {
      throw new HttpError(400, { msg: 'redirect_to is required' });
    }
    if (!allowRedirect(target)) throw new HttpError(400, { msg: 'redirect_to is not allowed' });
    if (!q.get('code_challenge')) throw new HttpError(400, { msg: 'PKCE code_challenge required' });
  }

  /** The JWT of a REST or Auth request: Authorization, else the apikey. */
  function claimsOf(req: IncomingMessage): Record<string, unknown> {
    const apikey = req.headers.apikey;
    if (typeof apikey !== 'string' || !verifyJwt(secret, apikey)) {
      throw new HttpError(401, {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });
    }
    const auth = req.headers.authorization;
    const token = typeof auth === 'string' && /^Bearer /i.test(auth) ? auth.slice(7) : apikey;
    const claims = verifyJwt(secret, token);
    if (!claims) throw pgrstError(401, 'PGRST301', 'JWT could not be decoded or has expired');
    if (!ROLES.has(String(claims.role)))
      throw pgrstError(401, 'PGRST301', 'JWT role is not allowed');
    return claims;
  }

  async function tableColumns(table: string): Promise<Set<string>> {
    let cols = columnsCache.get(table);
    if (!cols) {
      const { rows } = await pool.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1`,
        [table],
      );
      if (!rows.length)
        throw pgrstError(
          404,
          'PGRST205',
          `Could not find the table 'public.${table}' in the schema cache`,
        );
      cols = new Set(rows.map((r) => r.column_name));
      columnsCache.set(table, cols);
    }
    return cols;
  }

  /** Runs one request's SQL in a transaction as the JWT's role and claims. */
  async function asRole<T>(
    claims: Record<string, unknown>,
    run: (c: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (e) {
      throw pgrstError(503, 'PGRST000', `Database connection failed: ${(e as Error).message}`);
    }
    const role = String(claims.role);
    try {
      await client.query('begin');
      await client.query(
        "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
        [role, JSON.stringify(claims)],
      );
      const result = await run(client);
      await client.query('commit');
      return result;
    } catch (e) {
      await client.query('rollback').catch(() => {});
      const err = e as { code?: string; message?: string; detail?: string; hint?: string };
      if (e instanceof HttpError || !err.code) throw e;
      throw new HttpError(statusOfSqlState(err.code, role), {
        code: err.code,
        message: err.message,
        details: err.detail ?? null,
        hint: err.hint ?? null,
      });
    } finally {
      client.release();
    }
  }

  const wantsObject = (req: IncomingMessage) =>
    String(req.headers.accept ?? '').includes('application/vnd.pgrst.object+json');

  function shapeRows(req: IncomingMessage, rows: unknown[]): unknown {
    if (!wantsObject(req)) return rows;
    if (rows.length !== 1) {
      throw pgrstError(
        406,
        'PGRST116',
        'Cannot coerce the result to a single JSON object',
        `The result contains ${rows.length} rows`,
      );
    }
    return rows[0];
  }

  /** `select=` as SQL columns, checked against the table. */
  function selectColumns(table: string, cols: Set<string>, q: URLSearchParams): string {
    const select = (q.get('select') ?? '*').split(',').map((s) => s.trim());
    for (const c of select) {
      if (c !== '*' && (!IDENT.test(c) || !cols.has(c)))
        throw pgrstError(400, '42703', `column ${table}.${c} does not exist`);
    }
    return select.map((c) => (c === '*' ? '*' : `"${c}"`)).join(', ');
  }

  /** The `eq.` filters (and `limit`) of a query string as SQL, values from `$first` on. */
  function filtersOf(table: string, cols: Set<string>, q: URLSearchParams, first = 1) {
    const where: string[] = [];
    const values: string[] = [];
    let limit = '';
    for (const [key, value] of q) {
      if (key === 'select' || key === 'columns') continue;
      if (key === 'limit') {
        if (!/^\d+$/.test(value))
          throw pgrstError(400, 'PGRST100', `"failed to parse limit (${value})"`);
        limit = ` limit ${value}`;
        continue;
      }
      if (!IDENT.test(key) || !cols.has(key))
        throw pgrstError(400, '42703', `column ${table}.${key} does not exist`);
      const match = /^eq\.(.*)$/s.exec(value);
      if (!match)
        throw pgrstError(
          400,
          'PGRST100',
          `"failed to parse filter (${value})" (the stand-in knows eq only)`,
        );
      values.push(match[1]!);
      where.push(`"${key}" = $${first + values.length - 1}`);
    }
    return { where: where.length ? ` where ${where.join(' and ')}` : '', values, limit };
  }

  async function restGet(
    req: IncomingMessage,
    res: ServerResponse,
    table: string,
    q: URLSearchParams,
  ) {
    const claims = claimsOf(req);
    const cols = await tableColumns(table);
    const columns = selectColumns(table, cols, q);
    const { where, values, limit } = filtersOf(table, cols, q);
    const sql = `select coalesce(json_agg(t), '[]'::json) as rows from (select ${columns} from public."${table}"${where}${limit}) t`;
    const rows = await asRole(
      claims,
      async (c) => (await c.query<{ rows: unknown[] }>(sql, values)).rows[0]!.rows,
    );
    send(res, 200, shapeRows(req, rows));
  }

  /**
   * `PATCH /rest/v1/<table>?<col>=eq.<v>` (an UPDATE of the body's columns on the filtered rows)
   * and `DELETE /rest/v1/<table>?<col>=eq.<v>`, as the JWT's role: row-level security decides
   * which rows they touch (none is no error). With `Prefer: return=representation` the answer is
   * the touched rows' `select=` columns (200), else nothing (204).
   */
  async function restWrite(
    req: IncomingMessage,
    res: ServerResponse,
    table: string,
    q: URLSearchParams,
    kind: 'update' | 'delete',
  ) {
    const claims = claimsOf(req);
    const cols = await tableColumns(table);
    const columns = selectColumns(table, cols, q);
    const returning = /return=representation/.test(String(req.headers.prefer ?? ''));
    let statement: string;
    const params: string[] = [];
    if (kind === 'update') {
      const body = parseJson(await readBody(req));
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
      }
      const keys = Object.keys(body);
      if (!keys.length) throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
      for (const k of keys) {
        if (!IDENT.test(k) || !cols.has(k)) {
          throw pgrstError(
            400,
            'PGRST204',
            `Could not find the '${k}' column of '${table}' in the schema cache`,
          );
        }
      }
      params.push(JSON.stringify(body));
      const set = keys
        .map((k) => `"${k}" = (json_populate_record(null::public."${table}", $1::json))."${k}"`)
        .join(', ');
      statement = `update public."${table}" set ${set}`;
    } else {
      statement = `delete from public."${table}"`;
    }
    const { where, values, limit } = filtersOf(table, cols, q, params.length + 1);
    if (limit) throw pgrstError(400, 'PGRST100', 'limit on a write is not in the stand-in');
    const sql = `with w as (${statement}${where} returning *) select ${returning ? `coalesce((select json_agg(t) from (select ${columns} from w) t), '[]'::json)` : `(select count(*) from w)::text::json`} as rows`;
    const out = await asRole(
      claims,
      async (c) =>
        (await c.query<{ rows: unknown[] | null }>(sql, [...params, ...values])).rows[0]!.rows,
    );
    if (returning) send(res, 200, shapeRows(req, out ?? []));
    else send(res, 204);
  }

  async function restInsert(
    req: IncomingMessage,
    res: ServerResponse,
    table: string,
    q: URLSearchParams,
  ) {
    const claims = claimsOf(req);
    const cols = await tableColumns(table);
    const body = parseJson(await readBody(req));
    const rows = Array.isArray(body) ? body : [body];
    if (!rows.length || rows.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) {
      throw pgrstError(400, 'PGRST102', 'All object keys must match');
    }
    const keys = [...new Set(rows.flatMap((r) => Object.keys(r as object)))];
    for (const k of keys) {
      if (!IDENT.test(k) || !cols.has(k)) {
        throw pgrstError(
          400,
          'PGRST204',
          `Could not find the '${k}' column of '${table}' in the schema cache`,
        );
      }
    }
    const prefer = String(req.headers.prefer ?? '');
    const onConflict = q.get('on_conflict');
    const resolution = /resolution=(ignore|merge)-duplicates/.exec(prefer)?.[1];
    const returning = /return=representation/.test(prefer);
    let conflict = '';
    if (resolution) {
      const target = (onConflict ?? '').split(',').filter(Boolean);
      if (!target.length || target.some((c) => !IDENT.test(c) || !cols.has(c))) {
        throw pgrstError(
          400,
          'PGRST100',
          'on_conflict must name the primary key columns (the stand-in needs it)',
        );
      }
      const targetSql = target.map((c) => `"${c}"`).join(', ');
      conflict =
        resolution === 'ignore'
          ? ` on conflict (${targetSql}) do nothing`
          : ` on conflict (${targetSql}) do update set ${keys.map((k) => `"${k}" = excluded."${k}"`).join(', ')}`;
    }
    const colSql = keys.map((k) => `"${k}"`).join(', ');
    const sql = `with ins as (insert into public."${table}" (${colSql}) select ${colSql} from json_populate_recordset(null::public."${table}", $1::json)${conflict}${returning ? ' returning *' : ''}) select ${returning ? "coalesce((select json_agg(ins) from ins), '[]'::json)" : 'null::json'} as rows`;
    const out = await asRole(
      claims,
      async (c) =>
        (await c.query<{ rows: unknown[] | null }>(sql, [JSON.stringify(rows)])).rows[0]!.rows,
    );
    if (returning) send(res, 201, shapeRows(req, out ?? []));
    else send(res, 201);
  }

  async function restRpc(req: IncomingMessage, res: ServerResponse, fn: string) {
    const claims = claimsOf(req);
    if (!IDENT.test(fn))
      throw pgrstError(404, 'PGRST202', `Could not find the function public.${fn}`);
    const body = parseJson(await readBody(req)) ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
    }
    const entries = Object.entries(body as Record<string, unknown>);
    for (const [k] of entries)
      if (!IDENT.test(k))
        throw pgrstError(404, 'PGRST202', `Could not find the function public.${fn}(${k})`);
    const args = entries.map(([k], i) => `"${k}" => $${i + 1}`).join(', ');
    const values = entries.map(([, v]) =>
      v === null || typeof v !== 'object' ? v : JSON.stringify(v),
    );
    // As PostgREST: a function returning one scalar (not a set, not a row type) answers the bare
    // value (`true`); any other answers its rows.
    const { rows: kinds } = await pool.query<{ scalar: boolean }>(
      `select not p.proretset and t.typtype not in ('c', 'p') as scalar
       from pg_proc p join pg_type t on t.oid = p.prorettype
       where p.proname = $1 and p.pronamespace = 'public'::regnamespace`,
      [fn],
    );
    if (kinds.length === 1 && kinds[0]!.scalar) {
      const sql = `select to_json(public."${fn}"(${args})) as value`;
      const value = await asRole(
        claims,
        async (c) => (await c.query<{ value: unknown }>(sql, values)).rows[0]!.value,
      );
      send(res, 200, value);
      return;
    }
    const sql = `select coalesce(json_agg(t), '[]'::json) as rows from public."${fn}"(${args}) t`;
    const rows = await asRole(
      claims,
      async (c) => (await c.query<{ rows: unknown[] }>(sql, values)).rows[0]!.rows,
    );
    send(res, 200, shapeRows(req, rows));
  }

  async function authToken(req: IncomingMessage, res: ServerResponse, q: URLSearchParams) {
    claimsOf(req);
    const body = (parseJson(await readBody(req)) ?? {}) as Record<string, unknown>;
    const grant = q.get('grant_type');
    if (grant === 'pkce') {
      const code = codes.get(String(body.auth_code));
      codes.delete(String(body.auth_code));
      const verifier = String(body.code_verifier ?? '');
      if (!code || Date.now() - code.at > 5 * 60_000) {
        throw new HttpError(404, {
          code: 'flow_state_not_found',
          error_code: 'flow_state_not_found',
          msg: 'invalid flow state, no valid flow state found',
        });
      }
      const computed =
        code.method === 's256'
          ? createHash('sha256').update(verifier).digest('base64url')
          : verifier;
      if (computed !== code.challenge) {
        throw new HttpError(403, {
          code: 'bad_code_verifier',
          error_code: 'bad_code_verifier',
          msg: 'code challenge does not match previously saved code verifier',
        });
      }
      const user = await userById(code.userId);
      if (!user) throw new HttpError(404, { code: 'user_not_found', msg: 'User not found' });
      send(res, 200, await sessionForUser(user));
      return;
    }
    if (grant === 'refresh_token') {
      const token = String(body.refresh_token ?? '');
      const userId = refreshTokens.get(token);
      refreshTokens.delete(token);
      const user = userId ? await userById(userId) : null;
      if (!user)
        throw new HttpError(400, {
          code: 'refresh_token_not_found',
          error_code: 'refresh_token_not_found',
          msg: 'Invalid Refresh Token: Refresh Token Not Found',
        });
      send(res, 200, await sessionForUser(user));
      return;
    }
    throw new HttpError(400, { code: 'unsupported_grant_type', msg: 'unsupported_grant_type' });
  }

  function bearerUserId(req: IncomingMessage): string {
    const claims = claimsOf(req);
    if (claims.role !== 'authenticated' || typeof claims.sub !== 'string') {
      throw new HttpError(401, {
        code: 'no_authorization',
        msg: 'This endpoint requires a Bearer token',
      });
    }
    return claims.sub;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const key = `${method} ${url.pathname}`;
    requests.set(key, (requests.get(key) ?? 0) + 1);
    if (method === 'OPTIONS') return send(res, 204);
    const q = url.searchParams;
    const path = url.pathname;

    if (path === '/auth/v1/authorize' && method === 'GET') {
      checkAuthorizeQuery(q);
      const next = arranged.shift();
      if (next) return completeAuthorize(res, q, next);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(accountForm(q));
      return;
    }
    if (path === '/auth/v1/authorize' && method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      checkAuthorizeQuery(form);
      if (form.get('deny')) return completeAuthorize(res, form, 'deny');
      const email = form.get('email')?.trim();
      if (!email || !/^[^@\s]+@[^@\s]+$/.test(email))
        throw new HttpError(400, { msg: 'An e-mail is required' });
      return completeAuthorize(res, form, {
        email,
        ...(form.get('name') ? { name: form.get('name')! } : {}),
        ...(form.get('avatar_url') ? { avatarUrl: form.get('avatar_url')! } : {}),
      });
    }
    if (path === '/auth/v1/token' && method === 'POST') return authToken(req, res, q);
    if (path === '/auth/v1/user' && method === 'GET') {
      const user = await userById(bearerUserId(req));
      if (!user) throw new HttpError(404, { code: 'user_not_found', msg: 'User not found' });
      return send(res, 200, userJson(user));
    }
    if (path === '/auth/v1/logout' && method === 'POST') {
      const id = bearerUserId(req);
      for (const [token, owner] of refreshTokens) if (owner === id) refreshTokens.delete(token);
      return send(res, 204);
    }
    const rpc = /^\/rest\/v1\/rpc\/([^/]+)$/.exec(path);
    if (rpc && method === 'POST') return restRpc(req, res, decodeURIComponent(rpc[1]!));
    const table = /^\/rest\/v1\/([^/]+)$/.exec(path);
    if (table) {
      const name = decodeURIComponent(table[1]!);
      if (!IDENT.test(name))
        throw pgrstError(404, 'PGRST205', `Could not find the table 'public.${name}'`);
      if (method === 'GET') return restGet(req, res, name, q);
      if (method === 'POST') return restInsert(req, res, name, q);
      if (method === 'PATCH') return restWrite(req, res, name, q, 'update');
      if (method === 'DELETE') return restWrite(req, res, name, q, 'delete');
      throw pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${method} (not in the stand-in)`);
    }
    send(res, 404, { message: `Not in the stand-in: ${method} ${path}` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.end();
      if (error instanceof HttpError) return send(res, error.status, error.body);
      send(res, 500, {
        code: 'XX000',
        message: (error as Error).message,
        details: null,
        hint: null,
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    anonKey,
    arrangeSignIn: (account) => void arranged.push(account),
    arrangeDenial: () => void arranged.push('deny'),
    sessionFor: async (account) => sessionForUser(await upsertUser(account)),
    requests,
    pool,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
