import { freshDatabase } from '../../../stand-ins/supabase-db';
import { STAND_IN_PORT, startSupabaseStandIn } from '../../../stand-ins/supabase-stand-in';

/** The stand-in on its fixed port (the build's .env.supabase) over a fresh migrated database. */
export default async function globalSetup() {
  const db = await freshDatabase('e2e');
  const standIn = await startSupabaseStandIn({
    databaseUrl: db.url,
    port: STAND_IN_PORT,
    allowRedirect: (u) => u.origin === 'http://127.0.0.1:4373',
  });
  process.env.SUPABASE_E2E_DB_URL = db.url;
  return async () => {
    await standIn.close();
    await db.drop();
  };
}
