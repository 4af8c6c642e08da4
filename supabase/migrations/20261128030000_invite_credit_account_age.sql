-- Issue 51, item 5: an arrival is credited only when both its entry and its account are less
-- than a day old (src/domain/invite-code.ts, mayCredit): an account held longer that leaves the
-- list and joins again is no new arrival. accept_invite as 20261127150000_invite_credits.sql
-- defines it, with the account's age.
create or replace function public.accept_invite(invite_code text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
$$;
revoke all on function public.accept_invite(text) from public, anon, authenticated;
grant execute on function public.accept_invite(text) to authenticated;
