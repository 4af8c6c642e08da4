import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_EMULATOR, PROJECT_ID, clearAuthEmulator, createAccount } from '../support/emulators';

// functions/scripts/hero-consent.mjs against the Auth emulator: the claim it sets is the one the
// callable reads (tests/emulators/hero-images-callable.test.ts), and other claims survive.
const run = (...args: string[]) =>
  promisify(execFile)('node', ['functions/scripts/hero-consent.mjs', ...args], {
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: `${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}`,
    },
  });

async function claimsOf(localId: string): Promise<Record<string, unknown>> {
  const res = await fetch(
    `http://${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId: [localId] }),
    },
  );
  const { users } = (await res.json()) as { users: { customAttributes?: string }[] };
  return JSON.parse(users[0]?.customAttributes ?? '{}') as Record<string, unknown>;
}

describe('hero-consent script (Auth emulator)', () => {
  beforeEach(clearAuthEmulator);

  it('grants by e-mail and revokes by uid, keeping the account’s other claims', async () => {
    const uid = await createAccount({
      email: 'maria.lopez@alumnos.uanl.mx',
      displayName: 'María López',
      photoUrl: 'https://example.com/maria.png',
      claims: { role: 'student' },
    });
    const granted = await run('grant', 'maria.lopez@alumnos.uanl.mx', '--project', PROJECT_ID);
    expect(granted.stdout).toContain('maria.lopez@alumnos.uanl.mx: shown in the hero strip');
    expect(await claimsOf(uid)).toEqual({ role: 'student', heroConsent: true });

    await run('revoke', uid, '--project', PROJECT_ID);
    expect(await claimsOf(uid)).toEqual({ role: 'student' });
    expect((await run('show', uid, '--project', PROJECT_ID)).stdout).toContain('not shown');
  });

  it('says so, with exit code 1, when the account does not exist; 2 on bad usage', async () => {
    await expect(run('grant', 'nadie@example.com', '--project', PROJECT_ID)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Could not grant consent for nadie@example.com'),
    });
    await expect(run('allow', 'x')).rejects.toMatchObject({ code: 2 });
  });
});
