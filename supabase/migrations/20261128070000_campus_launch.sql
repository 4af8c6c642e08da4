-- Issue 49: a campus ready to open. Who will sell and what, where students came from, milestone
-- e-mails, requested campuses that become real (pending first), and what the one report reads.
-- The rules are src/domain/seller-choice.ts, visit-source.ts, campus-milestones.ts and
-- campus-request-rule.ts (PendingCampus); the contract suites hold this file to them.

-- ---------------------------------------------------------------------------------------------
-- Who will sell, and what: a record of its own beside the entry, deleted with it (the foreign key
-- to the entry: leaving, the one-click link, account deletion and the retention job all delete
-- the entry). Reached only through the two functions below.
-- ---------------------------------------------------------------------------------------------
create table private.seller_choices (
  user_id uuid primary key references public.waitlist (uid) on delete cascade,
  categories text[] not null check (
    cardinality(categories) between 1 and 7
    and categories <@ array['comida-casera', 'platillos-favoritos', 'platillos-preparados',
      'snacks', 'postres', 'servicios', 'material-de-estudio']::text[]),
  updated_at timestamptz not null default now()
);
revoke all on table private.seller_choices from public, anon, authenticated;

-- The seven in the landing page's order (src/domain/seller-choice.ts, SELLER_CATEGORIES).
create or replace function private.seller_categories()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['comida-casera', 'platillos-favoritos', 'platillos-preparados', 'snacks',
    'postres', 'servicios', 'material-de-estudio']::text[]
$$;
revoke all on function private.seller_categories() from public, anon, authenticated;

-- The caller's choice in the landing order; an empty list when none; null when not on the list.
create or replace function public.my_seller_choice()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select case when w.uid is null then null else coalesce(array(
    select c from unnest(private.seller_categories()) with ordinality as k (c, n)
    where c = any (s.categories) order by n), '{}'::text[]) end
  from (select (select auth.uid()) as me) caller
  left join public.waitlist w on w.uid = caller.me
  left join private.seller_choices s on s.user_id = w.uid
$$;
revoke all on function public.my_seller_choice() from public, anon, authenticated;
grant execute on function public.my_seller_choice() to authenticated;

-- Replaces the caller's choice (an empty list deletes it) and answers it as stored; null when the
-- caller is not on the list; anything but a JSON list of the seven is refused (22023) and nothing
-- changes. JSON, not text[]: what the page sends is a JSON array, read here as it is.
create or replace function public.save_seller_choice(categories jsonb)
returns text[]
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  wanted text[];
begin
  if me is null or not private.is_google_student() then
    raise exception 'sign in with Google to save a seller choice' using errcode = '42501';
  end if;
  if categories is null or jsonb_typeof(categories) <> 'array' or jsonb_array_length(categories) > 14
    or exists (select 1 from jsonb_array_elements(categories) e where jsonb_typeof(e) <> 'string') then
    raise exception 'not a choice of the seven offerings' using errcode = '22023';
  end if;
  wanted := array(select jsonb_array_elements_text(categories));
  if not wanted <@ private.seller_categories() then
    raise exception 'not a choice of the seven offerings' using errcode = '22023';
  end if;
  if not exists (select 1 from public.waitlist w where w.uid = me) then
    return null;
  end if;
  wanted := array(select c from unnest(private.seller_categories()) with ordinality as k (c, n)
    where c = any (wanted) order by n);
  if cardinality(wanted) = 0 then
    delete from private.seller_choices s where s.user_id = me;
  else
    insert into private.seller_choices (user_id, categories) values (me, wanted)
    on conflict (user_id) do update set categories = excluded.categories, updated_at = now();
  end if;
  return wanted;
end
$$;
revoke all on function public.save_seller_choice(jsonb) from public, anon, authenticated;
grant execute on function public.save_seller_choice(jsonb) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Where students came from: the visit's clamped utm values, written once within a day of joining,
-- deleted with the entry.
-- ---------------------------------------------------------------------------------------------
create table private.join_sources (
  user_id uuid primary key references public.waitlist (uid) on delete cascade,
  source text check (source ~ '^[a-z0-9_-]{1,40}$'),
  medium text check (medium ~ '^[a-z0-9_-]{1,40}$'),
  campaign text check (campaign ~ '^[a-z0-9_-]{1,40}$'),
  recorded_at timestamptz not null default now(),
  check (coalesce(source, medium, campaign) is not null)
);
revoke all on table private.join_sources from public, anon, authenticated;

-- True when this call recorded the caller's source; false when one was there, the caller is not
-- on the list, or joined more than a day ago (src/domain/visit-source.ts, SOURCE_WINDOW_MS).
create or replace function public.record_join_source(source text, medium text, campaign text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  added integer;
begin
  if me is null or not private.is_google_student() then
    raise exception 'sign in with Google to record a source' using errcode = '42501';
  end if;
  if coalesce(source, medium, campaign) is null
    or coalesce(source ~ '^[a-z0-9_-]{1,40}$', true) is not true
    or coalesce(medium ~ '^[a-z0-9_-]{1,40}$', true) is not true
    or coalesce(campaign ~ '^[a-z0-9_-]{1,40}$', true) is not true then
    raise exception 'not a clamped source' using errcode = '22023';
  end if;
  insert into private.join_sources (user_id, source, medium, campaign)
  select w.uid, record_join_source.source, record_join_source.medium, record_join_source.campaign
  from public.waitlist w
  where w.uid = me and w.created_at > now() - interval '1 day'
  on conflict (user_id) do nothing;
  get diagnostics added = row_count;
  return added = 1;
end
$$;
revoke all on function public.record_join_source(text, text, text) from public, anon, authenticated;
grant execute on function public.record_join_source(text, text, text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Requested campuses: a pending row in colleges (so the entry's foreign key holds), which only a
-- student who asked for it may join, never found by the search nor read by any page role; an
-- operator adds it (private.add_campus, `npm run campus:add:supabase`) as a catalogue campus.
-- ---------------------------------------------------------------------------------------------
alter table public.colleges add column request_key text unique;

drop policy "colleges are public" on public.colleges;
create policy "catalogue colleges are public" on public.colleges
  for select to anon, authenticated using (request_key is null);

-- Which request became which campus: what makes a rerun of the command a no-op, and a later
-- request for the same campus answer the catalogue's id.
create table private.added_campuses (
  request_key text primary key,
  college_id text not null unique references public.colleges (id),
  pending_id text not null unique,
  added_at timestamptz not null default now()
);
revoke all on table private.added_campuses from public, anon, authenticated;

-- The pending id of a request key: 'pendiente-' and 24 hex digits of its sha-256
-- (src/domain/campus-request-rule.ts, pendingCampusIdOf).
create or replace function private.pending_campus_id(key text)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'pendiente-' || left(encode(extensions.digest(key, 'sha256'), 'hex'), 24)
$$;
revoke all on function private.pending_campus_id(text) from public, anon, authenticated;

-- Whether the caller may put this campus on their entry: a pending id only while it is a pending
-- campus they asked for (one added since is no campus: its askers were moved). Any other id is the
-- entry's own checks': the id rule and the foreign key to the catalogue. No student makes or
-- renames a campus.
create or replace function private.may_join(college text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select college !~ '^pendiente-' or exists (
    select 1 from public.colleges c
    join private.campus_requests r on r.request_key = c.request_key
    where c.id = college and r.user_id = (select auth.uid()))
$$;
revoke all on function private.may_join(text) from public, anon;
grant execute on function private.may_join(text) to authenticated;

-- As 20261128010000_join_terms.sql has it, and a campus the caller may join.
drop policy "a Google student adds their own entry, with their own e-mail" on public.waitlist;
create policy "a Google student adds their own entry, with their own e-mail" on public.waitlist
  for insert to authenticated
  with check (
    uid = (select auth.uid())
    and email = (select auth.jwt() ->> 'email')
    and (select private.is_google_student())
    and ((adult is null and notice_version is null)
      or (adult is true and notice_version is not null))
    and private.may_join(college_id)
  );

drop policy "a Google student changes the campus of their own entry" on public.waitlist;
create policy "a Google student changes the campus of their own entry" on public.waitlist
  for update to authenticated
  using (uid = (select auth.uid()))
  with check (
    uid = (select auth.uid())
    and (select private.is_google_student())
    and private.may_join(college_id)
  );

-- The search finds catalogue campuses only.
create or replace function public.search_colleges(q text)
returns table (id text, name text, subname text, "shortName" text)
language sql
stable
security definer
set search_path = ''
as $$
  with query as (
    select public.college_search_normalize(left(coalesce(q, ''), 100)) as text
  ),
  words as (
    select distinct w
    from query, regexp_split_to_table(query.text, ' ') as w
    where w <> ''
  ),
  scored as (
    select c.id, c.name, c.subname, c.short_name, c.position,
      (query.text = any (c.acronyms)) as exact,
      (select count(*) from words
        where position(' ' || words.w in ' ' || c.search_text) > 0) as prefix_hits,
      extensions.word_similarity(query.text, c.search_text) as similarity
    from public.colleges c, query
    where query.text <> ''
      and c.request_key is null
      and not exists (
        select 1 from words
        where position(' ' || words.w in ' ' || c.search_text) = 0
          and (length(words.w) < 4 or extensions.word_similarity(words.w, c.search_text) < 0.5)
      )
  )
  select s.id, s.name, s.subname, s.short_name
  from scored s
  order by s.exact desc, s.prefix_hits desc, s.similarity desc, s.position, s.id
  limit 3
$$;

-- The request, as 20261127130000_campus_requests_wall.sql checks and counts it, answering the
-- campus the student may join now, `{ id, name, city }`: the pending one (made on the first
-- request) or, once added, the catalogue's. Name and city as the first student wrote them.
drop function public.request_campus(text, text);
create function public.request_campus(name text, city text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  n text := private.campus_request_tidy(request_campus.name);
  c text := private.campus_request_tidy(request_campus.city);
  key text;
  pending text;
begin
  if me is null or not private.is_google_student() then
    raise exception 'sign in with Google to request a campus' using errcode = '42501';
  end if;
  if not private.campus_request_text_ok(n, 3, 120) or not private.campus_request_text_ok(c, 2, 80) then
    raise exception 'invalid campus request' using errcode = '22023';
  end if;
  key := private.campus_request_fold(n) || '|' || private.campus_request_fold(c);
  -- One student's requests one at a time: the count below and the insert are one step.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('campus_requests:' || me::text, 0));
  if not exists (select 1 from private.campus_requests r where r.user_id = me and r.request_key = key) then
    if (select count(*) from private.campus_requests r where r.user_id = me) >= 5 then
      -- PostgREST answers SQLSTATE PT429 with HTTP 429 (resource-exhausted for the page).
      raise exception 'too many campus requests' using errcode = 'PT429';
    end if;
    insert into private.campus_requests (user_id, request_key, name, city)
    values (me, key, n, c)
    on conflict do nothing;
  end if;
  -- The campus as the first student wrote it.
  select r.name, r.city into n, c from private.campus_requests r
  where r.request_key = key order by r.created_at, r.user_id limit 1;
  select a.college_id into pending from private.added_campuses a where a.request_key = key;
  if pending is null then
    pending := private.pending_campus_id(key);
    -- One pending row per campus, made by the first request (its key is unique).
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('campus_add:' || key, 0));
    insert into public.colleges (id, name, subname, short_name, position, request_key)
    values (pending, n, c, n || ' (pendiente)', 1000000, key)
    on conflict do nothing;
  end if;
  return jsonb_build_object('id', pending, 'name', n, 'city', c);
end
$$;
revoke all on function public.request_campus(text, text) from public, anon, authenticated;
grant execute on function public.request_campus(text, text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The outbox's new messages: a campus's milestone (with the figure it was reached with) and a
-- requested campus added (to a student who may have no entry: joined_ms 0, no leave link).
-- ---------------------------------------------------------------------------------------------
alter table private.mail_outbox drop constraint mail_outbox_kind_check;
alter table private.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('welcome', 'launch', 'code', 'milestone', 'campus-added'));
-- The recipients' ledger records them too (a send not recorded there is not marked sent either).
alter table private.mail_recipients drop constraint mail_recipients_kind_check;
alter table private.mail_recipients add constraint mail_recipients_kind_check
  check (kind in ('welcome', 'launch', 'code', 'milestone', 'campus-added'));
alter table private.mail_outbox
  add column milestone integer check (milestone in (25, 50, 75, 100)),
  add column figure_verified integer,
  add column figure_threshold integer,
  add constraint mail_outbox_milestone check (
    (kind = 'milestone') = (milestone is not null and figure_verified >= 10 and figure_threshold >= 1));

-- ---------------------------------------------------------------------------------------------
-- Milestones: each (campus, percent) reached once, recorded with the figure; the highest new one
-- mailed to everyone then on the list, in the same transaction as the change that reached it (a
-- crash loses both or neither; the ids make a repeat impossible).
-- ---------------------------------------------------------------------------------------------
create table private.campus_milestones (
  college_id text not null references public.colleges (id) on delete cascade,
  milestone integer not null check (milestone in (25, 50, 75, 100)),
  verified integer not null,
  threshold integer not null,
  mailed boolean not null,
  reached_at timestamptz not null default now(),
  primary key (college_id, milestone)
);
revoke all on table private.campus_milestones from public, anon, authenticated;

-- src/domain/campus-milestones.ts, milestoneStep, for one campus as it stands now.
create or replace function private.reach_milestones(campus text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
$$;
revoke all on function private.reach_milestones(text) from public, anon, authenticated;

create or replace function private.milestones_on_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.reach_milestones(new.college_id);
  return null;
end
$$;
revoke all on function private.milestones_on_change() from public, anon, authenticated;

create trigger campus_counts_milestones
  after insert or update of verified on private.campus_counts
  for each row execute function private.milestones_on_change();
create trigger campus_settings_milestones
  after insert or update of threshold on private.campus_settings
  for each row execute function private.milestones_on_change();

-- ---------------------------------------------------------------------------------------------
-- The operators' command (`npm run campus:add:supabase -- --request ID --id CAMPUS`): a requested
-- campus becomes a catalogue campus. A rerun for the same request and id does nothing; anything
-- else it cannot do raises, and the transaction writes nothing.
-- ---------------------------------------------------------------------------------------------
create or replace function private.add_campus(
  request_id text, new_id text, new_name text default null, new_short text default null)
returns table (added boolean, moved integer, queued integer)
language plpgsql
volatile
set search_path = ''
as $$
declare
  pending public.colleges;
  done private.added_campuses;
  n text;
  s text;
  moved_count integer;
  queued_count integer;
begin
  select * into done from private.added_campuses a where a.pending_id = request_id;
  if found then
    if done.college_id = new_id then
      return query select false, 0, 0;
      return;
    end if;
    raise exception 'the request % was added as %', request_id, done.college_id using errcode = '22023';
  end if;
  select * into pending from public.colleges c where c.id = request_id and c.request_key is not null
    for update;
  if not found then
    raise exception 'no campus request %', request_id using errcode = '22023';
  end if;
  if new_id is null or new_id !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or length(new_id) > 64
    or new_id ~ '^pendiente-' then
    raise exception 'not a college id: %', new_id using errcode = '22023';
  end if;
  if exists (select 1 from public.colleges c where c.id = new_id) then
    raise exception 'the campus id % is taken', new_id using errcode = '22023';
  end if;
  n := coalesce(nullif(btrim(new_name), ''), pending.name);
  s := coalesce(nullif(btrim(new_short), ''), n);
  insert into public.colleges (id, name, subname, short_name, position)
  values (new_id, n, pending.subname, s, 1000);
  insert into private.added_campuses (request_key, college_id, pending_id)
  values (pending.request_key, new_id, request_id);
  update public.waitlist w set college_id = new_id where w.college_id = request_id;
  get diagnostics moved_count = row_count;
  insert into private.mail_outbox (id, kind, user_id, joined_ms, college_id)
  select 'campus-added:' || new_id || ':' || r.user_id, 'campus-added', r.user_id,
    coalesce(private.joined_ms(w.created_at), 0), new_id
  from private.campus_requests r
  left join public.waitlist w on w.uid = r.user_id
  where r.request_key = pending.request_key
  on conflict (id) do nothing;
  get diagnostics queued_count = row_count;
  -- The pending row goes: its id is no campus any more.
  delete from public.colleges c where c.id = request_id;
  return query select true, moved_count, queued_count;
end
$$;
revoke all on function private.add_campus(text, text, text, text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The sender's claim, as 20261128060000_email_verification.sql defines it, with the milestone's
-- figure and a campus-added message to a student who may have no entry.
-- ---------------------------------------------------------------------------------------------
drop function private.claim_mail(timestamptz, integer, timestamptz);
create function private.claim_mail(at timestamptz, lim integer, lease timestamptz)
returns table (
  id text, kind text, user_id uuid, joined_ms bigint, email text, name text, campus text,
  attempts integer, invite_code text, verified integer, threshold integer, nonce text,
  expires_ms bigint, milestone integer
)
language plpgsql
volatile
set search_path = ''
as $$
begin
  return query
  with due as (
    select o.id from private.mail_outbox o
    where o.status = 'pending' and o.due_at <= at and (o.lease_until is null or o.lease_until <= at)
    order by o.due_at, o.id
    limit lim
    for update skip locked
  ),
  claimed as (
    update private.mail_outbox o set lease_until = lease from due where o.id = due.id
    returning o.*
  )
  select c.id, c.kind, c.user_id, c.joined_ms, coalesce(c.to_address, w.email, u.email),
    case when c.kind = 'code' then '' else coalesce((
      select coalesce(i.identity_data ->> 'full_name', i.identity_data ->> 'name')
      from auth.identities i
      where i.user_id = c.user_id and i.provider = 'google'
      order by i.created_at desc
      limit 1), '') end,
    coalesce(nullif(col.short_name, ''), col.name),
    c.attempts,
    case when c.kind in ('welcome', 'milestone') then ic.code end,
    case
      when c.kind = 'welcome' and counts.verified >= 10 then counts.verified
      when c.kind = 'milestone' then c.figure_verified
    end,
    case
      when c.kind = 'welcome' then coalesce(s.threshold, 100)
      when c.kind = 'milestone' then c.figure_threshold
    end,
    c.nonce,
    (extract(epoch from c.code_expires_at) * 1000)::bigint,
    c.milestone
  from claimed c
  left join public.waitlist w on w.uid = c.user_id
  join auth.users u on u.id = c.user_id
  join public.colleges col on col.id = case
    when c.kind in ('launch', 'milestone', 'campus-added') then c.college_id
    else w.college_id end
  left join private.invite_codes ic on ic.user_id = c.user_id
  left join private.campus_settings s on s.college_id = col.id
  left join private.campus_counts counts on counts.college_id = col.id
  where w.uid is not null or c.kind = 'campus-added';
end;
$$;
revoke all on function private.claim_mail(timestamptz, integer, timestamptz) from public, anon, authenticated;

-- Milestones a campus reached before this migration are not mailed now: recorded as reached, unsent.
insert into private.campus_milestones (college_id, milestone, verified, threshold, mailed)
select counts.college_id, m, counts.verified, coalesce(s.threshold, 100), false
from private.campus_counts counts
left join private.campus_settings s on s.college_id = counts.college_id
cross join unnest(array[25, 50, 75, 100]) m
where counts.verified >= 10 and counts.verified * 100 >= m * coalesce(s.threshold, 100)
on conflict do nothing;

-- The caller's campus, as 20261128060000_email_verification.sql defines it, with the campus's
-- names: a campus an operator added after the page was built, or a pending one, is named as the
-- database holds it.
drop function public.my_campus();
create function public.my_campus()
returns table (
  college_id text,
  verified boolean,
  verified_count integer,
  threshold integer,
  state text,
  opens_on date,
  university_of text,
  name text,
  subname text,
  short_name text
)
language sql
stable
security definer
set search_path = ''
as $$
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
$$;
revoke all on function public.my_campus() from public, anon, authenticated;
grant execute on function public.my_campus() to authenticated;
