/**
 * Which feature each object of the Supabase database belongs to: one generated file per feature,
 * supabase/schema/<feature>.sql (scripts/data/supabase-schema.ts). The features are named as the
 * backend ports are (src/composition/tokens.ts, in kebab case), plus the server's own (mail,
 * campus launch, retention) and `shared` (the schema and extensions every feature uses).
 *
 * An entry names a schema, an extension, a table, a view, a sequence, a type or a function (every
 * overload of the name). What hangs on a table (its columns, constraints, indexes, row-level
 * security, policies and grants) goes with the table; a trigger goes with its function's feature
 * (what the feature does when that table changes). The generator fails on an object this map does
 * not place, and on an entry the database no longer holds: a new table or function is given its
 * feature here, in the migration's change.
 */
export const SUPABASE_FEATURES = {
  shared: {
    about: 'the private schema (not exposed by the API) and the extensions the features use',
    objects: ['schema private', 'extension pg_trgm', 'extension unaccent', 'extension pgcrypto'],
  },
  auth: {
    about:
      'who may act (a Google account, not anonymous) and deleting the caller’s account (AuthPort.deleteAccount)',
    objects: ['function private.is_google_student', 'function public.delete_my_account'],
  },
  waitlist: {
    about:
      'one entry per student, its row-level security, what joining records and the entry rules: the terms accepted, a campus changed once a minute (WaitlistRepo)',
    objects: [
      'table public.waitlist',
      'function private.is_on_list',
      'function private.accepts_join_terms',
      'function private.stamp_college_change',
      'function private.limit_college_change',
    ],
  },
  'college-search': {
    about: 'the catalogue of colleges and its search (CollegeSearch)',
    objects: [
      'table public.colleges',
      'function public.college_search_normalize',
      'function public.colleges_fill_search',
      'function public.search_colleges',
    ],
  },
  'hero-consent': {
    about: 'a student’s consent to the hero strip (HeroConsentRepo)',
    objects: [
      'table public.hero_consent',
      'function public.hero_consent_date',
      'function public.grant_hero_consent',
    ],
  },
  'hero-images': {
    about:
      'the hero strip’s photos: the operators’ review, the kill switch, the strip kept in order (HeroImages)',
    objects: [
      'table private.hero_photo_review',
      'table private.hero_settings',
      'table private.hero_strip',
      'view private.hero_photo_queue',
      'function private.forget_photo_review',
      'function private.google_photo',
      'function private.is_google_photo',
      'function private.refresh_hero_strip',
      'function private.hero_strip_changed',
      'function public.get_hero_profile_images',
    ],
  },
  'campus-progress': {
    about:
      'a campus’s verified students, counted on write, its settings, the caller’s campus and any campus’s public progress (CampusProgressRepo)',
    objects: [
      'table private.campus_settings',
      'table private.campus_counts',
      'table private.counted_members',
      'function private.email_in_domains',
      'function private.entry_verified',
      'function private.counts_for',
      'function private.counted_address',
      'function private.reconcile_count',
      'function private.count_verified',
      'function private.count_verification',
      'function private.recount_verified',
      'function private.recount_on_domains',
      'function public.my_campus',
      'function public.campus_progress',
    ],
  },
  invites: {
    about: 'invite codes, credited arrivals and the public preview (Invites)',
    objects: [
      'table private.invite_codes',
      'table private.invites',
      'function private.new_invite_code',
      'function public.my_invites',
      'function public.accept_invite',
      'function public.invite_preview',
    ],
  },
  'campus-requests': {
    about:
      '‘Mi campus no aparece’, the pending campus its askers may join, and a request made a campus (CampusRequests)',
    objects: [
      'table private.campus_requests',
      'table private.added_campuses',
      'function private.campus_request_fold',
      'function private.campus_request_tidy',
      'function private.campus_request_text_ok',
      'function private.pending_campus_id',
      'function private.may_join',
      'function private.add_campus',
      'function public.request_campus',
    ],
  },
  'email-verifications': {
    about:
      'a university address proved by a code, and the limits on code e-mails: identity, address, domain, budget day (EmailVerifications)',
    objects: [
      'table private.email_verifications',
      'table private.verification_codes',
      'table private.code_sends',
      'table private.code_identities',
      'table private.code_budget',
      'function private.identity_key',
      'function private.budget_day',
      'function private.code_retry',
      'function private.normalize_address',
      'function private.address_in_domains',
      'function private.address_taken',
      'function private.code_of_nonce',
      'function private.code_hash',
      'function private.forget_verification',
      'function public.pending_verification',
      'function public.send_verification_code',
      'function public.verify_email_code',
    ],
  },
  'seller-choices': {
    about: 'which offerings a student would sell (SellerChoices)',
    objects: [
      'table private.seller_choices',
      'function private.seller_categories',
      'function public.my_seller_choice',
      'function public.save_seller_choice',
    ],
  },
  'join-sources': {
    about: 'where a student came from, written once (JoinSources)',
    objects: ['table private.join_sources', 'function public.record_join_source'],
  },
  mail: {
    about:
      'the outbox, the signing secret, the recipients’ ledger and keys, the suppression list and its bounce endpoint, and the sender’s claim',
    objects: [
      'table private.mail_settings',
      'table private.mail_outbox',
      'table private.mail_recipients',
      'table private.mail_suppressions',
      'function private.keyed_digest',
      'function private.mailbox_of',
      'function private.recipient_key',
      'function private.ms',
      'function public.report_mail_bounce',
      'function private.joined_ms',
      'function private.queue_welcome',
      'function private.hmac_sha256',
      'function private.base64url',
      'function private.claim_mail',
      'function private.forget_mail',
    ],
  },
  'leave-links': {
    about: 'the e-mails’ leave link, read without a sign-in, and the stops it records (LeaveLinks)',
    objects: [
      'table private.mail_stops',
      'function private.read_leave_token',
      'function public.check_leave_link',
      'function public.leave_by_link',
    ],
  },
  'campus-launch': {
    about: 'a campus’s launch e-mails and its milestones',
    objects: [
      'table private.launch_runs',
      'table private.campus_milestones',
      'function private.queue_launch',
      'function private.reach_milestones',
      'function private.milestones_on_change',
    ],
  },
  'failure-reports': {
    about:
      'failed sign-ins and joins counted by day, kind and code, and those dropped over the budget by day (FailureReports)',
    objects: [
      'table private.failure_counts',
      'table private.failure_minutes',
      'table private.failure_drops',
      'sequence private.failure_drops_seq',
      'function private.is_failure_report',
      'function private.failure_drops_of_minutes',
      'function private.failure_drops_by_day',
      'function public.report_failure',
    ],
  },
  retention: {
    about: 'the retention the privacy notice promises, each run recorded',
    objects: ['table private.retention_runs', 'function private.apply_retention'],
  },
  'operator-console': {
    about:
      'the operator console: the role, the append-only operators’ log, one launch per campus and the due launches, the figures counted on write, and one function per operation (OperatorConsole)',
    objects: [
      'table private.operators',
      'table private.operator_log',
      'table private.launches',
      'table private.operator_members',
      'table private.operator_counts',
      'function private.operator_log_guard',
      'function private.log_operator',
      'function private.require_operator',
      'function private.set_operator',
      'function private.operator_keys_of',
      'function private.reconcile_operator_counts',
      'function private.recount_operator_counts',
      'function private.operator_counts_on_entry',
      'function private.operator_counts_on_student',
      'function private.operator_counts_on_invite',
      'function private.operator_day',
      'function private.mexico_city_today',
      'function private.mexico_city_instant',
      'function private.operator_typed_line',
      'function private.operator_settings_of',
      'function private.operator_launch_of',
      'function private.operator_campus_rows',
      'function private.is_catalogue_campus',
      'function private.launch_campus',
      'function private.run_due_launches',
      'function private.as_uuid',
      'function private.student_record',
      'function public.operator_access',
      'function public.operator_campuses',
      'function public.operator_campus_days',
      'function public.operator_save_settings',
      'function public.operator_launch_preview',
      'function public.operator_launch',
      'function public.operator_cancel_launch',
      'function public.operator_requests',
      'function public.operator_add_campus',
      'function public.operator_hero_photos',
      'function public.operator_review_photo',
      'function public.operator_set_strip',
      'function public.operator_find_student',
      'function public.operator_export_student',
      'function public.operator_delete_student',
      'function public.operator_health',
      'function public.operator_audit_log',
    ],
  },
} as const satisfies Record<string, { about: string; objects: readonly string[] }>;

export type SupabaseFeature = keyof typeof SUPABASE_FEATURES;
