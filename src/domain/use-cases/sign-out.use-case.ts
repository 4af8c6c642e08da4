import type { AuthPort } from '@/ports/auth.port';
import type { LocalRecord } from '@/ports/local-record.port';
import { backendCall } from '@/domain/deadline';

/**
 * Signs the student out, and this browser forgets what it kept of them (their e-mail, entry and
 * chosen campus), so that a shared computer shows nothing of the previous student. The local copy
 * goes even when the provider's sign-out fails.
 */
export const createSignOut =
  ({ auth, local, timeoutMs }: { auth: AuthPort; local: LocalRecord; timeoutMs?: number }) =>
  async (): Promise<void> => {
    try {
      await backendCall(auth.signOut(), timeoutMs);
    } finally {
      local.clear();
    }
  };
