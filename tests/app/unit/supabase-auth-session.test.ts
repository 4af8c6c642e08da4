import { describe, expect, it, vi } from 'vitest';
import {
  createSupabaseAuth,
  DELETE_ACCOUNT_FUNCTION,
} from '@/adapters/supabase/supabase-auth.adapter';
import type { SupabaseClients } from '@/adapters/supabase/supabase-client';

/**
 * The Supabase auth adapter's end of a session (issue 23), over a stand-in of supabase-js's two
 * clients: a sign-out the server did not take still ends the session in this browser, and
 * deleting the account calls the database's function, then ends the session here.
 */
function clients({
  logout = { error: null as unknown },
  session = { user: { id: 'u1' } } as unknown,
  rpc = { error: null as unknown, status: 200 },
} = {}) {
  const signOut = vi.fn(async (options?: { scope?: string }) =>
    options?.scope === 'local' ? { error: null } : logout,
  );
  const call = vi.fn(async () => rpc);
  const sb = {
    auth: { signOut, getSession: vi.fn(async () => ({ data: { session } })) },
    rest: { rpc: call },
  } as unknown as SupabaseClients;
  const auth = createSupabaseAuth({ client: async () => sb, callbackUrl: 'http://x/cb' });
  return { auth, signOut, call };
}

describe('Supabase sign-out and account deletion', () => {
  it('a sign-out the server refuses or never gets still ends the session here', async () => {
    const { auth, signOut } = clients({ logout: { error: new Error('503 from the server') } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(auth.signOut()).resolves.toBeUndefined();
    expect(signOut.mock.calls).toEqual([[], [{ scope: 'local' }]]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a sign-out the server takes ends there, once', async () => {
    const { auth, signOut } = clients();
    await auth.signOut();
    expect(signOut.mock.calls).toEqual([[]]);
  });

  it('deleting the account calls delete_my_account, then ends the session here', async () => {
    const { auth, signOut, call } = clients();
    await auth.deleteAccount();
    expect(call).toHaveBeenCalledWith(DELETE_ACCOUNT_FUNCTION);
    expect(signOut.mock.calls).toEqual([[{ scope: 'local' }]]);
  });

  it('a failed deletion keeps the session (a retry can finish), with a backend code', async () => {
    const { auth, signOut } = clients({
      rpc: { error: { code: 'PGRST000', message: 'down' }, status: 503 },
    });
    await expect(auth.deleteAccount()).rejects.toMatchObject({ code: expect.any(String) });
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signed out already: nothing to delete, nothing sent', async () => {
    const { auth, call } = clients({ session: null });
    await auth.deleteAccount();
    expect(call).not.toHaveBeenCalled();
  });
});
