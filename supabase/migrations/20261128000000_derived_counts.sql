-- Issue 51, item 6: calls whose time no longer grows with the list. Measured with
-- `npm run bench:supabase` (scripts/perf/bench-supabase-scale.mjs) at 1,000, 10,000 and 50,000
-- entries; docs/performance.md has the figures.
--   - A campus's verified count is kept on write in private.campus_counts, so my_campus() and the
--     welcome's figure read one row instead of checking every entry's address.
--   - The approved photos of consenting students on the list are kept in private.hero_strip, in
--     the strip's order, so the hero call reads its first rows instead of the whole review queue.
--   - The sender claims its next messages from an index in their order.
--   - A campus's count follows private.email_in_domains as it is when each entry is written: a
--     migration that changes that rule must recount every campus
--     (`select private.recount_verified(id) from public.colleges`).
--   - The HMAC of the leave links and the recipients' ledger is pgcrypto's hmac(), in C.

create extension if not exists pgcrypto with schema extensions;

-- The same signature as before (20261126000000_mail.sql), so every caller stays as it is.
create or replace function private.hmac_sha256(key bytea, message bytea)
returns bytea
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select extensions.hmac(message, key, 'sha256')
$$;
revoke all on function private.hmac_sha256(bytea, bytea) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Each campus's verified count: the entries whose address is of the campus's university
-- (private.email_in_domains), changed by every write of an entry and recounted when the
-- university's domains change.
-- ---------------------------------------------------------------------------------------------
create table private.campus_counts (
  college_id text primary key references public.colleges (id) on delete cascade,
  -- No check that it stays >= 0: an insert's check runs on the row it proposes, before the
  -- conflict, and a campus's first change could be a -1 proposed to an existing row.
  verified integer not null default 0
);
revoke all on table private.campus_counts from public, anon, authenticated;

-- Whether an entry's address verifies it for its campus.
create or replace function private.entry_verified(email text, college text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((
    select private.email_in_domains(email, c.email_domains)
    from public.colleges c where c.id = college), false)
$$;
revoke all on function private.entry_verified(text, text) from public, anon, authenticated;

create or replace function private.count_verified()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  gone text;
  came text;
begin
  if tg_op in ('UPDATE', 'DELETE') and private.entry_verified(old.email, old.college_id) then
    gone := old.college_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and private.entry_verified(new.email, new.college_id) then
    came := new.college_id;
  end if;
  if gone is not distinct from came then
    return null;
  end if;
  -- One statement, the campuses in a fixed order: two students moving in opposite directions lock
  -- the two rows in the same order and never deadlock.
  insert into private.campus_counts as counts (college_id, verified)
  select change.college_id, change.delta
  from (values (gone, -1), (came, 1)) as change (college_id, delta)
  where change.college_id is not null
  order by change.college_id
  on conflict (college_id) do update set verified = counts.verified + excluded.verified;
  return null;
end
$$;
revoke all on function private.count_verified() from public, anon, authenticated;

-- A campus's count from its entries, for the backfill below and a change of domains.
create or replace function private.recount_verified(college text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.campus_counts (college_id, verified)
  select college, count(*)::integer
  from public.waitlist w
  join public.colleges c on c.id = w.college_id
  where w.college_id = college and private.email_in_domains(w.email, c.email_domains)
  on conflict (college_id) do update set verified = excluded.verified
$$;
revoke all on function private.recount_verified(text) from public, anon, authenticated;

create or replace function private.recount_on_domains()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- No entry is written while the campus is recounted: each write's own change waits, then
  -- reads the new domains.
  lock table public.waitlist in share mode;
  perform private.recount_verified(new.id);
  return null;
end
$$;
revoke all on function private.recount_on_domains() from public, anon, authenticated;

create trigger waitlist_count_verified
  after insert or update of email, college_id or delete on public.waitlist
  for each row execute function private.count_verified();
create trigger colleges_recount_verified
  after update of email_domains on public.colleges
  for each row when (old.email_domains is distinct from new.email_domains)
  execute function private.recount_on_domains();
-- The counts so far, taken with no entry written meanwhile (later writes go through the trigger).
do $$
begin
  lock table public.waitlist in share mode;
  perform private.recount_verified(id) from public.colleges
  where id in (select distinct college_id from public.waitlist);
end
$$;

-- The caller's campus, as 20261125000000_campus_progress.sql defines it, its count read from
-- private.campus_counts.
create or replace function public.my_campus()
returns table (
  college_id text,
  verified boolean,
  verified_count integer,
  threshold integer,
  state text,
  opens_on date,
  university_of text
)
language sql
stable
security definer
set search_path = ''
as $$
  select w.college_id,
    private.email_in_domains(w.email, c.email_domains),
    case when counts.verified >= 10 then counts.verified end,
    coalesce(s.threshold, 100),
    coalesce(s.state, 'gathering'),
    s.opens_on,
    c.university_of
  from public.waitlist w
  join public.colleges c on c.id = w.college_id
  left join private.campus_counts counts on counts.college_id = w.college_id
  left join private.campus_settings s on s.college_id = w.college_id
  where w.uid = (select auth.uid())
$$;
revoke all on function public.my_campus() from public, anon, authenticated;
grant execute on function public.my_campus() to authenticated;

-- The sender's claim takes the oldest pending messages in (due_at, id) order: an index in that
-- order, so a backlog of 50,000 welcomes is not sorted at every claim.
create index mail_outbox_due_order on private.mail_outbox (due_at, id) where status = 'pending';
drop index private.mail_outbox_due;

-- The sender's claim, as 20261127000000_mail_google_name.sql defines it, the welcome's figure read
-- from private.campus_counts.
create or replace function private.claim_mail(at timestamptz, lim integer, lease timestamptz)
returns table (
  id text, kind text, user_id uuid, joined_ms bigint, email text, name text, campus text,
  attempts integer, invite_code text, verified integer, threshold integer
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
  select c.id, c.kind, c.user_id, c.joined_ms, w.email,
    coalesce((
      select coalesce(i.identity_data ->> 'full_name', i.identity_data ->> 'name')
      from auth.identities i
      where i.user_id = c.user_id and i.provider = 'google'
      order by i.created_at desc
      limit 1), ''),
    coalesce(nullif(col.short_name, ''), col.name),
    c.attempts,
    case when c.kind = 'welcome' then ic.code end,
    case when c.kind = 'welcome' and counts.verified >= 10 then counts.verified end,
    case when c.kind = 'welcome' then coalesce(s.threshold, 100) end
  from claimed c
  join public.waitlist w on w.uid = c.user_id
  join auth.users u on u.id = c.user_id
  join public.colleges col on col.id = case when c.kind = 'welcome' then w.college_id else c.college_id end
  left join private.invite_codes ic on ic.user_id = c.user_id
  left join private.campus_settings s on s.college_id = col.id
  left join private.campus_counts counts on counts.college_id = col.id;
end;
$$;
revoke all on function private.claim_mail(timestamptz, integer, timestamptz) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The hero strip's candidates: each consenting student on the list whose current Google photo
-- an operator approved (private.hero_photo_queue says 'approved'), with the consent's date. Kept
-- by every write of a consent, a review or an entry; a photo changed since is checked on read.
-- ---------------------------------------------------------------------------------------------
create table private.hero_strip (
  user_id uuid primary key references auth.users (id) on delete cascade,
  photo_url text not null,
  granted_at timestamptz not null
);
create index hero_strip_order on private.hero_strip (granted_at, user_id);
revoke all on table private.hero_strip from public, anon, authenticated;

-- One student at a time (a transaction-scoped lock per student): two refreshes of one student,
-- an operator's approval and the student's withdrawal say, never interleave.
create or replace function private.refresh_hero_strip(student uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('hero_strip:' || student::text, 0));
  delete from private.hero_strip where user_id = student;
  insert into private.hero_strip (user_id, photo_url, granted_at)
  select queue.user_id, queue.photo_url, queue.granted_at
  from private.hero_photo_queue queue
  where queue.user_id = student
    and queue.status = 'approved'
    and private.is_google_photo(queue.photo_url)
    and exists (select 1 from auth.users u where u.id = student)
  on conflict (user_id) do update
    set photo_url = excluded.photo_url, granted_at = excluded.granted_at;
end
$$;
revoke all on function private.refresh_hero_strip(uuid) from public, anon, authenticated;

create or replace function private.hero_strip_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'waitlist' then
    -- A join comes before any consent (one is given only on the list): nothing to look at.
    if exists (select 1 from public.hero_consent c where c.user_id = coalesce(new.uid, old.uid)) then
      perform private.refresh_hero_strip(coalesce(new.uid, old.uid));
    end if;
  else
    perform private.refresh_hero_strip(coalesce(new.user_id, old.user_id));
  end if;
  return null;
end
$$;
revoke all on function private.hero_strip_changed() from public, anon, authenticated;

create trigger hero_consent_strip
  after insert or update or delete on public.hero_consent
  for each row execute function private.hero_strip_changed();
create trigger hero_review_strip
  after insert or update or delete on private.hero_photo_review
  for each row execute function private.hero_strip_changed();
create trigger waitlist_hero_strip
  after insert or delete on public.waitlist
  for each row execute function private.hero_strip_changed();
select private.refresh_hero_strip(user_id) from public.hero_consent;

-- The hero strip's avatars, as 20261124000000_trust.sql defines them (nothing while the kill
-- switch is off; else at most 5 approved Google photos, oldest consent first), read from
-- private.hero_strip in its index's order, each candidate checked against its sources again
-- (consent, entry, approved review of that exact photo): a refresh that lost a race never shows a
-- photo it should not. A photo the student changed since its review is another photo, pending
-- again: skipped here until it is reviewed.
create or replace function public.get_hero_profile_images()
returns table ("photoURL" text, "imageData" text)
language sql
stable
security definer
set search_path = ''
as $$
  select strip.photo_url, null::text
  from private.hero_strip strip
  where (select strip_enabled from private.hero_settings where id)
    and strip.photo_url = private.google_photo(strip.user_id)
    and exists (select 1 from public.hero_consent c where c.user_id = strip.user_id)
    and exists (select 1 from public.waitlist w where w.uid = strip.user_id)
    and exists (
      select 1 from private.hero_photo_review r
      where r.user_id = strip.user_id and r.approved and r.photo_url = strip.photo_url)
  order by strip.granted_at, strip.user_id
  limit 5
$$;
revoke all on function public.get_hero_profile_images() from public;
grant execute on function public.get_hero_profile_images() to anon, authenticated;
