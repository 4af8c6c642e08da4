-- What a Supabase project provides before any migration runs, recreated for the tests on a plain
-- PostgreSQL 15 (a throwaway cluster; never run this against a Supabase project, which has it):
-- the roles the API switches to, the `auth` schema with `auth.users` and the claim helpers
-- `auth.uid()`, `auth.role()` and `auth.jwt()` as Supabase defines them, the `extensions` schema,
-- and the default privileges Supabase gives anon and authenticated on everything in `public`
-- (so the migration's revokes are tested against the same starting point).

create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;

create schema auth;
grant usage on schema auth to anon, authenticated, service_role;

create table auth.users (
  id uuid primary key default gen_random_uuid(),
  email text unique,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  last_sign_in_at timestamptz
);

-- The provider identities of each user (Supabase keeps what the provider sent at each sign-in in
-- identity_data; the user cannot write it).
create table auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null default '{}'::jsonb,
  provider text not null,
  created_at timestamptz not null default now(),
  unique (provider_id, provider)
);
-- As Supabase Auth's own migration creates it (supabase/auth, 20211122151130_create_user_id_idx).
create index identities_user_id_idx on auth.identities using btree (user_id);

create function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
