import { AppError } from '@/domain/errors';
import type { SupabaseClientLoader, SupabaseClients } from './supabase-client';
import { type PostgrestFailure, toBackendError, toThrownBackendError } from './supabase-errors';

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

/** What a PostgREST call (a table's or a function's) answers. */
interface PostgrestAnswer {
  readonly data: unknown;
  readonly error: PostgrestFailure | null;
  readonly status: number;
}

/** The answer's data, or its failure as the domain's error (supabase-errors.ts). */
export function dataOf(answer: PostgrestAnswer): unknown {
  if (answer.error) throw toBackendError(answer.error, answer.status);
  return answer.data;
}

/** What every database adapter does before and after its request, written once. */
export interface SupabaseCalls {
  /** The clients, loaded on first use; a failed load (offline) as the domain's error. */
  readonly clients: () => Promise<SupabaseClients>;
  /** The clients, once `uid` is the signed-in student's (requireOwnUid). */
  readonly own: (uid: string) => Promise<SupabaseClients>;
  /** `POST /rpc/<fn>` as whoever is signed in, or no one (anon), within `timeoutMs` if given. */
  readonly rpc: (
    fn: string,
    args?: Record<string, unknown>,
    timeoutMs?: number,
  ) => Promise<unknown>;
  /** `POST /rpc/<fn>` as the student `uid`, checked to be the signed-in one first. */
  readonly ownRpc: (uid: string, fn: string, args?: Record<string, unknown>) => Promise<unknown>;
}

export function supabaseCalls(client: SupabaseClientLoader): SupabaseCalls {
  const clients = () => client().catch((e: unknown) => Promise.reject(toThrownBackendError(e)));
  const own = async (uid: string) => {
    const sb = await clients();
    await requireOwnUid(sb, uid);
    return sb;
  };
  return {
    clients,
    own,
    async rpc(fn, args, timeoutMs) {
      const call = (await clients()).rest.rpc(fn, args);
      return dataOf(
        await (timeoutMs === undefined ? call : call.abortSignal(AbortSignal.timeout(timeoutMs))),
      );
    },
    async ownRpc(uid, fn, args) {
      return dataOf(await (await own(uid)).rest.rpc(fn, args));
    },
  };
}
