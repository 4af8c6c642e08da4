import fs from 'node:fs';
import pg from 'pg';
import { SUPABASE_FEATURES } from './supabase-features';

/**
 * supabase/schema/<feature>.sql: the Supabase database as the migrations leave it, one file per
 * feature (scripts/data/supabase-features.ts), for reading. Made from the throwaway PostgreSQL 15
 * the Supabase tests build (scripts/test/supabase-db.sh: stand-ins/supabase/platform.sql, then
 * every migration), read back from its catalog: tables with their constraints, indexes, row-level
 * security, policies and grants; views; functions as PostgreSQL holds them (pg_get_functiondef)
 * with their grants; triggers. Left out: owners, extension versions, data, and whatever the
 * platform stand-in made (a database with only that file applied says what), unless a migration
 * changed it, which fails. Each object names the migrations that wrote it, found by their text.
 *
 * `npm run schema:supabase -- --write` regenerates the files (scripts/data/supabase-schema.sh);
 * tests/supabase/schema-files.test.ts fails when one is out of date.
 */
export const SCHEMA_DIR = 'supabase/schema';
export const MIGRATIONS_DIR = 'supabase/migrations';
const PLATFORM_SQL = 'stand-ins/supabase/platform.sql';

export interface SchemaFile {
  readonly path: string;
  readonly text: string;
}

/** One object of the database, rendered. */
interface DbObject {
  /** Unique: tells the platform's objects from the migrations'. */
  readonly id: string;
  /** Its entry in SUPABASE_FEATURES ('table public.waitlist', 'function private.claim_mail'). */
  readonly mapKey: string;
  /** Where the feature map is asked first (a trigger: its function's entry), then mapKey. */
  readonly placedBy?: string;
  /** Order within a file: schemas and extensions, tables, views, functions, triggers. */
  readonly rank: number;
  readonly sortName: string;
  readonly text: string;
  /** Patterns that find the migrations writing it. */
  readonly history: readonly RegExp[];
}

const SYSTEM_SCHEMAS = `n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'`;
const NOT_EXTENSION_MEMBER = (classid: string, oid: string) =>
  `not exists (select 1 from pg_depend e where e.classid = '${classid}'::regclass and e.objid = ${oid} and e.deptype = 'e')`;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const word = (name: string) => escape(name).replace(/\\\./g, '\\s*\\.\\s*');

/** Privileges in PostgreSQL's own order, for stable grant lines. */
const PRIVILEGE_ORDER = [
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'TRUNCATE',
  'REFERENCES',
  'TRIGGER',
  'EXECUTE',
  'USAGE',
  'CREATE',
  'TEMPORARY',
  'CONNECT',
];
const TABLE_PRIVILEGES = PRIVILEGE_ORDER.slice(0, 7);

interface AclRow {
  grantee: string;
  privilege: string;
  grantable: boolean;
  column?: string;
}

/**
 * `grant … to …;` lines for an ACL (the owner's own rights left out): one line per set of
 * privileges, naming every grantee that holds exactly it.
 */
function grantLines(target: string, rows: readonly AclRow[], kind: 'table' | 'other'): string[] {
  const byGrantee = new Map<string, AclRow[]>();
  for (const row of rows) byGrantee.set(row.grantee, [...(byGrantee.get(row.grantee) ?? []), row]);
  const grantees = new Map<string, string[]>(); // the privileges' text -> who holds them
  for (const grantee of [...byGrantee.keys()].sort()) {
    const held = byGrantee.get(grantee)!;
    for (const grantable of [false, true]) {
      const some = held.filter((r) => r.grantable === grantable);
      const whole = some.filter((r) => !r.column).map((r) => r.privilege);
      const parts: string[] = [];
      if (kind === 'table' && TABLE_PRIVILEGES.every((p) => whole.includes(p))) parts.push('all');
      else {
        parts.push(...PRIVILEGE_ORDER.filter((p) => whole.includes(p)).map((p) => p.toLowerCase()));
      }
      for (const privilege of PRIVILEGE_ORDER) {
        const columns = some.filter((r) => r.column && r.privilege === privilege);
        if (columns.length) {
          parts.push(`${privilege.toLowerCase()} (${columns.map((r) => r.column).join(', ')})`);
        }
      }
      if (!parts.length) continue;
      const key = `${parts.join(', ')}\n${grantable ? ' with grant option' : ''}`;
      grantees.set(key, [...(grantees.get(key) ?? []), grantee]);
    }
  }
  const lines = [...grantees].map(([key, who]) => {
    const [privileges, option] = key.split('\n');
    return `grant ${privileges} on ${target} to ${who.join(', ')}${option};`;
  });
  return lines.length ? lines : ['-- No grants: its owner alone.'];
}

/** The grants on one object (`$1`, its oid) of a catalog, from its ACL or the default one. */
const aclQuery = (catalog: string, acl: string, kind: string, owner: string) => `
  select case when a.grantee = 0 then 'public' else quote_ident(g.rolname) end as grantee,
         a.privilege_type as privilege, a.is_grantable as grantable
  from ${catalog} o, aclexplode(coalesce(o.${acl}, acldefault('${kind}', o.${owner}))) a
  left join pg_roles g on g.oid = a.grantee
  where o.oid = $1 and a.grantee <> o.${owner}
  order by 1, 2`;

const grantsOf = async (db: pg.Client, query: string, oid: number) =>
  (await db.query<AclRow>(query, [oid])).rows;

async function tables(db: pg.Client): Promise<DbObject[]> {
  const { rows } = await db.query<{
    oid: number;
    name: string;
    kind: string;
    rls: boolean;
    force: boolean;
    options: string[] | null;
  }>(`
    select c.oid, quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
           c.relkind as kind, c.relrowsecurity as rls, c.relforcerowsecurity as force,
           c.reloptions as options
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where ${SYSTEM_SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and ${NOT_EXTENSION_MEMBER('pg_class', 'c.oid')}
      -- a sequence that belongs to a column (identity, serial) is the table's
      and not (c.relkind = 'S' and exists (select 1 from pg_depend d
        where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')
          and d.refclassid = 'pg_class'::regclass))
    order by 2`);
  const out: DbObject[] = [];
  for (const t of rows) {
    const acl = await grantsOf(
      db,
      aclQuery('pg_class', 'relacl', t.kind === 'S' ? 's' : 'r', 'relowner'),
      t.oid,
    );
    if (t.kind === 'v' || t.kind === 'm') {
      const def = await db.query<{ def: string }>('select pg_get_viewdef($1::oid, true) as def', [
        t.oid,
      ]);
      const options = t.options?.length ? ` with (${t.options.join(', ')})` : '';
      const keyword = t.kind === 'v' ? 'view' : 'materialized view';
      out.push({
        id: `${keyword} ${t.name}`,
        mapKey: `view ${t.name}`,
        rank: 2,
        sortName: t.name,
        text: [
          `create ${keyword} ${t.name}${options} as\n${def.rows[0]!.def.trimEnd()}`,
          ...grantLines(`table ${t.name}`, acl, 'table'),
        ].join('\n'),
        history: [
          new RegExp(
            `create\\s+(or\\s+replace\\s+)?(materialized\\s+)?view\\s+${word(t.name)}\\b`,
            'i',
          ),
          new RegExp(
            `(alter|drop)\\s+(materialized\\s+)?view\\s+(if\\s+exists\\s+)?${word(t.name)}\\b`,
            'i',
          ),
          new RegExp(`(grant|revoke)\\s[^;]*\\son\\s+(table\\s+)?${word(t.name)}\\b`, 'i'),
        ],
      });
      continue;
    }
    if (t.kind === 'S') {
      out.push({
        id: `sequence ${t.name}`,
        mapKey: `sequence ${t.name}`,
        rank: 1,
        sortName: t.name,
        text: [
          `create sequence ${t.name};`,
          ...grantLines(`sequence ${t.name}`, acl, 'other'),
        ].join('\n'),
        history: [
          new RegExp(
            `(create|alter)\\s+sequence\\s+(if\\s+not\\s+exists\\s+)?${word(t.name)}\\b`,
            'i',
          ),
        ],
      });
      continue;
    }
    const columns = (
      await db.query<{
        name: string;
        type: string;
        notnull: boolean;
        identity: string;
        generated: string;
        def: string | null;
        collation: string | null;
      }>(
        `select quote_ident(a.attname) as name, format_type(a.atttypid, a.atttypmod) as type,
                a.attnotnull as notnull, a.attidentity as identity, a.attgenerated as generated,
                pg_get_expr(d.adbin, d.adrelid) as def,
                case when a.attcollation <> t.typcollation then quote_ident(co.collname) end as collation
         from pg_attribute a
         join pg_type t on t.oid = a.atttypid
         left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         left join pg_collation co on co.oid = a.attcollation
         where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
         order by a.attnum`,
        [t.oid],
      )
    ).rows;
    const constraints = (
      await db.query<{ name: string; def: string }>(
        `select quote_ident(conname) as name, pg_get_constraintdef(oid, true) as def
         from pg_constraint where conrelid = $1
         order by case contype when 'p' then 0 when 'u' then 1 when 'f' then 2 when 'c' then 3 else 4 end,
                  conname`,
        [t.oid],
      )
    ).rows;
    const indexes = (
      await db.query<{ def: string }>(
        `select pg_get_indexdef(i.indexrelid) as def
         from pg_index i join pg_class ic on ic.oid = i.indexrelid
         where i.indrelid = $1 and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid
           and k.conrelid = i.indrelid and k.contype in ('p', 'u', 'x'))
         order by ic.relname`,
        [t.oid],
      )
    ).rows;
    const policies = (
      await db.query<{ def: string }>(
        `select format('create policy %I on %s', p.policyname, $1::text)
                || case when p.permissive = 'RESTRICTIVE' then E'\\n  as restrictive' else '' end
                || E'\\n  for ' || lower(p.cmd) || ' to ' || array_to_string(p.roles, ', ')
                || coalesce(E'\\n  using (' || p.qual || ')', '')
                || coalesce(E'\\n  with check (' || p.with_check || ')', '') || ';' as def
         from pg_policies p where (quote_ident(p.schemaname) || '.' || quote_ident(p.tablename)) = $1
         order by p.policyname`,
        [t.name],
      )
    ).rows;
    const columnAcl = (
      await db.query<AclRow>(
        `select case when a.grantee = 0 then 'public' else quote_ident(g.rolname) end as grantee,
                a.privilege_type as privilege, a.is_grantable as grantable,
                quote_ident(att.attname) as column
         from pg_attribute att join pg_class c on c.oid = att.attrelid,
              aclexplode(att.attacl) a left join pg_roles g on g.oid = a.grantee
         where att.attrelid = $1 and att.attacl is not null and a.grantee <> c.relowner
         order by att.attnum`,
        [t.oid],
      )
    ).rows;
    const body = [
      ...columns.map((c) => {
        let line = `  ${c.name} ${c.type}`;
        if (c.collation) line += ` collate ${c.collation}`;
        if (c.generated === 's') line += ` generated always as (${c.def}) stored`;
        else if (c.def !== null) line += ` default ${c.def}`;
        if (c.identity === 'a') line += ' generated always as identity';
        if (c.identity === 'd') line += ' generated by default as identity';
        if (c.notnull) line += ' not null';
        return line;
      }),
      ...constraints.map((k) => `  constraint ${k.name} ${k.def}`),
    ];
    const lines = [`create table ${t.name} (`, body.join(',\n'), ');'];
    lines.push(...indexes.map((i) => `${i.def};`));
    if (t.rls) lines.push(`alter table ${t.name} enable row level security;`);
    if (t.force) lines.push(`alter table ${t.name} force row level security;`);
    lines.push(...policies.map((p) => p.def));
    lines.push(...grantLines(`table ${t.name}`, [...acl, ...columnAcl], 'table'));
    out.push({
      id: `table ${t.name}`,
      mapKey: `table ${t.name}`,
      rank: 1,
      sortName: t.name,
      text: lines.join('\n'),
      history: [
        new RegExp(`create\\s+table\\s+(if\\s+not\\s+exists\\s+)?${word(t.name)}\\b`, 'i'),
        new RegExp(`alter\\s+table\\s+(if\\s+exists\\s+)?(only\\s+)?${word(t.name)}\\b`, 'i'),
        new RegExp(
          `create\\s+(unique\\s+)?index\\s[^;]*?\\son\\s+(only\\s+)?${word(t.name)}\\b`,
          'i',
        ),
        new RegExp(`(create|drop|alter)\\s+policy\\s+"[^"]*"\\s+on\\s+${word(t.name)}\\b`, 'i'),
        new RegExp(`(grant|revoke)\\s[^;]*?\\son\\s+(table\\s+)?${word(t.name)}\\b`, 'i'),
      ],
    });
  }
  return out;
}

async function functions(db: pg.Client): Promise<DbObject[]> {
  const { rows } = await db.query<{
    oid: number;
    name: string;
    signature: string;
    def: string;
  }>(`
    select p.oid, quote_ident(n.nspname) || '.' || quote_ident(p.proname) as name,
           p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where ${SYSTEM_SCHEMAS} and ${NOT_EXTENSION_MEMBER('pg_proc', 'p.oid')}
    order by 2, pg_get_function_identity_arguments(p.oid)`);
  const out: DbObject[] = [];
  for (const f of rows) {
    const acl = await grantsOf(db, aclQuery('pg_proc', 'proacl', 'f', 'proowner'), f.oid);
    out.push({
      id: `function ${f.signature}`,
      mapKey: `function ${f.name}`,
      rank: 3,
      sortName: `${f.name} ${f.signature}`,
      text: [`${f.def.trimEnd()};`, ...grantLines(`function ${f.signature}`, acl, 'other')].join(
        '\n',
      ),
      history: [
        new RegExp(
          `(create\\s+(or\\s+replace\\s+)?|alter\\s+|drop\\s+)function\\s+(if\\s+exists\\s+)?${word(f.name)}\\s*\\(`,
          'i',
        ),
        new RegExp(`(grant|revoke)\\s[^;]*?\\son\\s+function\\s+${word(f.name)}\\s*\\(`, 'i'),
      ],
    });
  }
  return out;
}

async function triggers(db: pg.Client): Promise<DbObject[]> {
  const { rows } = await db.query<{
    name: string;
    table: string;
    fn: string;
    def: string;
    enabled: string;
  }>(`
    select quote_ident(t.tgname) as name,
           quote_ident(n.nspname) || '.' || quote_ident(c.relname) as table,
           quote_ident(fn.nspname) || '.' || quote_ident(p.proname) as fn,
           pg_get_triggerdef(t.oid, true) as def, t.tgenabled as enabled
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid join pg_namespace fn on fn.oid = p.pronamespace
    where not t.tgisinternal
    order by 2, 1`);
  return rows.map((t) => ({
    id: `trigger ${t.name} on ${t.table}`,
    mapKey: `table ${t.table}`,
    placedBy: `function ${t.fn}`,
    rank: 4,
    sortName: `${t.table} ${t.name}`,
    text:
      `${t.def};` +
      (t.enabled === 'D' ? `\nalter table ${t.table} disable trigger ${t.name};` : '') +
      (t.enabled === 'R' ? `\nalter table ${t.table} enable replica trigger ${t.name};` : '') +
      (t.enabled === 'A' ? `\nalter table ${t.table} enable always trigger ${t.name};` : ''),
    history: [new RegExp(`(create|drop)\\s+trigger\\s+(if\\s+exists\\s+)?${word(t.name)}\\b`, 'i')],
  }));
}

async function schemasAndExtensions(db: pg.Client): Promise<DbObject[]> {
  const schemas = (
    await db.query<{ oid: number; name: string }>(
      `select n.oid, quote_ident(n.nspname) as name from pg_namespace n
       where ${SYSTEM_SCHEMAS} and ${NOT_EXTENSION_MEMBER('pg_namespace', 'n.oid')} order by 2`,
    )
  ).rows;
  const out: DbObject[] = [];
  for (const s of schemas) {
    const acl = await grantsOf(db, aclQuery('pg_namespace', 'nspacl', 'n', 'nspowner'), s.oid);
    out.push({
      id: `schema ${s.name}`,
      mapKey: `schema ${s.name}`,
      rank: 0,
      sortName: `0 ${s.name}`,
      text: [`create schema ${s.name};`, ...grantLines(`schema ${s.name}`, acl, 'other')].join(
        '\n',
      ),
      history: [
        new RegExp(`create\\s+schema\\s+(if\\s+not\\s+exists\\s+)?${word(s.name)}\\b`, 'i'),
        new RegExp(`(grant|revoke)\\s[^;]*?\\son\\s+schema\\s+${word(s.name)}\\b`, 'i'),
      ],
    });
  }
  const extensions = (
    await db.query<{ name: string; schema: string }>(
      `select quote_ident(x.extname) as name, quote_ident(n.nspname) as schema
       from pg_extension x join pg_namespace n on n.oid = x.extnamespace
       where x.extname <> 'plpgsql' order by 1`,
    )
  ).rows;
  for (const x of extensions) {
    out.push({
      id: `extension ${x.name}`,
      mapKey: `extension ${x.name}`,
      rank: 0,
      sortName: `1 ${x.name}`,
      text: `create extension if not exists ${x.name} with schema ${x.schema};`,
      history: [
        new RegExp(`create\\s+extension\\s+(if\\s+not\\s+exists\\s+)?${word(x.name)}\\b`, 'i'),
      ],
    });
  }
  const types = (
    await db.query<{ name: string }>(
      `select quote_ident(n.nspname) || '.' || quote_ident(t.typname) as name
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
       where ${SYSTEM_SCHEMAS} and ${NOT_EXTENSION_MEMBER('pg_type', 't.oid')}
         and (t.typtype in ('e', 'd', 'r', 'm') or (t.typtype = 'c' and exists (
           select 1 from pg_class c where c.oid = t.typrelid and c.relkind = 'c')))
       order by 1`,
    )
  ).rows;
  for (const t of types) {
    // Not rendered yet (no migration makes one): the generator stops and says so.
    out.push({
      id: `type ${t.name}`,
      mapKey: `type ${t.name}`,
      rank: 0,
      sortName: `2 ${t.name}`,
      text: `-- type ${t.name}: not rendered by scripts/data/supabase-schema.ts`,
      history: [],
    });
  }
  return out;
}

async function defaultPrivileges(db: pg.Client): Promise<string[]> {
  const { rows } = await db.query<{ acl: string }>(
    `select d.defaclrole::regrole::text || ' ' || coalesce(d.defaclnamespace::regnamespace::text, '-')
            || ' ' || d.defaclobjtype::text || ' ' || d.defaclacl::text as acl
     from pg_default_acl d order by 1`,
  );
  return rows.map((r) => r.acl);
}

async function readDatabase(db: pg.Client): Promise<DbObject[]> {
  return [
    ...(await schemasAndExtensions(db)),
    ...(await tables(db)),
    ...(await functions(db)),
    ...(await triggers(db)),
  ];
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Every name qualified in what the catalog functions print (public.colleges, not colleges).
  await client.query("set search_path = ''");
  return client;
}

/** What the platform stand-in alone makes: a database of its own, dropped after. */
async function platformObjects(baseUrl: string): Promise<{
  objects: Map<string, string>;
  defaults: string[];
}> {
  const name = `schema_platform_${process.pid}`;
  const admin = await connect(`${baseUrl}/postgres`);
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name} template template0`);
    const db = await connect(`${baseUrl}/${name}`);
    try {
      // Roles are the cluster's: the migrated database's cluster has them already.
      await db.query(fs.readFileSync(PLATFORM_SQL, 'utf8').replace(/^create role [^;]*;/gim, ''));
      const objects = new Map((await readDatabase(db)).map((o) => [o.id, o.text]));
      return { objects, defaults: await defaultPrivileges(db) };
    } finally {
      await db.end();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The migrations, in order, as text with their comments removed (names in comments don't count). */
function migrations(): { file: string; sql: string }[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => ({
      file,
      sql: fs.readFileSync(`${MIGRATIONS_DIR}/${file}`, 'utf8').replace(/--[^\n]*/g, ''),
    }));
}

/** `prefix` and the items (comma-separated, or words), in comment lines of at most 100 characters. */
function wrapped(prefix: string, items: readonly string[], separator = ','): string {
  const lines = [prefix.trimEnd()];
  items.forEach((item, i) => {
    const piece = item + (i < items.length - 1 ? separator.trim() : '');
    if (lines.at(-1)!.length + 1 + piece.length > 100) lines.push(`--   ${piece}`);
    else lines[lines.length - 1] += ` ${piece}`;
  });
  return lines.join('\n');
}

const HEADER = (feature: string, about: string) =>
  `${wrapped(`-- GENERATED, do not edit: the Supabase database's ${feature} feature as the migrations leave it:`, about.split(' '), ' ')}.
-- Made by \`npm run schema:supabase -- --write\` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with ${PLATFORM_SQL} and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is ${MIGRATIONS_DIR}/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.
`;

/**
 * The schema files, from the migrated database `migratedDb` of the cluster at `baseUrl`
 * (postgres://user@host:port, no database name). Throws, naming them, on objects the feature map
 * does not place, on map entries the database lacks, and on platform objects a migration changed.
 */
export async function supabaseSchemaFiles(
  baseUrl: string,
  migratedDb = 'migrated',
): Promise<SchemaFile[]> {
  const platform = await platformObjects(baseUrl);
  const db = await connect(`${baseUrl}/${migratedDb}`);
  let all: DbObject[];
  let defaults: string[];
  try {
    all = await readDatabase(db);
    defaults = await defaultPrivileges(db);
  } finally {
    await db.end();
  }

  const problems: string[] = [];
  for (const acl of defaults) {
    if (!platform.defaults.includes(acl))
      problems.push(`default privileges no feature holds: ${acl}`);
  }
  const ours: DbObject[] = [];
  for (const o of all) {
    const before = platform.objects.get(o.id);
    if (before === undefined) ours.push(o);
    else if (before !== o.text) problems.push(`${o.id}: a platform object the migrations changed`);
  }

  const featureOf = new Map<string, string>();
  for (const [feature, { objects }] of Object.entries(SUPABASE_FEATURES)) {
    for (const key of objects) {
      if (featureOf.has(key))
        problems.push(`${key}: in two features (${featureOf.get(key)}, ${feature})`);
      featureOf.set(key, feature);
    }
  }
  const placed = new Map<string, DbObject[]>();
  const found = new Set<string>();
  for (const o of ours) {
    found.add(o.mapKey);
    const feature = (o.placedBy && featureOf.get(o.placedBy)) ?? featureOf.get(o.mapKey);
    if (!feature) {
      problems.push(`${o.id}: no feature (add '${o.mapKey}' to scripts/data/supabase-features.ts)`);
      continue;
    }
    if (o.id.startsWith('type ')) problems.push(`${o.id}: types are not rendered yet`);
    placed.set(feature, [...(placed.get(feature) ?? []), o]);
  }
  for (const key of featureOf.keys()) {
    if (!found.has(key))
      problems.push(`${key}: in scripts/data/supabase-features.ts, not in the database`);
  }
  if (problems.length)
    throw new Error(`supabase/schema cannot be made:\n  ${problems.join('\n  ')}`);

  const history = migrations();
  return Object.entries(SUPABASE_FEATURES).map(([feature, { about }]) => {
    const objects = [...(placed.get(feature) ?? [])].sort(
      (a, b) => a.rank - b.rank || (a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : 0),
    );
    const blocks = objects.map((o) => {
      const files = history.filter(({ sql }) => o.history.some((re) => re.test(sql)));
      const made = files.length ? files.map((m) => m.file) : ['none found by name'];
      return `-- ${o.id}\n${wrapped('-- Migrations: ', made)}\n${o.text}`;
    });
    return {
      path: `${SCHEMA_DIR}/${feature}.sql`,
      text: `${HEADER(feature, about)}\n${blocks.join('\n\n')}\n`,
    };
  });
}

/** The files of supabase/schema/ that the generator does not make (a feature gone or renamed). */
export function strayFiles(files: readonly SchemaFile[]): string[] {
  if (!fs.existsSync(SCHEMA_DIR)) return [];
  const made = new Set(files.map((f) => f.path));
  return fs
    .readdirSync(SCHEMA_DIR)
    .map((f) => `${SCHEMA_DIR}/${f}`)
    .filter((f) => f.endsWith('.sql') && !made.has(f))
    .sort();
}
