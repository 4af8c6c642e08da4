-- GENERATED, do not edit: the Supabase database's invites feature as the migrations leave it:
--   invite codes, credited arrivals and the public preview (Invites).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table private.invite_codes
-- Migrations: 20261125120000_invites.sql
create table private.invite_codes (
  user_id uuid not null,
  code text not null,
  created_at timestamp with time zone default now() not null,
  constraint invite_codes_pkey PRIMARY KEY (user_id),
  constraint invite_codes_code_key UNIQUE (code),
  constraint invite_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint invite_codes_code_check CHECK (code ~ '^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$'::text)
);
-- No grants: its owner alone.

-- table private.invites
-- Migrations: 20261125120000_invites.sql
create table private.invites (
  invitee uuid not null,
  inviter uuid not null,
  created_at timestamp with time zone default now() not null,
  constraint invites_pkey PRIMARY KEY (invitee),
  constraint invites_invitee_fkey FOREIGN KEY (invitee) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint invites_inviter_fkey FOREIGN KEY (inviter) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint invites_check CHECK (invitee <> inviter)
);
CREATE INDEX invites_inviter ON private.invites USING btree (inviter);
-- No grants: its owner alone.

-- function private.new_invite_code()
-- Migrations: 20261125120000_invites.sql
CREATE OR REPLACE FUNCTION private.new_invite_code()
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select string_agg(
    substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(r.bytes, i) % 30, 1), '' order by i)
  from (select uuid_send(gen_random_uuid()) as bytes) r,
    unnest(array[0, 1, 2, 3, 4, 5, 10, 11]) as i
$function$;
-- No grants: its owner alone.

-- function public.accept_invite(text)
-- Migrations: 20261125120000_invites.sql, 20261127150000_invite_credits.sql,
--   20261128030000_invite_credit_account_age.sql
CREATE OR REPLACE FUNCTION public.accept_invite(invite_code text)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := (select auth.uid());
  owner uuid;
begin
  if me is null or not exists (
    select 1 from public.waitlist w
    join auth.users u on u.id = w.uid
    where w.uid = me and w.created_at > now() - interval '1 day'
      and u.created_at > now() - interval '1 day'
  ) then
    return false;
  end if;
  select ic.user_id into owner
  from private.invite_codes ic
  where ic.code = upper(btrim(left(coalesce(invite_code, ''), 32)));
  if owner is null or owner = me then
    return false;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('invites:' || owner::text, 0));
  if (select count(*) from private.invites i
      where i.inviter = owner
        and (i.created_at at time zone 'UTC')::date = (now() at time zone 'UTC')::date) >= 20 then
    return false;
  end if;
  insert into private.invites (invitee, inviter) values (me, owner)
  on conflict (invitee) do nothing;
  return found;
end
$function$;
grant execute on function public.accept_invite(text) to authenticated, service_role;

-- function public.invite_preview(text)
-- Migrations: 20261128060000_email_verification.sql, 20261128181100_invites_no_pending_preview.sql
CREATE OR REPLACE FUNCTION public.invite_preview(invite_code text)
 RETURNS TABLE(college_id text, name text, subname text, short_name text, verified_count integer, threshold integer, state text, opens_on date)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.id, c.name, c.subname, c.short_name,
    case when counts.verified >= 10 then counts.verified end,
    coalesce(s.threshold, 100),
    coalesce(s.state, 'gathering'),
    s.opens_on
  from private.invite_codes ic
  join public.waitlist w on w.uid = ic.user_id
  join public.colleges c on c.id = w.college_id
  left join private.campus_counts counts on counts.college_id = c.id
  left join private.campus_settings s on s.college_id = c.id
  where ic.code = upper(btrim(left(coalesce(invite_code, ''), 32)))
    and c.request_key is null
$function$;
grant execute on function public.invite_preview(text) to anon, authenticated, service_role;

-- function public.my_invites()
-- Migrations: 20261125120000_invites.sql, 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION public.my_invites()
 RETURNS TABLE(code text, joined integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := (select auth.uid());
  mine text;
  campus text;
begin
  select w.college_id into campus from public.waitlist w where w.uid = me;
  if me is null or campus is null then
    return;
  end if;
  select ic.code into mine from private.invite_codes ic where ic.user_id = me;
  while mine is null loop
    begin
      insert into private.invite_codes (user_id, code)
      values (me, private.new_invite_code())
      on conflict (user_id) do nothing;
    exception when unique_violation then
      null; -- a code another student holds: draw again
    end;
    select ic.code into mine from private.invite_codes ic where ic.user_id = me;
  end loop;
  return query
    select mine, (
      select count(*)::integer
      from private.invites i
      join public.waitlist w on w.uid = i.invitee
      where i.inviter = me and w.college_id = campus
        and private.counted_address(w.uid) is not null);
end
$function$;
grant execute on function public.my_invites() to authenticated, service_role;
