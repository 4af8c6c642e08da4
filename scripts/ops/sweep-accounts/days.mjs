// The idle period of `sweep:accounts`, on both backends (tests/tooling/deploy/privacy-notice.test.ts
// holds it to the privacy notice's RETENTION.idleAccountDays, src/ui/privacy/privacy-notice.config.ts).
import { fail } from '../shared/cli.mjs';

/** The days an account that never joined may stay idle before the sweeps delete it. */
export const IDLE_ACCOUNT_DAYS = 30;

/** `--days` (default IDLE_ACCOUNT_DAYS): a whole number of days, or a usage error. */
export function sweepDays(value, usage) {
  const days = Number(value ?? IDLE_ACCOUNT_DAYS);
  if (!Number.isInteger(days) || days < 1) fail(`--days must be a whole number of days.\n${usage}`);
  return days;
}
