// `hero:photos` on Supabase: the review table, the queue and the kill switch live in the
// `private` schema, which the API does not expose (supabase/migrations/20261124000000_trust.sql).
// The list reads the review queue (private.hero_photo_queue, with when each student consented);
// a decision and the kill switch are the operator console's own functions,
// public.operator_review_photo and public.operator_set_strip
// (supabase/migrations/20261129000300_operator_console_functions.sql, run by shared/postgres.mjs's
// withOperator as 'terminal:<user>', each written to the operators' log); the kill switch empties
// the strip at once.
import { withDatabase, withOperator } from '../shared/postgres.mjs';
import { projectModule } from '../shared/project.mjs';

/** What the kill switch does, as `hero:photos -- off` says it. */
export const OFF = 'get_hero_profile_images() answers no photo from now on';

/** Whether the strip is on, and the review queue (private.hero_photo_queue). */
export const list = (options, usage) =>
  withDatabase(options, usage, async (client) => {
    const { rows: strip } = await client.query(
      'select strip_enabled from private.hero_settings where id',
    );
    const { rows } = await client.query(
      `select user_id, granted_at, status, photo_url from private.hero_photo_queue
       order by granted_at, user_id`,
    );
    return {
      enabled: strip[0]?.strip_enabled !== false,
      rows: rows.map((r) => ({
        status: r.status,
        uid: r.user_id,
        granted: r.granted_at.toISOString(),
        photo: r.photo_url,
      })),
    };
  });

const answers = () => projectModule('src/adapters/supabase/operator-console-answer.ts');

/** Records the decision on the student's current photo: that photo, or null when none. */
export async function decide(options, usage, uid, approved) {
  const { outcomeOf } = await answers();
  return withOperator(options, usage, async (call, client) => {
    const outcome = outcomeOf(await call('operator_review_photo', { uid, approved }));
    if (!('value' in outcome)) return null;
    const { rows } = await client.query(
      'select photo_url from private.hero_photo_review where user_id::text = $1',
      [uid],
    );
    return rows[0]?.photo_url ?? null;
  });
}

/** The kill switch (private.hero_settings), through the console's operator_set_strip. */
export async function setStrip(options, usage, enabled) {
  const { outcomeOf } = await answers();
  outcomeOf(await withOperator(options, usage, (call) => call('operator_set_strip', { enabled })));
}
