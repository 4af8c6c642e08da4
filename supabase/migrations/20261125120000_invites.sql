-- Issue 28, invites that count: each student on the list has a short code (made here, at random,
-- from the alphabet of src/domain/invite-code.ts); a classmate who joins with `/?ref=CODE` is
-- credited to its owner once. Records of their own (the waitlist entry keeps exactly its fields),
-- in the `private` schema, which the API does not expose; the page reaches them only through the
-- two functions below, as the signed-in student. Deleting an account (leaving) deletes its code,
-- its arrival and the arrivals credited to it (on delete cascade).

create table private.invite_codes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  code text not null unique check (code ~ '^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$'),
  created_at timestamptz not null default now()
);
revoke all on table private.invite_codes from public, anon, authenticated;

create table private.invites (
  -- One credit per account: the invitee is the key.
  invitee uuid primary key references auth.users (id) on delete cascade,
  inviter uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  check (invitee <> inviter)
);
create index invites_inviter on private.invites (inviter);
revoke all on table private.invites from public, anon, authenticated;

-- Eight characters of the alphabet from the random bytes of a version 4 UUID (bytes 0-5 and
-- 10-11: all random).
create or replace function private.new_invite_code()
returns text
language sql
volatile
set search_path = ''
as $$
  select string_agg(
    substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(r.bytes, i) % 30, 1), '' order by i)
  from (select uuid_send(gen_random_uuid()) as bytes) r,
    unnest(array[0, 1, 2, 3, 4, 5, 10, 11]) as i
$$;
revoke all on function private.new_invite_code() from public, anon, authenticated;

-- The caller's code (made on the first call) and how many classmates on the list joined with it;
-- no row when the caller has no entry.
create or replace function public.my_invites()
returns table (code text, joined integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  mine text;
begin
  if me is null or not exists (select 1 from public.waitlist w where w.uid = me) then
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
      where i.inviter = me);
end
$$;
revoke all on function public.my_invites() from public, anon, authenticated;
grant execute on function public.my_invites() to authenticated;

-- Credits the caller's arrival to the code's owner: true when this call did; false for a caller
-- without an entry, an unknown or malformed code, the caller's own code, or an account already
-- credited (nothing is written).
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
  if me is null or not exists (select 1 from public.waitlist w where w.uid = me) then
    return false;
  end if;
  select ic.user_id into owner
  from private.invite_codes ic
  where ic.code = upper(btrim(left(coalesce(invite_code, ''), 32)));
  if owner is null or owner = me then
    return false;
  end if;
  insert into private.invites (invitee, inviter) values (me, owner)
  on conflict (invitee) do nothing;
  return found;
end
$$;
revoke all on function public.accept_invite(text) from public, anon, authenticated;
grant execute on function public.accept_invite(text) to authenticated;
