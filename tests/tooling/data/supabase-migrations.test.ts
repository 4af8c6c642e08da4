import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUPABASE_FEATURES } from '../../../scripts/data/supabase-features.ts';
import { MIGRATIONS_DIR } from '../../../scripts/data/supabase-schema.ts';

// Migrations are the Supabase deploy path and are append-only (docs/architecture.md, 'The
// Supabase database'): a project that applied a migration never sees a later edit of it. The
// released ones are held here by their SHA-256 (line endings folded, as a checkout may change
// them); a change is a new migration, one per feature it touches, named
// `<UTC timestamp>_<feature>_<what>.sql` with a feature of scripts/data/supabase-features.ts
// (its hyphens written `_`: `20261201000000_campus_progress_recount.sql`).
const RELEASED: readonly (readonly [string, string])[] = [
  [
    '20261123000000_waitlist.sql',
    '2434e3516d9160dd51fce93f9fcd45a9b6f34ee56b861e6bc2924630de3c8994',
  ],
  [
    '20261123120000_my_entry.sql',
    '932ace22614d7a57f67134b73bdd5c79863a5e9903f4d9ed0d92e56b0bc2fae8',
  ],
  ['20261124000000_trust.sql', '9bc0d93634c7ae56070a793121ac71352d6dc1acabe954e9269f3141c6aa1e66'],
  [
    '20261125000000_campus_progress.sql',
    '2f082dfab9ae334c753f5ef7928c91ffe6f9b706595cd560ecfc5acd3a9e88e5',
  ],
  [
    '20261125120000_invites.sql',
    '756c77b5921bddabbfcb2100b828b7aa467a9d1ce47ed141154b2c8abeedb93c',
  ],
  [
    '20261125130000_campus_requests.sql',
    'b1aa36f423d46cf3ded664a40f21ab09023379a8fd0ce269ac6961b569907449',
  ],
  ['20261126000000_mail.sql', '19630b6cc62c8e4ef4307b497e6d1e3b5e18ece661e8ecb227dc99ccf2b50cdb'],
  [
    '20261127000000_mail_google_name.sql',
    '43edc3464050c8c2962aa10dc5ff000cc175f611b252ee7d0dc47a0650493eea',
  ],
  [
    '20261127120000_mail_limits.sql',
    'c82e459d483c04bdfc22531278197a736783a15e20359dc15af6faf7e0c243d5',
  ],
  [
    '20261127130000_campus_requests_wall.sql',
    'c3ed8996c5febf55227b4eff062479ef86eb97ed8e69e52da67b7feab2f14203',
  ],
  [
    '20261127140000_one_mailbox_one_count.sql',
    '81dab606fc2f52b4b0ddb59002d82562329badcebefe294eb7826eba491f17bc',
  ],
  [
    '20261127150000_invite_credits.sql',
    '7fe1ec4d33eda6bac85a69fad8140eeb25adb8e812990f1dfedcee268d84ba0d',
  ],
  [
    '20261127160000_leave_link_stop.sql',
    '0683c1005f5656f4ccccf70d987511801581ffa0a1b21b430b12f7d4f2e0444d',
  ],
  [
    '20261127170000_retention.sql',
    '74e53b52baaa31e7f330426a3e4120208870f5ba7330a93303496cd340b995d3',
  ],
  [
    '20261128000000_derived_counts.sql',
    'ada18e8be197df7066963d6f64040dc21332f7d3761f47415f9ebef4fc135a78',
  ],
  [
    '20261128010000_join_terms.sql',
    'f04e8ee84bd8686cd6632a318281c29efc08fe79feab5ab2048e7562d1973fca',
  ],
  [
    '20261128020000_failure_reports.sql',
    'ce4d933e3bd64a91bbc282733dd5ab8807ba89e9011ce10089dab33b57eee399',
  ],
  [
    '20261128030000_invite_credit_account_age.sql',
    '05a4fc0bdaf8e2a08a9b2728e46867bf2411d45d488be7f14b3e73017df67de0',
  ],
  [
    '20261128050000_retention_lock_order.sql',
    '2fd8956726ff7a346256eb58d59e111b4298d34c7d3d493235fefdef27c41092',
  ],
  [
    '20261128060000_email_verification.sql',
    '75e10ebdaf4133ba03140817aff33df6441f48e8a3cd9b469e3630f38b3dbaac',
  ],
  [
    '20261128070000_campus_launch.sql',
    '187be80a6b73e254b56bfc1db14459924f4fd58ee3823fe216f794b387ad41d6',
  ],
];

const sha256 = (file: string) =>
  createHash('sha256')
    .update(fs.readFileSync(`${MIGRATIONS_DIR}/${file}`, 'utf8').replace(/\r\n/g, '\n'))
    .digest('hex');

const migrations = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();

describe('supabase/migrations', () => {
  it.each(RELEASED)('%s is as it was released, byte for byte', (file, hash) => {
    expect(fs.existsSync(`${MIGRATIONS_DIR}/${file}`), `${file} is gone`).toBe(true);
    expect(sha256(file), `${file} was edited: write a new migration instead`).toBe(hash);
  });

  it('adds a migration only after the released ones, named for the one feature it touches', () => {
    const released = new Set(RELEASED.map(([file]) => file));
    const last = RELEASED.at(-1)![0];
    const features = Object.keys(SUPABASE_FEATURES);
    const added = migrations.filter((f) => !released.has(f));
    const misnamed = added.filter((file) => {
      const found = /^(\d{14})_[a-z0-9_]+\.sql$/.exec(file);
      const feature =
        found && features.find((f) => file.startsWith(`${found[1]}_${f.replace(/-/g, '_')}_`));
      return !found || !feature || file <= last;
    });
    expect(
      misnamed,
      `named <UTC timestamp>_<${features.join('|')}>_<what>.sql, after ${last}`,
    ).toEqual([]);
  });
});
