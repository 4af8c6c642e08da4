-- GENERATED, do not edit: the Supabase database's campus-progress feature as the migrations leave it:
--   a campus’s verified students, counted on write, its settings, the caller’s campus and any
--   campus’s public progress (CampusProgressRepo).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table private.campus_counts
-- Migrations: 20261128000000_derived_counts.sql
create table private.campus_counts (
  college_id text not null,
  verified integer default 0 not null,
  constraint campus_counts_pkey PRIMARY KEY (college_id),
  constraint campus_counts_college_id_fkey FOREIGN KEY (college_id) REFERENCES public.colleges(id) ON DELETE CASCADE
);
-- No grants: its owner alone.

-- table private.campus_settings
-- Migrations: 20261125000000_campus_progress.sql, 20261129000000_campus_progress_seller_minimum.sql
create table private.campus_settings (
  college_id text not null,
  threshold integer default 100 not null,
  state text default 'gathering'::text not null,
  opens_on date,
  seller_minimum integer default 10 not null,
  constraint campus_settings_pkey PRIMARY KEY (college_id),
  constraint campus_settings_college_id_fkey FOREIGN KEY (college_id) REFERENCES public.colleges(id) ON DELETE CASCADE,
  constraint campus_settings_seller_minimum_check CHECK (seller_minimum >= 0 AND seller_minimum <= 10000),
  constraint campus_settings_state_check CHECK (state = ANY (ARRAY['gathering'::text, 'opening'::text, 'open'::text])),
  constraint campus_settings_threshold_check CHECK (threshold >= 1 AND threshold <= 100000)
);
-- No grants: its owner alone.

-- table private.counted_members
-- Migrations: 20261128060000_email_verification.sql
create table private.counted_members (
  user_id uuid not null,
  college_id text not null,
  constraint counted_members_pkey PRIMARY KEY (user_id)
);
CREATE INDEX counted_members_college ON private.counted_members USING btree (college_id);
-- No grants: its owner alone.

-- function private.count_verification()
-- Migrations: 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION private.count_verification()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.reconcile_count(coalesce(new.user_id, old.user_id));
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.reconcile_count(w.uid)
    from public.waitlist w
    where lower(w.email) = old.address and w.uid <> old.user_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform private.reconcile_count(w.uid)
    from public.waitlist w
    where lower(w.email) = new.address and w.uid <> new.user_id;
  end if;
  return null;
end
$function$;
-- No grants: its owner alone.

-- function private.count_verified()
-- Migrations: 20261128000000_derived_counts.sql, 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION private.count_verified()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.reconcile_count(coalesce(new.uid, old.uid));
  if tg_op = 'UPDATE' and new.uid is distinct from old.uid then
    perform private.reconcile_count(old.uid);
  end if;
  return null;
end
$function$;
-- No grants: its owner alone.

-- function private.counted_address(uuid)
-- Migrations: 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION private.counted_address(student uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when private.address_in_domains(v.address, c.email_domains) then v.address
    when private.counts_for(w.uid, w.email, w.college_id, null) then lower(w.email)
  end
  from public.waitlist w
  join public.colleges c on c.id = w.college_id
  left join private.email_verifications v on v.user_id = w.uid
  where w.uid = student
$function$;
-- No grants: its owner alone.

-- function private.counts_for(uuid,text,text,text)
-- Migrations: 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION private.counts_for(student uuid, sign_in text, college text, code_address text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((
    select private.address_in_domains(code_address, c.email_domains)
      or (private.email_in_domains(sign_in, c.email_domains)
        and not exists (
          select 1 from private.email_verifications v
          where v.address = lower(sign_in) and v.user_id <> student))
    from public.colleges c where c.id = college), false)
$function$;
-- No grants: its owner alone.

-- function private.email_in_domains(text,text[])
-- Migrations: 20261125000000_campus_progress.sql, 20261127140000_one_mailbox_one_count.sql
CREATE OR REPLACE FUNCTION private.email_in_domains(email text, domains text[])
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select coalesce((
    select exists (
      select 1 from unnest(domains) allowed
      where allowed ~* '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$'
        and length(allowed) <= 253
        and (lower(part.domain) = lower(allowed)
          or right(lower(part.domain), length(allowed) + 1) = '.' || lower(allowed)))
    from (select split_part(email, '@', 2) as domain) part
    where email ~ '^[^@+]+@[^@]*$'
      and part.domain ~* '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$'
      and length(part.domain) <= 253
  ), false)
$function$;
-- No grants: its owner alone.

-- function private.entry_verified(text,text)
-- Migrations: 20261128000000_derived_counts.sql
CREATE OR REPLACE FUNCTION private.entry_verified(email text, college text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((
    select private.email_in_domains(email, c.email_domains)
    from public.colleges c where c.id = college), false)
$function$;
-- No grants: its owner alone.

-- function private.reconcile_count(uuid)
-- Migrations: 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION private.reconcile_count(student uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  had text;
  want text;
begin
  -- One student at a time: two writes of one student never interleave here.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('count:' || student::text, 0));
  select cm.college_id into had from private.counted_members cm where cm.user_id = student;
  select w.college_id into want
  from public.waitlist w
  left join private.email_verifications v on v.user_id = w.uid
  where w.uid = student and private.counts_for(w.uid, w.email, w.college_id, v.address);
  if had is not distinct from want then
    return;
  end if;
  if want is null then
    delete from private.counted_members where user_id = student;
  else
    insert into private.counted_members (user_id, college_id) values (student, want)
    on conflict (user_id) do update set college_id = excluded.college_id;
  end if;
  -- One statement, the campuses in a fixed order: two students moving in opposite directions lock
  -- the two rows in the same order and never deadlock.
  insert into private.campus_counts as counts (college_id, verified)
  select change.college_id, change.delta
  from (values (had, -1), (want, 1)) as change (college_id, delta)
  where change.college_id is not null
  order by change.college_id
  on conflict (college_id) do update set verified = counts.verified + excluded.verified;
end
$function$;
-- No grants: its owner alone.

-- function private.recount_on_domains()
-- Migrations: 20261128000000_derived_counts.sql
CREATE OR REPLACE FUNCTION private.recount_on_domains()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- No entry is written while the campus is recounted: each write's own change waits, then
  -- reads the new domains.
  lock table public.waitlist in share mode;
  perform private.recount_verified(new.id);
  return null;
end
$function$;
-- No grants: its owner alone.

-- function private.recount_verified(text)
-- Migrations: 20261128000000_derived_counts.sql, 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION private.recount_verified(college text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  delete from private.counted_members where college_id = college;
  insert into private.counted_members (user_id, college_id)
  select w.uid, w.college_id
  from public.waitlist w
  left join private.email_verifications v on v.user_id = w.uid
  where w.college_id = college and private.counts_for(w.uid, w.email, w.college_id, v.address)
  on conflict (user_id) do update set college_id = excluded.college_id;
  insert into private.campus_counts (college_id, verified)
  select college, count(*)::integer from private.counted_members where college_id = college
  on conflict (college_id) do update set verified = excluded.verified;
$function$;
-- No grants: its owner alone.

-- function public.campus_progress(text)
-- Migrations: 20261128171000_campus_progress_public.sql
CREATE OR REPLACE FUNCTION public.campus_progress(college text)
 RETURNS TABLE(college_id text, verified_count integer, threshold integer, state text, opens_on date)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.id,
    case when counts.verified >= 10 then counts.verified end,
    coalesce(s.threshold, 100),
    coalesce(s.state, 'gathering'),
    s.opens_on
  from public.colleges c
  left join private.campus_counts counts on counts.college_id = c.id
  left join private.campus_settings s on s.college_id = c.id
  where c.id = college and c.request_key is null
$function$;
grant execute on function public.campus_progress(text) to anon, authenticated, service_role;

-- function public.my_campus()
-- Migrations: 20261125000000_campus_progress.sql, 20261128000000_derived_counts.sql,
--   20261128060000_email_verification.sql, 20261128070000_campus_launch.sql
CREATE OR REPLACE FUNCTION public.my_campus()
 RETURNS TABLE(college_id text, verified boolean, verified_count integer, threshold integer, state text, opens_on date, university_of text, name text, subname text, short_name text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select w.college_id,
    private.counted_address(w.uid) is not null,
    case when counts.verified >= 10 then counts.verified end,
    coalesce(s.threshold, 100),
    coalesce(s.state, 'gathering'),
    s.opens_on,
    c.university_of,
    c.name,
    c.subname,
    c.short_name
  from public.waitlist w
  join public.colleges c on c.id = w.college_id
  left join private.campus_counts counts on counts.college_id = w.college_id
  left join private.campus_settings s on s.college_id = w.college_id
  where w.uid = (select auth.uid())
$function$;
grant execute on function public.my_campus() to authenticated, service_role;

-- trigger email_verifications_count on private.email_verifications
-- Migrations: 20261128060000_email_verification.sql
CREATE TRIGGER email_verifications_count AFTER INSERT OR DELETE OR UPDATE ON private.email_verifications FOR EACH ROW EXECUTE FUNCTION private.count_verification();

-- trigger colleges_recount_verified on public.colleges
-- Migrations: 20261128000000_derived_counts.sql
CREATE TRIGGER colleges_recount_verified AFTER UPDATE OF email_domains ON public.colleges FOR EACH ROW WHEN (old.email_domains IS DISTINCT FROM new.email_domains) EXECUTE FUNCTION private.recount_on_domains();

-- trigger waitlist_count_verified on public.waitlist
-- Migrations: 20261128000000_derived_counts.sql
CREATE TRIGGER waitlist_count_verified AFTER INSERT OR DELETE OR UPDATE OF email, college_id ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.count_verified();
