-- Issue 59: two rules of a waitlist entry that the server keeps, as on every backend.
--
-- 1. An entry's campus changes at most once a minute (src/domain/waitlist-entry.ts,
--    COLLEGE_CHANGE_INTERVAL_MS): a student's change within 60 s of their last one is refused with
--    SQLSTATE PT429, which PostgREST answers as HTTP 429 (the page's `resource-exhausted`), and
--    changes nothing. `college_changed_at` holds the database's time of the last change; the
--    page's update privilege stays on college_id alone, so only these triggers write it. Operators
--    and the server's own moves (campus:add moving a pending campus's entries) are not students:
--    the trigger lets them through and stamps nothing.
-- 2. After the grace date (src/domain/join-terms.ts, JOIN_TERMS_GRACE_UNTIL) a new entry carries
--    the 18+ confirmation with a version of the privacy notice that was published
--    (PUBLISHED_NOTICE_VERSIONS; tests/app/unit/join-terms.test.ts holds this list equal to it).
--    Before it, an entry is accepted as before: both, or neither (a page from before them).

alter table public.waitlist add column college_changed_at timestamptz;

-- Before the row is written: a student's change of campus is stamped with the database's time.
create or replace function private.stamp_college_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user = 'authenticated' and new.college_id is distinct from old.college_id then
    new.college_changed_at := now();
  end if;
  return new;
end
$$;
revoke all on function private.stamp_college_change() from public, anon, authenticated;

create trigger waitlist_college_change_stamp
  before update of college_id on public.waitlist
  for each row execute function private.stamp_college_change();

-- After it, once the campus's own checks passed (its id rule, the catalogue's key, the policy:
-- those refusals keep their codes): a student's change within a minute of the last one is undone.
create or replace function private.limit_college_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user = 'authenticated' and new.college_id is distinct from old.college_id
    and old.college_changed_at is not null
    and now() < old.college_changed_at + interval '60 seconds' then
    raise exception 'The campus changed less than a minute ago'
      using errcode = 'PT429', hint = 'Try again in a minute.';
  end if;
  return null;
end
$$;
revoke all on function private.limit_college_change() from public, anon, authenticated;

-- Named after the foreign key's own triggers (RI_ConstraintTrigger_…, which run first by name).
create trigger waitlist_college_change_limit
  after update of college_id on public.waitlist
  for each row execute function private.limit_college_change();

-- Whether a new entry's terms are accepted at `at` (src/domain/join-terms.ts, acceptsJoinTerms):
-- the confirmation with a published version always; before the grace date also the
-- confirmation with any version (its form is the column's check) or neither.
create or replace function private.accepts_join_terms(adult boolean, notice_version text, at timestamptz)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    (adult is true
      and notice_version = any (array['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01']))
    or (at < timestamptz '2026-12-15 00:00:00+00'
      and ((adult is null and notice_version is null)
        or (adult is true and notice_version is not null))),
    false)
$$;
revoke all on function private.accepts_join_terms(boolean, text, timestamptz) from public, anon;
grant execute on function private.accepts_join_terms(boolean, text, timestamptz) to authenticated;

drop policy "a Google student adds their own entry, with their own e-mail" on public.waitlist;
create policy "a Google student adds their own entry, with their own e-mail" on public.waitlist
  for insert to authenticated
  with check (
    uid = (select auth.uid())
    and email = (select auth.jwt() ->> 'email')
    and (select private.is_google_student())
    and private.accepts_join_terms(adult, notice_version, now())
    and private.may_join(college_id)
  );
