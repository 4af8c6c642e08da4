-- GENERATED, do not edit: the Supabase database's mail feature as the migrations leave it: the
--   outbox, the signing secret, the recipients’ ledger and keys, the suppression list and its
--   bounce endpoint, and the sender’s claim.
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table private.mail_outbox
-- Migrations: 20261126000000_mail.sql, 20261128000000_derived_counts.sql,
--   20261128060000_email_verification.sql, 20261128070000_campus_launch.sql,
--   20261128175000_mail_suppressions.sql
create table private.mail_outbox (
  id text not null,
  kind text not null,
  user_id uuid not null,
  joined_ms bigint not null,
  college_id text not null,
  status text default 'pending'::text not null,
  attempts integer default 0 not null,
  due_at timestamp with time zone default now() not null,
  lease_until timestamp with time zone,
  sent_at timestamp with time zone,
  last_error text,
  created_at timestamp with time zone default now() not null,
  to_address text,
  nonce text,
  code_expires_at timestamp with time zone,
  milestone integer,
  figure_verified integer,
  figure_threshold integer,
  recipient text,
  constraint mail_outbox_pkey PRIMARY KEY (id),
  constraint mail_outbox_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint mail_outbox_code CHECK ((kind = 'code'::text) = (code_expires_at IS NOT NULL) AND (kind = 'code'::text OR to_address IS NULL AND nonce IS NULL) AND (kind <> 'code'::text OR status <> 'pending'::text OR to_address IS NOT NULL AND nonce IS NOT NULL)),
  constraint mail_outbox_kind_check CHECK (kind = ANY (ARRAY['welcome'::text, 'launch'::text, 'code'::text, 'milestone'::text, 'campus-added'::text])),
  constraint mail_outbox_milestone CHECK ((kind = 'milestone'::text) = (milestone IS NOT NULL AND figure_verified >= 10 AND figure_threshold >= 1)),
  constraint mail_outbox_milestone_check CHECK (milestone = ANY (ARRAY[25, 50, 75, 100])),
  constraint mail_outbox_nonce_check CHECK (nonce ~ '^[0-9a-f]{32}$'::text),
  constraint mail_outbox_recipient_check CHECK (length(recipient) >= 16 AND length(recipient) <= 100),
  constraint mail_outbox_status_check CHECK (status = ANY (ARRAY['pending'::text, 'sent'::text, 'failed'::text]))
);
CREATE INDEX mail_outbox_due_order ON private.mail_outbox USING btree (due_at, id) WHERE (status = 'pending'::text);
CREATE INDEX mail_outbox_user ON private.mail_outbox USING btree (user_id);
-- No grants: its owner alone.

-- table private.mail_recipients
-- Migrations: 20261127120000_mail_limits.sql, 20261128060000_email_verification.sql,
--   20261128070000_campus_launch.sql
create table private.mail_recipients (
  recipient text not null,
  message_id text not null,
  kind text not null,
  sent_at timestamp with time zone not null,
  constraint mail_recipients_pkey PRIMARY KEY (recipient, message_id),
  constraint mail_recipients_kind_check CHECK (kind = ANY (ARRAY['welcome'::text, 'launch'::text, 'code'::text, 'milestone'::text, 'campus-added'::text])),
  constraint mail_recipients_recipient_check CHECK (length(recipient) >= 16 AND length(recipient) <= 100)
);
CREATE INDEX mail_recipients_sent ON private.mail_recipients USING btree (sent_at);
-- No grants: its owner alone.

-- table private.mail_settings
-- Migrations: 20261126000000_mail.sql
create table private.mail_settings (
  id boolean default true not null,
  token_secret text not null,
  constraint mail_settings_pkey PRIMARY KEY (id),
  constraint mail_settings_id_check CHECK (id),
  constraint mail_settings_token_secret_check CHECK (length(token_secret) >= 32)
);
-- No grants: its owner alone.

-- table private.mail_suppressions
-- Migrations: 20261128175000_mail_suppressions.sql
create table private.mail_suppressions (
  recipient text not null,
  reason text not null,
  at timestamp with time zone default now() not null,
  constraint mail_suppressions_pkey PRIMARY KEY (recipient),
  constraint mail_suppressions_reason_check CHECK (reason = ANY (ARRAY['failed'::text, 'bounce'::text, 'complaint'::text])),
  constraint mail_suppressions_recipient_check CHECK (length(recipient) >= 16 AND length(recipient) <= 100)
);
-- No grants: its owner alone.

-- function private.base64url(bytea)
-- Migrations: 20261126000000_mail.sql
CREATE OR REPLACE FUNCTION private.base64url(value bytea)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE STRICT
 SET search_path TO ''
AS $function$ select rtrim(translate(encode(value, 'base64'), '+/' || chr(10), '-_'), '=') $function$;
-- No grants: its owner alone.

-- function private.claim_mail(timestamp with time zone,integer,timestamp with time zone)
-- Migrations: 20261126000000_mail.sql, 20261127000000_mail_google_name.sql,
--   20261128000000_derived_counts.sql, 20261128060000_email_verification.sql,
--   20261128070000_campus_launch.sql, 20261128170000_mail_campus_link.sql,
--   20261128181000_mail_pending_campus_label.sql
CREATE OR REPLACE FUNCTION private.claim_mail(at timestamp with time zone, lim integer, lease timestamp with time zone)
 RETURNS TABLE(id text, kind text, user_id uuid, joined_ms bigint, email text, name text, campus text, attempts integer, invite_code text, verified integer, threshold integer, nonce text, expires_ms bigint, milestone integer, campus_id text)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
    case when col.request_key is not null then 'tu campus (pendiente)'
      else coalesce(nullif(col.short_name, ''), col.name) end,
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
    c.milestone,
    col.id
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
$function$;
-- No grants: its owner alone.

-- function private.forget_mail()
-- Migrations: 20261126000000_mail.sql
CREATE OR REPLACE FUNCTION private.forget_mail()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  delete from private.mail_outbox o where o.user_id = old.uid and o.status = 'pending';
  return old;
end;
$function$;
-- No grants: its owner alone.

-- function private.hmac_sha256(bytea,bytea)
-- Migrations: 20261126000000_mail.sql, 20261128000000_derived_counts.sql
CREATE OR REPLACE FUNCTION private.hmac_sha256(key bytea, message bytea)
 RETURNS bytea
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
 SET search_path TO ''
AS $function$
  select extensions.hmac(message, key, 'sha256')
$function$;
-- No grants: its owner alone.

-- function private.joined_ms(timestamp with time zone)
-- Migrations: 20261126000000_mail.sql
CREATE OR REPLACE FUNCTION private.joined_ms(at timestamp with time zone)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select floor(extract(epoch from at) * 1000)::bigint $function$;
-- No grants: its owner alone.

-- function private.keyed_digest(text,text)
-- Migrations: 20261128175000_mail_suppressions.sql
CREATE OR REPLACE FUNCTION private.keyed_digest(secret text, text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select private.base64url(extensions.hmac(convert_to(text, 'UTF8'), convert_to(secret, 'UTF8'),
    'sha256'))
$function$;
-- No grants: its owner alone.

-- function private.mailbox_of(text)
-- Migrations: 20261128175000_mail_suppressions.sql
CREATE OR REPLACE FUNCTION private.mailbox_of(address text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case
    when length(t.text) <= 320 and t.text !~ '[[:space:][:cntrl:]]'
      and t.text ~ '^[^@]+@[^@]+$' and split_part(split_part(t.text, '@', 1), '+', 1) <> ''
    then split_part(split_part(t.text, '@', 1), '+', 1) || '@' || split_part(t.text, '@', 2)
  end
  from (select lower(btrim(address, ' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13)))
    as text) t
$function$;
-- No grants: its owner alone.

-- function private.ms(timestamp with time zone)
-- Migrations: 20261128180000_email_verifications_code_sends.sql
CREATE OR REPLACE FUNCTION private.ms(at timestamp with time zone)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$ select (extract(epoch from at) * 1000)::bigint $function$;
-- No grants: its owner alone.

-- function private.queue_welcome()
-- Migrations: 20261126000000_mail.sql
CREATE OR REPLACE FUNCTION private.queue_welcome()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.mail_outbox (id, kind, user_id, joined_ms, college_id)
  values ('welcome:' || new.uid || ':' || private.joined_ms(new.created_at), 'welcome', new.uid,
    private.joined_ms(new.created_at), new.college_id)
  on conflict (id) do nothing;
  return new;
end;
$function$;
-- No grants: its owner alone.

-- function private.recipient_key(text,text)
-- Migrations: 20261128175000_mail_suppressions.sql
CREATE OR REPLACE FUNCTION private.recipient_key(secret text, address text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select private.keyed_digest(secret, 'recipient:' || private.mailbox_of(address))
$function$;
-- No grants: its owner alone.

-- function public.report_mail_bounce(text,text,text)
-- Migrations: 20261128175000_mail_suppressions.sql
CREATE OR REPLACE FUNCTION public.report_mail_bounce(token text, type text, address text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  secret text;
  addr text;
begin
  select s.token_secret into secret from private.mail_settings s;
  -- Compared as digests: no comparison here stops at the token's first wrong character.
  if secret is null or extensions.digest(coalesce(token, ''), 'sha256')
      <> extensions.digest(private.keyed_digest(secret, 'bounce-endpoint:v1'), 'sha256') then
    raise exception 'Not allowed' using errcode = 'PT401';
  end if;
  addr := private.normalize_address(address);
  if type is null or type not in ('bounce', 'complaint') or addr is null then
    raise exception 'Not a bounce or complaint notice' using errcode = 'PT400';
  end if;
  insert into private.mail_suppressions (recipient, reason)
  values (private.recipient_key(secret, addr), type)
  on conflict (recipient) do nothing;
end
$function$;
grant execute on function public.report_mail_bounce(text,text,text) to anon, authenticated, service_role;

-- trigger waitlist_forget_mail on public.waitlist
-- Migrations: 20261126000000_mail.sql
CREATE TRIGGER waitlist_forget_mail AFTER DELETE ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.forget_mail();

-- trigger waitlist_queue_welcome on public.waitlist
-- Migrations: 20261126000000_mail.sql
CREATE TRIGGER waitlist_queue_welcome AFTER INSERT ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.queue_welcome();
