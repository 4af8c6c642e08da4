-- Issue 61: a campus is ready to open only with enough verified students AND at least its seller
-- minimum of verified students who said they will sell (src/domain/operator/readiness.ts,
-- DEFAULT_SELLER_MINIMUM, MAX_SELLER_MINIMUM). The operators' settings gain that minimum, 10 unless
-- they set another, kept beside the threshold (the console's settings: private.operator_save_settings).
alter table private.campus_settings
  add column seller_minimum integer not null default 10
    constraint campus_settings_seller_minimum_check check (seller_minimum between 0 and 10000);
