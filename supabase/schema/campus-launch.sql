-- GENERATED, do not edit: the Supabase database's campus-launch feature as the migrations leave it:
--   a campus’s launch e-mails and its milestones.
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table private.campus_milestones
-- Migrations: 20261128070000_campus_launch.sql
create table private.campus_milestones (
  college_id text not null,
  milestone integer not null,
  verified integer not null,
  threshold integer not null,
  mailed boolean not null,
  reached_at timestamp with time zone default now() not null,
  constraint campus_milestones_pkey PRIMARY KEY (college_id, milestone),
  constraint campus_milestones_college_id_fkey FOREIGN KEY (college_id) REFERENCES public.colleges(id) ON DELETE CASCADE,
  constraint campus_milestones_milestone_check CHECK (milestone = ANY (ARRAY[25, 50, 75, 100]))
);
-- No grants: its owner alone.

-- table private.launch_runs
-- Migrations: 20261126000000_mail.sql
create table private.launch_runs (
  id bigint generated always as identity not null,
  college_id text not null,
  students integer not null,
  queued integer not null,
  ran_at timestamp with time zone default now() not null,
  constraint launch_runs_pkey PRIMARY KEY (id)
);
-- No grants: its owner alone.

-- function private.milestones_on_change()
-- Migrations: 20261128070000_campus_launch.sql
CREATE OR REPLACE FUNCTION private.milestones_on_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.reach_milestones(new.college_id);
  return null;
end
$function$;
-- No grants: its owner alone.

-- function private.queue_launch(text,boolean)
-- Migrations: 20261126000000_mail.sql, 20261127160000_leave_link_stop.sql
CREATE OR REPLACE FUNCTION private.queue_launch(campus text, dry_run boolean DEFAULT false)
 RETURNS TABLE(students integer, queued integer, already integer)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  total integer;
  added integer := 0;
begin
  select count(*) into total from public.waitlist w where w.college_id = campus;
  if dry_run then
    return query select total, 0,
      (select count(*)::integer from private.mail_outbox o
       where o.kind = 'launch' and o.college_id = campus
         and exists (select 1 from public.waitlist w where w.uid = o.user_id and w.college_id = campus));
    return;
  end if;
  insert into private.mail_outbox (id, kind, user_id, joined_ms, college_id)
  select 'launch:' || campus || ':' || w.uid, 'launch', w.uid, private.joined_ms(w.created_at), campus
  from public.waitlist w
  where w.college_id = campus
    and not exists (select 1 from private.mail_stops s
      where s.user_id = w.uid and s.joined_ms = private.joined_ms(w.created_at))
  on conflict (id) do nothing;
  get diagnostics added = row_count;
  insert into private.launch_runs (college_id, students, queued) values (campus, total, added);
  return query select total, added, total - added;
end;
$function$;
-- No grants: its owner alone.

-- function private.reach_milestones(text)
-- Migrations: 20261128070000_campus_launch.sql
CREATE OR REPLACE FUNCTION private.reach_milestones(campus text)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v integer;
  t integer;
  fresh integer[];
  top integer;
  queued integer := 0;
begin
  -- One campus at a time: two changes of one campus never both find a milestone new.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('milestones:' || campus, 0));
  if exists (select 1 from public.colleges c where c.id = campus and c.request_key is not null) then
    return 0; -- a pending campus has no threshold of its own yet
  end if;
  select coalesce((select counts.verified from private.campus_counts counts
    where counts.college_id = campus), 0) into v;
  select coalesce((select s.threshold from private.campus_settings s where s.college_id = campus), 100)
    into t;
  if v < 10 then
    return 0;
  end if;
  fresh := array(
    select m from unnest(array[25, 50, 75, 100]) m
    where v * 100 >= m * t
      and not exists (select 1 from private.campus_milestones cm
        where cm.college_id = campus and cm.milestone = m)
    order by m);
  if cardinality(fresh) = 0 then
    return 0;
  end if;
  top := fresh[cardinality(fresh)];
  insert into private.campus_milestones (college_id, milestone, verified, threshold, mailed)
  select campus, m, v, t, m = top from unnest(fresh) m;
  insert into private.mail_outbox
    (id, kind, user_id, joined_ms, college_id, milestone, figure_verified, figure_threshold)
  select 'milestone:' || campus || ':' || top || ':' || w.uid, 'milestone', w.uid,
    private.joined_ms(w.created_at), campus, top, v, t
  from public.waitlist w
  where w.college_id = campus
    and not exists (select 1 from private.mail_stops s
      where s.user_id = w.uid and s.joined_ms = private.joined_ms(w.created_at))
  on conflict (id) do nothing;
  get diagnostics queued = row_count;
  -- The message carries the student's invite link: a code for each who has none yet (a code
  -- another student holds is skipped: that student's message goes without the link).
  insert into private.invite_codes (user_id, code)
  select w.uid, private.new_invite_code()
  from public.waitlist w
  where w.college_id = campus
    and not exists (select 1 from private.invite_codes ic where ic.user_id = w.uid)
  on conflict do nothing;
  return queued;
end
$function$;
-- No grants: its owner alone.

-- trigger campus_counts_milestones on private.campus_counts
-- Migrations: 20261128070000_campus_launch.sql
CREATE TRIGGER campus_counts_milestones AFTER INSERT OR UPDATE OF verified ON private.campus_counts FOR EACH ROW EXECUTE FUNCTION private.milestones_on_change();

-- trigger campus_settings_milestones on private.campus_settings
-- Migrations: 20261128070000_campus_launch.sql
CREATE TRIGGER campus_settings_milestones AFTER INSERT OR UPDATE OF threshold ON private.campus_settings FOR EACH ROW EXECUTE FUNCTION private.milestones_on_change();
