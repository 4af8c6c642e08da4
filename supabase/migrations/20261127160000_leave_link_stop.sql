-- Issue 51, item 8: a leave link past its 90 days can no longer delete anything, but it still
-- stops the e-mails (RFC 8058 asks that an unsubscribe address keep working): used on the page or
-- by a mail provider's one-click POST, while the entry it names is on the list, its unsent
-- messages fail and the launch records none for it. `private.mail_stops` keeps which entry
-- (deleted with the account; a new entry of the student is written to again).
create table private.mail_stops (
  user_id uuid primary key references auth.users (id) on delete cascade,
  joined_ms bigint not null,
  stopped_at timestamptz not null default now()
);
revoke all on table private.mail_stops from public, anon, authenticated;

-- As in 20261126000000_mail.sql, but an expired token that is ours names its student too.
create or replace function private.read_leave_token(token text)
returns table (fault text, user_id uuid, joined_ms bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  parts text[];
  secret text;
  uid_text text;
  student uuid;
begin
  if token is null or length(token) > 400 then
    return query select 'malformed', null::uuid, null::bigint;
    return;
  end if;
  parts := regexp_match(token,
    '^v1\.([a-z]{1,16})\.([A-Za-z0-9_-]{1,200})\.(0|[1-9][0-9]{0,15})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$');
  if parts is null or length(parts[2]) % 4 = 1 then
    return query select 'malformed', null::uuid, null::bigint;
    return;
  end if;
  select s.token_secret into secret from private.mail_settings s;
  if secret is null or private.base64url(private.hmac_sha256(convert_to(secret, 'UTF8'),
      convert_to(left(token, length(token) - 44), 'UTF8'))) <> parts[5] then
    return query select 'invalid', null::uuid, null::bigint;
    return;
  end if;
  begin
    uid_text := convert_from(decode(rpad(translate(parts[2], '-_', '+/'),
      ((length(parts[2]) + 3) / 4) * 4, '='), 'base64'), 'UTF8');
  exception when others then
    return query select 'invalid', null::uuid, null::bigint;
    return;
  end;
  if parts[1] <> 'leave' or private.base64url(convert_to(uid_text, 'UTF8')) <> parts[2] then
    return query select 'invalid', null::uuid, null::bigint;
    return;
  end if;
  begin
    student := uid_text::uuid;
  exception when others then
    student := null; -- no account has such an id
  end;
  if parts[4]::bigint <= extract(epoch from now()) then
    return query select 'expired', student, parts[3]::bigint;
    return;
  end if;
  if student is null then
    return query select 'used', null::uuid, null::bigint;
    return;
  end if;
  return query select null::text, student, parts[3]::bigint;
end;
$$;
revoke all on function private.read_leave_token(text) from public, anon, authenticated;

-- As in 20261126000000_mail.sql, and: an expired link of an entry still on the list stops its
-- e-mails ('stopped', again on a second use), deleting nothing.
create or replace function public.leave_by_link(token text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r record;
  gone uuid;
begin
  select * into r from private.read_leave_token(token);
  if r.fault = 'expired' then
    if r.user_id is null or not exists (select 1 from public.waitlist w
        where w.uid = r.user_id and private.joined_ms(w.created_at) = r.joined_ms) then
      return 'expired';
    end if;
    insert into private.mail_stops (user_id, joined_ms) values (r.user_id, r.joined_ms)
    on conflict (user_id) do update set joined_ms = excluded.joined_ms, stopped_at = now();
    update private.mail_outbox o
    set status = 'failed', lease_until = null,
      last_error = 'stopped: the student asked for no more e-mails (an expired link)'
    where o.user_id = r.user_id and o.joined_ms = r.joined_ms and o.status = 'pending';
    return 'stopped';
  end if;
  if r.fault is not null then return r.fault; end if;
  delete from auth.users u
  where u.id = r.user_id
    and exists (select 1 from public.waitlist w
      where w.uid = u.id and private.joined_ms(w.created_at) = r.joined_ms)
  returning u.id into gone;
  return case when gone is null then 'used' else 'left' end;
end;
$$;
revoke all on function public.leave_by_link(text) from public, anon, authenticated;
grant execute on function public.leave_by_link(text) to anon, authenticated;

-- As in 20261126000000_mail.sql, but a student whose e-mails a link stopped gets no launch.
create or replace function private.queue_launch(campus text, dry_run boolean default false)
returns table (students integer, queued integer, already integer)
language plpgsql
volatile
set search_path = ''
as $$
declare
  total integer;
  added integer := 0;
begin
  select count(*) into total from public.waitlist w where w.college_id = campus;
  if dry_run then
    return query select total, 0,
      (select count(*)::integer from private.mail_outbox o
       where o.kind = 'launch' and o.college_id = campus
         and exists (select 1 from public.waitlist w where w.uid = o.user_id and w.college_id = campus));
    return;
  end if;
  insert into private.mail_outbox (id, kind, user_id, joined_ms, college_id)
  select 'launch:' || campus || ':' || w.uid, 'launch', w.uid, private.joined_ms(w.created_at), campus
  from public.waitlist w
  where w.college_id = campus
    and not exists (select 1 from private.mail_stops s
      where s.user_id = w.uid and s.joined_ms = private.joined_ms(w.created_at))
  on conflict (id) do nothing;
  get diagnostics added = row_count;
  insert into private.launch_runs (college_id, students, queued) values (campus, total, added);
  return query select total, added, total - added;
end;
$$;
revoke all on function private.queue_launch(text, boolean) from public, anon, authenticated;
