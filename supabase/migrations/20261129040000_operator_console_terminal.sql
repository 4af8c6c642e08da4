-- Issue 61, the terminal commands as thin callers of the console's own functions: `campus`,
-- `campus:add`, `notify:campus` and `hero:photos` on Supabase (scripts/ops/<feature>/supabase.mjs,
-- through scripts/ops/shared/postgres.mjs's withOperator) run the same public.operator_* functions
-- as the page, so a script and the console cannot disagree, and the log names who ran them.
--
-- 1. private.require_operator() lets in, besides an operator's session, the operators' command on
--    the direct database connection: no signed-in user (auth.uid() null), the transaction's
--    `operator.actor` setting ('terminal:<user>', set_config(..., true)), and a caller that is not
--    the API's: neither the session (session_user) nor the role it took (the `role` setting,
--    which PostgREST sets per request and which a security definer function does not change) is
--    anon, authenticated, service_role or PostgREST's authenticator. Whoever the API lets in
--    cannot pass by setting `operator.actor`: their role is one of those. The actor is what the
--    operators' log records.
-- 2. public.operator_add_campus checks what the operator typed as the domain does
--    (src/domain/operator/add-campus.ts, checkAddCampus): one line each (spaces folded, trimmed),
--    no control characters or angle brackets, a name and a city of 1 to 120 characters, a short
--    name and a state of 1 to 60, 1 to 10 domains (trimmed, lowercase, once each, in the order
--    typed) of its DOMAIN rule, and its problem names ('campus-add:shortName'; a request added
--    under another id is 'campus-add:added-as-other', as on Firebase and memory).

create or replace function private.require_operator()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  address text;
  actor text := nullif(pg_catalog.current_setting('operator.actor', true), '');
  api_roles text[] := array['anon', 'authenticated', 'service_role', 'authenticator'];
begin
  select lower(u.email) into address
  from private.operators o join auth.users u on u.id = o.user_id
  where o.user_id = (select auth.uid());
  if address is not null then
    return address;
  end if;
  if (select auth.uid()) is null
    and actor ~ '^terminal:[^[:space:][:cntrl:]]{1,190}$'
    and not (session_user::text = any (api_roles))
    and not (coalesce(pg_catalog.current_setting('role', true), 'none') = any (api_roles)) then
    return actor;
  end if;
  raise exception 'operators only' using errcode = '42501';
end
$$;
revoke all on function private.require_operator() from public, anon, authenticated;

-- One line the operator typed, as add-campus.ts's `line`: spaces folded and trimmed, 1 to `max`
-- characters, no control character or angle bracket; null when it is not that (or not a string).
create or replace function private.operator_typed_line(value jsonb, max integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when t <> '' and char_length(t) <= max and t !~ '[\x01-\x1f\x7f<>]' then t end
  from (select btrim(regexp_replace(value #>> '{}', '\s+', ' ', 'g')) as t
        where jsonb_typeof(value) = 'string') typed
$$;
revoke all on function private.operator_typed_line(jsonb, integer) from public, anon, authenticated;

-- 'Agregar al catálogo' (20261129000300_operator_console_functions.sql's), with the domain's checks.
create or replace function public.operator_add_campus(input jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := private.require_operator();
  request text := input ->> 'request';
  new_id text := input ->> 'id';
  new_name text := private.operator_typed_line(input -> 'name', 120);
  new_short text := private.operator_typed_line(input -> 'shortName', 60);
  new_city text := private.operator_typed_line(input -> 'city', 120);
  new_state text := private.operator_typed_line(input -> 'state', 60);
  domains text[];
  refusal text;
  result record;
  typed jsonb;
begin
  if jsonb_typeof(input) = 'object' and jsonb_typeof(input -> 'domains') = 'array' then
    -- Trimmed, lowercase, once each in the order typed; a value that is no string is ''.
    domains := array(
      select d.domain from (
        select distinct on (x.domain) x.domain, x.n
        from (
          select lower(regexp_replace(case when jsonb_typeof(e) = 'string' then e #>> '{}' else '' end,
              '^\s+|\s+$', '', 'g')) as domain, n
          from jsonb_array_elements(input -> 'domains') with ordinality as a (e, n)
        ) x
        order by x.domain, x.n
      ) d
      order by d.n);
  end if;
  if jsonb_typeof(input -> 'request') is distinct from 'string' or request !~ '^pendiente-[0-9a-f]{24}$' then
    refusal := 'campus-add:request';
  elsif jsonb_typeof(input -> 'id') is distinct from 'string' or new_id !~ '^[a-z0-9]+(-[a-z0-9]+)*$'
    or length(new_id) > 64 or new_id ~ '^pendiente-' then
    refusal := 'campus-add:id';
  elsif new_name is null then
    refusal := 'campus-add:name';
  elsif new_short is null then
    refusal := 'campus-add:shortName';
  elsif new_city is null then
    refusal := 'campus-add:city';
  elsif new_state is null then
    refusal := 'campus-add:state';
  elsif domains is null or cardinality(domains) not between 1 and 10 or exists (
    select 1 from unnest(domains) d
    where char_length(d) not between 4 and 253
      or d !~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$') then
    refusal := 'campus-add:domains';
  end if;
  typed := jsonb_build_object('request', left(request, 64), 'name', new_name,
    'shortName', new_short, 'city', new_city, 'state', new_state, 'domains', to_jsonb(domains));
  if refusal is null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('operator_add:' || request, 0));
    begin
      select * into result from private.add_campus(request, new_id, new_name, new_short);
    exception when sqlstate '22023' then
      refusal := case
        when sqlerrm like 'the campus id % is taken' then 'campus-add:taken'
        when sqlerrm like 'the request % was added as %' then 'campus-add:added-as-other'
        else 'campus-add:request' end;
    end;
  end if;
  if refusal is not null then
    perform private.log_operator(actor, 'campus-add', left(coalesce(new_id, request), 200),
      refusal, null, typed);
    return jsonb_build_object('refused', refusal);
  end if;
  if result.added then
    update public.colleges c
    set subname = new_city, keywords = array[new_city, new_state], email_domains = domains
    where c.id = new_id;
  end if;
  perform private.log_operator(actor, 'campus-add', new_id,
    case when result.added then 'done' else 'already' end, null,
    typed || jsonb_build_object('moved', result.moved, 'queued', result.queued));
  return jsonb_build_object('added', result.added, 'moved', result.moved, 'queued', result.queued);
end
$$;
revoke all on function public.operator_add_campus(jsonb) from public, anon;
grant execute on function public.operator_add_campus(jsonb) to authenticated;
