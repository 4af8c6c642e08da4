-- GENERATED, do not edit: the Supabase database's shared feature as the migrations leave it: the
--   private schema (not exposed by the API) and the extensions the features use.
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- schema private
-- Migrations: 20261124000000_trust.sql
create schema private;
grant usage on schema private to authenticated;

-- extension pg_trgm
-- Migrations: 20261123000000_waitlist.sql
create extension if not exists pg_trgm with schema extensions;

-- extension pgcrypto
-- Migrations: 20261128000000_derived_counts.sql
create extension if not exists pgcrypto with schema extensions;

-- extension unaccent
-- Migrations: 20261123000000_waitlist.sql
create extension if not exists unaccent with schema extensions;
