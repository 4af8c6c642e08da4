-- Issue 61: the privacy notice of 2026-12-03 says what the operators' log keeps (a student's uid,
-- never their address, for two years, when an operator viewed, exported or deleted their record).
-- A new published version, so a new entry may record it: the list of private.accepts_join_terms
-- (20261128183000_waitlist_notice_2026_12_02.sql) with it, the rest as it was.
-- src/domain/join-terms.ts (PUBLISHED_NOTICE_VERSIONS) is the list; a test holds the two equal.
create or replace function private.accepts_join_terms(adult boolean, notice_version text, at timestamptz)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    (adult is true
      and notice_version = any (array['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01',
        '2026-12-02', '2026-12-03']))
    or (at < timestamptz '2026-12-15 00:00:00+00'
      and ((adult is null and notice_version is null)
        or (adult is true and notice_version is not null))),
    false)
$$;
revoke all on function private.accepts_join_terms(boolean, text, timestamptz) from public, anon;
grant execute on function private.accepts_join_terms(boolean, text, timestamptz) to authenticated;
