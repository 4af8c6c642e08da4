-- GENERATED, do not edit: the Supabase database's retention feature as the migrations leave it: the
--   retention the privacy notice promises, each run recorded.
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table private.retention_runs
-- Migrations: 20261129000200_retention_runs.sql
create table private.retention_runs (
  id bigint generated always as identity not null,
  at timestamp with time zone default now() not null,
  deleted jsonb not null,
  constraint retention_runs_pkey PRIMARY KEY (id)
);
alter table private.retention_runs enable row level security;
-- No grants: its owner alone.

-- function private.apply_retention(boolean)
-- Migrations: 20261127170000_retention.sql, 20261128050000_retention_lock_order.sql,
--   20261128180500_retention_code_records.sql, 20261129000200_retention_runs.sql,
--   20261129050000_retention_keeps_operators.sql
CREATE OR REPLACE FUNCTION private.apply_retention(dry_run boolean DEFAULT true)
 RETURNS TABLE(reason text, user_id uuid, college_id text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  codes integer := 0;
  sends integer := 0;
  accounts integer := 0;
  pruned integer := 0;
begin
  if not dry_run then
    -- The launched campuses' counts (private.campus_counts) locked first, in the order every
    -- entry's trigger takes them: the purge's many deletes and a student moving between two of
    -- those campuses never wait on each other in a cycle.
    perform 1 from private.campus_counts c
    where c.college_id in (
      select r.college_id from private.launch_runs r
      where r.queued > 0
      group by r.college_id
      having min(r.ran_at) <= now() - interval '90 days')
    order by c.college_id
    for update;
    -- Codes that ended, and what counted them past its longest window (a day).
    delete from private.verification_codes vc where vc.expires_at <= now();
    get diagnostics codes = row_count;
    delete from private.code_sends s where s.sent_at <= now() - interval '1 day';
    get diagnostics sends = row_count;
    delete from private.code_budget b where b.day < private.budget_day(now()) - 90;
    -- A code message whose code ended keeps its recipient key only (one waiting unsent, not
    -- held by a sender, fails: its code is of no use).
    update private.mail_outbox o
    set to_address = null, nonce = null,
      status = case when o.status = 'pending' then 'failed' else o.status end,
      last_error = case when o.status = 'pending' then 'expired: its code ended before it was sent'
        else o.last_error end
    where o.kind = 'code' and o.code_expires_at <= now()
      and (o.to_address is not null or o.nonce is not null)
      and (o.status <> 'pending' or o.lease_until is null or o.lease_until <= now());
  end if;
  return query
  with launched as (
    select r.college_id, min(r.ran_at) as first_run from private.launch_runs r
    where r.queued > 0
    group by r.college_id
    having min(r.ran_at) <= now() - interval '90 days'
  ),
  plan as (
    select 'idle'::text as reason, u.id as user_id, null::text as college_id
    from auth.users u
    where greatest(u.created_at, coalesce(u.last_sign_in_at, u.created_at)) < now() - interval '30 days'
      and not exists (select 1 from public.waitlist w where w.uid = u.id)
      -- An operator (the console's role) never joins: kept while they hold the role.
      and not exists (select 1 from private.operators o where o.user_id = u.id)
    union all
    -- Only those on the list when the launch was recorded (so told): a later join stays.
    select 'launched', w.uid, w.college_id
    from public.waitlist w
    join launched l on l.college_id = w.college_id and w.created_at <= l.first_run
  ),
  gone as (
    delete from auth.users u
    where not dry_run and u.id in (select p.user_id from plan p)
    returning u.id
  ),
  -- The sender's recipients' ledger past its 30 days (the sender prunes it as it marks; with no
  -- mail going out, this does, as the privacy notice promises).
  ledger as (
    delete from private.mail_recipients m
    where not dry_run and m.sent_at < now() - interval '30 days'
    returning 1
  )
  select p.reason, p.user_id, p.college_id from plan p order by 1, 2;
  if not dry_run then
    get diagnostics accounts = row_count;
    -- The operators' log past its 730 days (src/domain/operator/audit-log.ts, AUDIT_LOG_DAYS):
    -- the one delete its append-only trigger lets through.
    delete from private.operator_log l where l.at < now() - interval '730 days';
    get diagnostics pruned = row_count;
    insert into private.retention_runs (deleted)
    values (jsonb_build_object('accounts', accounts, 'verificationCodes', codes,
      'codeSends', sends, 'operatorLog', pruned));
  end if;
end;
$function$;
-- No grants: its owner alone.
