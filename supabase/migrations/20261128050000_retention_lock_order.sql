-- A review of the day's changes (issue 51): private.apply_retention as
-- 20261127170000_retention.sql defines it, locking the launched campuses' verified counts
-- (20261128000000_derived_counts.sql) in college_id order before its deletes, as each entry's
-- trigger does: no deadlock with a student moving between two of those campuses meanwhile.
create or replace function private.apply_retention(dry_run boolean default true)
returns table (reason text, user_id uuid, college_id text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
end;
$$;
revoke all on function private.apply_retention(boolean) from public, anon, authenticated;
