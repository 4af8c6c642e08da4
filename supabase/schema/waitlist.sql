-- GENERATED, do not edit: the Supabase database's waitlist feature as the migrations leave it: one
--   entry per student, its row-level security, what joining records and the entry rules: the terms
--   accepted, a campus changed once a minute (WaitlistRepo).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table public.waitlist
-- Migrations: 20261123000000_waitlist.sql, 20261123120000_my_entry.sql, 20261124000000_trust.sql,
--   20261125000000_campus_progress.sql, 20261128010000_join_terms.sql,
--   20261128070000_campus_launch.sql, 20261128175500_waitlist_email_lower.sql,
--   20261128182000_waitlist_entry_rules.sql
create table public.waitlist (
  uid uuid not null,
  email text not null,
  college_id text not null,
  created_at timestamp with time zone default now() not null,
  adult boolean,
  notice_version text,
  college_changed_at timestamp with time zone,
  constraint waitlist_pkey PRIMARY KEY (uid),
  constraint waitlist_college_id_fkey FOREIGN KEY (college_id) REFERENCES public.colleges(id),
  constraint waitlist_uid_fkey FOREIGN KEY (uid) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint waitlist_college_id_check CHECK (college_id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text AND length(college_id) <= 64),
  constraint waitlist_email_check CHECK (length(email) >= 3 AND length(email) <= 320),
  constraint waitlist_notice_version_check CHECK (notice_version ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'::text)
);
CREATE INDEX waitlist_college_id ON public.waitlist USING btree (college_id);
CREATE INDEX waitlist_email_lower ON public.waitlist USING btree (lower(email));
alter table public.waitlist enable row level security;
create policy "a Google student adds their own entry, with their own e-mail" on public.waitlist
  for insert to authenticated
  with check (((uid = ( SELECT auth.uid() AS uid)) AND (email = ( SELECT (auth.jwt() ->> 'email'::text))) AND ( SELECT private.is_google_student() AS is_google_student) AND private.accepts_join_terms(adult, notice_version, now()) AND private.may_join(college_id)));
create policy "a Google student changes the campus of their own entry" on public.waitlist
  for update to authenticated
  using ((uid = ( SELECT auth.uid() AS uid)))
  with check (((uid = ( SELECT auth.uid() AS uid)) AND ( SELECT private.is_google_student() AS is_google_student) AND private.may_join(college_id)));
create policy "a student deletes their own entry" on public.waitlist
  for delete to authenticated
  using ((uid = ( SELECT auth.uid() AS uid)));
create policy "a student reads their own entry" on public.waitlist
  for select to authenticated
  using ((uid = ( SELECT auth.uid() AS uid)));
grant select, delete, insert (uid, email, college_id, adult, notice_version), update (college_id) on table public.waitlist to authenticated;
grant all on table public.waitlist to service_role;

-- function private.accepts_join_terms(boolean,text,timestamp with time zone)
-- Migrations: 20261128182000_waitlist_entry_rules.sql,
--   20261128183000_waitlist_notice_2026_12_02.sql, 20261129013000_waitlist_notice_2026_12_03.sql
CREATE OR REPLACE FUNCTION private.accepts_join_terms(adult boolean, notice_version text, at timestamp with time zone)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(
    (adult is true
      and notice_version = any (array['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01',
        '2026-12-02', '2026-12-03']))
    or (at < timestamptz '2026-12-15 00:00:00+00'
      and ((adult is null and notice_version is null)
        or (adult is true and notice_version is not null))),
    false)
$function$;
grant execute on function private.accepts_join_terms(boolean,text,timestamp with time zone) to authenticated;

-- function private.is_on_list()
-- Migrations: 20261124000000_trust.sql
CREATE OR REPLACE FUNCTION private.is_on_list()
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.waitlist where uid = (select auth.uid()))
$function$;
grant execute on function private.is_on_list() to authenticated;

-- function private.limit_college_change()
-- Migrations: 20261128182000_waitlist_entry_rules.sql
CREATE OR REPLACE FUNCTION private.limit_college_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if current_user = 'authenticated' and new.college_id is distinct from old.college_id
    and old.college_changed_at is not null
    and now() < old.college_changed_at + interval '60 seconds' then
    raise exception 'The campus changed less than a minute ago'
      using errcode = 'PT429', hint = 'Try again in a minute.';
  end if;
  return null;
end
$function$;
-- No grants: its owner alone.

-- function private.stamp_college_change()
-- Migrations: 20261128182000_waitlist_entry_rules.sql
CREATE OR REPLACE FUNCTION private.stamp_college_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if current_user = 'authenticated' and new.college_id is distinct from old.college_id then
    new.college_changed_at := now();
  end if;
  return new;
end
$function$;
-- No grants: its owner alone.

-- trigger waitlist_college_change_limit on public.waitlist
-- Migrations: 20261128182000_waitlist_entry_rules.sql
CREATE TRIGGER waitlist_college_change_limit AFTER UPDATE OF college_id ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.limit_college_change();

-- trigger waitlist_college_change_stamp on public.waitlist
-- Migrations: 20261128182000_waitlist_entry_rules.sql
CREATE TRIGGER waitlist_college_change_stamp BEFORE UPDATE OF college_id ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.stamp_college_change();
