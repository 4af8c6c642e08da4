import { describe, expect, it } from 'vitest';
import type { User } from '@/domain/user';
import type { AuthPort } from '@/ports/auth.port';

/** What every AuthPort adapter must do; `harness` arranges the provider's popup outcome. */
export interface AuthHarness {
  readonly auth: AuthPort;
  /** The next popup completes with an account; returns that account's e-mail. */
  arrangeSignIn(): Promise<string>;
  /** The next popup is closed by the student. */
  arrangeClose(): Promise<void>;
}

const nextUser = (auth: AuthPort, skipNull = true) =>
  new Promise<User | null>((resolve) => {
    const off = auth.onAuthStateChanged((u) => {
      if (skipNull && !u) return;
      off();
      resolve(u);
    });
  });

export function describeAuthContract(name: string, setup: () => Promise<AuthHarness>) {
  describe(`AuthPort contract: ${name}`, () => {
    it('reports no user before sign-in', async () => {
      const { auth } = await setup();
      expect(await nextUser(auth, false)).toBeNull();
    });

    it('signs in through the popup and reports the user to subscribers', async () => {
      const h = await setup();
      const email = await h.arrangeSignIn();
      const user = await h.auth.signInWithPopup();
      expect(user.email).toBe(email);
      expect(user.uid).toBeTruthy();
      expect(typeof user.displayName).toBe('string');
      expect((await nextUser(h.auth))?.uid).toBe(user.uid);
    });

    it('rejects with auth/popup-closed-by-user when the popup is closed', async () => {
      const h = await setup();
      await h.arrangeClose();
      await expect(h.auth.signInWithPopup()).rejects.toMatchObject({
        code: 'auth/popup-closed-by-user',
      });
    });

    it('prepares the sign-in without signing anyone in, as often as asked', async () => {
      const h = await setup();
      await expect(Promise.all([h.auth.prepareSignIn(), h.auth.prepareSignIn()])).resolves.toEqual([
        undefined,
        undefined,
      ]);
      expect(await nextUser(h.auth, false)).toBeNull();
      const email = await h.arrangeSignIn();
      expect((await h.auth.signInWithPopup()).email).toBe(email);
    });

    it('signs out and reports null', async () => {
      const h = await setup();
      await h.arrangeSignIn();
      await h.auth.signInWithPopup();
      const seen: (User | null)[] = [];
      const off = h.auth.onAuthStateChanged((u) => seen.push(u));
      await h.auth.signOut();
      await new Promise((r) => setTimeout(r, 20));
      off();
      expect(seen.at(-1)).toBeNull();
    });
  });
}
