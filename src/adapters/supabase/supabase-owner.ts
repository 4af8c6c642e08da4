import { AppError } from '@/domain/errors';
import type { SupabaseClients } from './supabase-client';

/**
 * Checks that `uid` is the signed-in student's own, before any request. Row-level security only
 * ever shows a student their own rows, so another student's row looks like no row at all: the
 * adapter, which knows the session, tells the two apart and refuses another student's uid with
 * `permission-denied` (as the Firestore rules do). No session at all is `unauthenticated`.
 */
export async function requireOwnUid(sb: SupabaseClients, uid: string): Promise<void> {
  const { data } = await sb.auth.getSession();
  const own = data.session?.user.id;
  if (!own) throw new AppError('unauthenticated', 'Not signed in');
  if (own !== uid) {
    throw new AppError('permission-denied', "Another student's data is not the signed-in one's");
  }
}
