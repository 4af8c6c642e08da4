-- Issue 51, item 5: one person, one count. An address verifies a student only when it is its own
-- mailbox: `ana+2@alumnos.udg.mx` reaches `ana@alumnos.udg.mx`'s (src/domain/email-address.ts,
-- mailboxOf), so a +tag alias never counts, in the campus's progress, the welcome's figure or the
-- operators' report (every one of them reads private.email_in_domains). As src/domain/
-- email-domain.ts's emailInDomains, which tests hold equal to this.
create or replace function private.email_in_domains(email text, domains text[])
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
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
$$;
revoke all on function private.email_in_domains(text, text[]) from public, anon, authenticated;
