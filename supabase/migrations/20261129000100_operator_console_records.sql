-- Issue 61, the operator console's records (the functions: 20261129000300_operator_console_functions.sql).
--
-- The role: a row of private.operators, granted and revoked by `npm run operator -- grant|revoke
-- EMAIL --backend supabase` (private.set_operator, over the direct database connection). A table
-- rather than app_metadata: it takes effect at the next call (a JWT claim waits for the session's
-- next refresh, up to an hour, and a revoked operator would keep acting until then), the command
-- needs no service key of the Auth API, and the role's grants are themselves logged rows.
-- private.require_operator() is the first line of every console function.
--
-- The operators' log: private.operator_log, written by the same transaction as each action (a
-- refused attempt is a returned outcome, not a raised error, so its entry commits), append-only
-- (a trigger refuses every update, every truncate, and every delete but the retention's pruning of
-- entries older than AUDIT_LOG_DAYS, 730 days: src/domain/operator/audit-log.ts).
--
-- A campus's launch from the console: one row of private.launches per campus (its key), so a
-- campus is launched or scheduled once; a cancelled schedule deletes its row.
--
-- The console's figures, counted on write: private.operator_members keeps, per student on a list,
-- the counters the student adds to (joined, verified sellers, sources, the day of joining, ...),
-- and private.operator_counts their sums per campus, kept by triggers on every table a figure
-- reads (private.reconcile_operator_counts): the campuses view reads a few rows per campus, never
-- the students.
--
-- Every table here is in `private` (not exposed by the API), with row-level security on and no
-- policy, and no grant to anon or authenticated: only the definer functions reach them.

create table private.operators (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_at timestamptz not null default now(),
  granted_by text not null check (char_length(granted_by) between 1 and 200)
);
alter table private.operators enable row level security;
revoke all on table private.operators from public, anon, authenticated;

create table private.operator_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor text not null check (char_length(actor) between 1 and 320),
  action text not null check (action in ('settings', 'launch', 'launch-schedule', 'launch-cancel',
    'campus-add', 'photo-approve', 'photo-reject', 'strip', 'student-view', 'student-export',
    'student-delete', 'role-grant', 'role-revoke')),
  target text check (char_length(target) <= 200),
  outcome text not null check (char_length(outcome) between 1 and 100),
  before jsonb,
  after jsonb
);
create index operator_log_at on private.operator_log (at desc, id desc);
alter table private.operator_log enable row level security;
revoke all on table private.operator_log from public, anon, authenticated;

-- Append-only: whoever runs it (the owner included), an update or a truncate is refused, and a
-- delete too unless the entry is past its 730 days (the retention's pruning).
create function private.operator_log_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if old.at < now() - interval '730 days' then
      return old;
    end if;
  end if;
  raise exception 'the operators'' log is append-only (%)', tg_op using errcode = '42501';
end
$$;
revoke all on function private.operator_log_guard() from public, anon, authenticated;
create trigger operator_log_append_only before update or delete on private.operator_log
  for each row execute function private.operator_log_guard();
create trigger operator_log_no_truncate before truncate on private.operator_log
  for each statement execute function private.operator_log_guard();

-- One entry of the log (the callers pass no student's address: a uid or a campus id).
create function private.log_operator(actor text, action text, target text, outcome text,
  before jsonb default null, after jsonb default null)
returns void
language sql
set search_path = ''
as $$
  insert into private.operator_log (actor, action, target, outcome, before, after)
  values (actor, action, left(target, 200), outcome, before, after)
$$;
revoke all on function private.log_operator(text, text, text, text, jsonb, jsonb)
  from public, anon, authenticated;

-- The caller's address when the caller is an operator; insufficient_privilege (42501) otherwise.
create function private.require_operator()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  address text;
begin
  select lower(u.email) into address
  from private.operators o join auth.users u on u.id = o.user_id
  where o.user_id = (select auth.uid());
  if address is null then
    raise exception 'operators only' using errcode = '42501';
  end if;
  return address;
end
$$;
revoke all on function private.require_operator() from public, anon, authenticated;

-- Grants (`grant`) or revokes the role of the account with this address, and logs it with the
-- actor ('terminal:<user>' for the command). Whether anything changed; no such account raises
-- no_data_found (P0002).
create function private.set_operator(address text, grant_role boolean, actor text)
returns table (uid uuid, email text, changed boolean)
language plpgsql
set search_path = ''
as $$
declare
  account uuid;
  account_email text;
  n integer;
begin
  select u.id, u.email into account, account_email from auth.users u
  where lower(u.email) = lower(btrim(address))
  order by u.created_at limit 1;
  if account is null then
    raise exception 'no account with the address %', address using errcode = 'P0002';
  end if;
  if grant_role then
    insert into private.operators (user_id, granted_by) values (account, actor)
    on conflict (user_id) do nothing;
  else
    delete from private.operators o where o.user_id = account;
  end if;
  get diagnostics n = row_count;
  perform private.log_operator(actor, case when grant_role then 'role-grant' else 'role-revoke' end,
    account::text, case when n > 0 then 'done' else 'unchanged' end);
  return query select account, account_email, n > 0;
end
$$;
revoke all on function private.set_operator(text, boolean, text) from public, anon, authenticated;

create table private.launches (
  college_id text primary key references public.colleges (id) on delete cascade,
  state text not null check (state in ('scheduled', 'launched')),
  run_at timestamptz not null,
  by_actor text not null,
  scheduled_at timestamptz,
  launched_at timestamptz,
  students integer,
  check ((state = 'launched') = (launched_at is not null and students is not null))
);
create index launches_due on private.launches (run_at) where state = 'scheduled';
alter table private.launches enable row level security;
revoke all on table private.launches from public, anon, authenticated;

create table private.operator_members (
  user_id uuid primary key,
  college_id text not null,
  keys text[] not null
);
alter table private.operator_members enable row level security;
revoke all on table private.operator_members from public, anon, authenticated;

create table private.operator_counts (
  college_id text not null,
  key text not null,
  n integer not null default 0,
  primary key (college_id, key)
);
alter table private.operator_counts enable row level security;
revoke all on table private.operator_counts from public, anon, authenticated;

-- The counters a student on a list adds to, at their campus: 'joined'; 'day:<YYYY-MM-DD>' (the
-- day of joining, Mexico City, UTC-6) and 'day-verified:<day>' when verified now; 'invited' (an
-- invite that counts: the inviter on the same campus, the invitee verified); 'seller' and
-- 'seller-verified'; 'seller:<category>' for each category chosen; 'source:<s/m/c>' and
-- 'source-verified:<s/m/c>' (a missing field '-'). The launch report's rules
-- (src/domain/launch-report.ts, as scripts/ops/report/supabase.mjs reads the records).
create function private.operator_keys_of(student uuid)
returns table (college_id text, keys text[])
language sql
stable
set search_path = ''
as $$
  select w.college_id,
    array_remove(array[
      'joined',
      'day:' || d.day,
      case when v.yes then 'day-verified:' || d.day end,
      case when v.yes and exists (
        select 1 from private.invites i
        join public.waitlist wr on wr.uid = i.inviter and wr.college_id = w.college_id
        where i.invitee = w.uid) then 'invited' end,
      case when sc.user_id is not null then 'seller' end,
      case when sc.user_id is not null and v.yes then 'seller-verified' end,
      case when js.user_id is not null then 'source:' || s.key end,
      case when js.user_id is not null and v.yes then 'source-verified:' || s.key end
    ]::text[], null)
    || coalesce(array(select distinct 'seller:' || c from unnest(sc.categories) c order by 1),
      '{}'::text[])
  from public.waitlist w
  cross join lateral (
    select to_char((w.created_at at time zone 'UTC') - interval '6 hours', 'YYYY-MM-DD') as day) d
  cross join lateral (
    select exists (select 1 from private.counted_members cm
      where cm.user_id = w.uid and cm.college_id = w.college_id) as yes) v
  left join private.seller_choices sc on sc.user_id = w.uid
  left join private.join_sources js on js.user_id = w.uid
  cross join lateral (
    select coalesce(js.source, '-') || '/' || coalesce(js.medium, '-') || '/'
      || coalesce(js.campaign, '-') as key) s
  where w.uid = student
$$;
revoke all on function private.operator_keys_of(uuid) from public, anon, authenticated;

-- Brings the student's counters up to date: what they added before out, what they add now in.
create function private.reconcile_operator_counts(student uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  had_college text;
  had_keys text[];
  want_college text;
  want_keys text[];
begin
  -- One student at a time: two writes of one student never interleave here.
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('operator_counts:' || student::text, 0));
  select m.college_id, m.keys into had_college, had_keys
  from private.operator_members m where m.user_id = student;
  select k.college_id, k.keys into want_college, want_keys from private.operator_keys_of(student) k;
  if had_college is not distinct from want_college and had_keys is not distinct from want_keys then
    return;
  end if;
  if want_college is null then
    delete from private.operator_members m where m.user_id = student;
  else
    insert into private.operator_members (user_id, college_id, keys)
    values (student, want_college, want_keys)
    on conflict (user_id) do update set college_id = excluded.college_id, keys = excluded.keys;
  end if;
  -- One statement, the rows in a fixed order: two students' changes lock them in the same order.
  insert into private.operator_counts as counts (college_id, key, n)
  select change.college_id, change.key, sum(change.delta)::integer
  from (
    select had_college, k, -1 from unnest(had_keys) k where had_college is not null
    union all
    select want_college, k, 1 from unnest(want_keys) k where want_college is not null
  ) as change (college_id, key, delta)
  group by change.college_id, change.key
  having sum(change.delta) <> 0
  order by change.college_id, change.key
  on conflict (college_id, key) do update set n = counts.n + excluded.n;
end
$$;
revoke all on function private.reconcile_operator_counts(uuid) from public, anon, authenticated;

create function private.operator_counts_on_entry()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.reconcile_operator_counts(coalesce(new.uid, old.uid));
  if tg_op = 'UPDATE' and new.uid is distinct from old.uid then
    perform private.reconcile_operator_counts(old.uid);
  end if;
  -- An invite counts at the inviter's campus: the inviter's move changes their invitees' credit.
  perform private.reconcile_operator_counts(i.invitee)
  from private.invites i where i.inviter = coalesce(new.uid, old.uid);
  return null;
end
$$;
revoke all on function private.operator_counts_on_entry() from public, anon, authenticated;
create trigger waitlist_operator_counts
  after insert or delete or update of uid, college_id, created_at on public.waitlist
  for each row execute function private.operator_counts_on_entry();

-- A change of a table keyed by the student's `user_id` (counted, sellers, sources).
create function private.operator_counts_on_student()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.reconcile_operator_counts(coalesce(new.user_id, old.user_id));
  if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
    perform private.reconcile_operator_counts(old.user_id);
  end if;
  return null;
end
$$;
revoke all on function private.operator_counts_on_student() from public, anon, authenticated;
create trigger counted_members_operator_counts
  after insert or delete or update on private.counted_members
  for each row execute function private.operator_counts_on_student();
create trigger seller_choices_operator_counts
  after insert or delete or update on private.seller_choices
  for each row execute function private.operator_counts_on_student();
create trigger join_sources_operator_counts
  after insert or delete or update on private.join_sources
  for each row execute function private.operator_counts_on_student();

create function private.operator_counts_on_invite()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.reconcile_operator_counts(coalesce(new.invitee, old.invitee));
  if tg_op = 'UPDATE' and new.invitee is distinct from old.invitee then
    perform private.reconcile_operator_counts(old.invitee);
  end if;
  return null;
end
$$;
revoke all on function private.operator_counts_on_invite() from public, anon, authenticated;
create trigger invites_operator_counts
  after insert or delete or update on private.invites
  for each row execute function private.operator_counts_on_invite();

-- Every counter recounted from the records at once (set-based: one student at a time in one
-- transaction would update each campus's rows once per student). Run by this migration for the
-- students already on a list, and by hand should a counter ever be doubted; the entries are held
-- still meanwhile (a join waits, then counts itself).
create function private.recount_operator_counts()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  lock table public.waitlist in share mode;
  lock table private.operator_members, private.operator_counts in exclusive mode;
  delete from private.operator_members;
  delete from private.operator_counts;
  insert into private.operator_members (user_id, college_id, keys)
  select w.uid, k.college_id, k.keys
  from public.waitlist w cross join lateral private.operator_keys_of(w.uid) k;
  insert into private.operator_counts (college_id, key, n)
  select m.college_id, key, count(*)::integer
  from private.operator_members m cross join lateral unnest(m.keys) key
  group by 1, 2;
end
$$;
revoke all on function private.recount_operator_counts() from public, anon, authenticated;

select private.recount_operator_counts();
