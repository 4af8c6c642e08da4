// `hero:photos` on Supabase: the review table, the queue and the kill switch live in the
// `private` schema, which the API does not expose (supabase/migrations/20261124000000_trust.sql);
// the kill switch empties the strip at once.
import { withDatabase } from '../shared/postgres.mjs';

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

/** Records the decision on the student's queued photo: that photo, or null when none. */
export const decide = (options, usage, uid, approved) =>
  withDatabase(options, usage, async (client) => {
    const { rows } = await client.query(
      `insert into private.hero_photo_review (user_id, photo_url, approved)
       select user_id, photo_url, $2 from private.hero_photo_queue where user_id::text = $1
       on conflict (user_id) do update
         set photo_url = excluded.photo_url, approved = excluded.approved, decided_at = now()
       returning photo_url`,
      [uid, approved],
    );
    return rows[0]?.photo_url ?? null;
  });

/** The kill switch (private.hero_settings). */
export const setStrip = (options, usage, enabled) =>
  withDatabase(options, usage, (client) =>
    client.query('update private.hero_settings set strip_enabled = $1 where id', [enabled]),
  );
