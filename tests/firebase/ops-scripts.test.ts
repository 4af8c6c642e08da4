import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  accountExists,
  AUTH_EMULATOR,
  clearAuthEmulator,
  createAccount,
  createGoogleAccount,
  PROJECT_ID,
} from '../support/emulators';
import {
  db,
  describeFirestore,
  type Fields,
  firestoreAvailable,
  firestoreHost,
  type FirestoreProxy,
  startFirestoreProxy,
} from '../support/firestore';
import { COLLECTIONS } from '@/adapters/firebase/firestore-names';

/** An opening date the settings' check accepts whenever the suite runs: next year's 15 January. */
const OPENS_ON = `${new Date().getUTCFullYear() + 1}-01-15`;

// The operator scripts (scripts/ops/) as an operator runs them, in a child process with
// firebase-admin from functions/node_modules: Auth in the real Auth emulator, Firestore in the real
// Firestore emulator (where the trigger on_waitlist_written also runs on the entries seeded here).

const emulatorEnv = () => ({
  ...process.env,
  GCLOUD_PROJECT: PROJECT_ID,
  FIREBASE_AUTH_EMULATOR_HOST: `${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}`,
  FIRESTORE_EMULATOR_HOST: `${firestoreHost().host}:${firestoreHost().port}`,
});
// Each test runs several commands, each a Node process that loads the project's code: more than
// the default 20 s on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const run = (script: string, args: string[], env: NodeJS.ProcessEnv = emulatorEnv()) =>
  promisify(execFile)('node', [`scripts/ops/${script}.mjs`, ...args], { env, timeout: 60_000 });

/** Records the Admin SDK's requests of one script run (the export's test). */
let proxy: FirestoreProxy | undefined;
beforeAll(async () => {
  if (firestoreAvailable) proxy = await startFirestoreProxy();
});
afterAll(() => proxy?.close());

const ts = (iso: string) => ({ timestampValue: iso });
const seedEntry = (uid: string, email: string, collegeId: string, joined: string) =>
  db.put(`${COLLECTIONS.waitlist}/${uid}`, {
    email: { stringValue: email },
    collegeId: { stringValue: collegeId },
    timestamp: ts(joined),
  });
const seedConsent = (uid: string, granted: string) =>
  db.put(`${COLLECTIONS.heroConsent}/${uid}`, { grantedAt: ts(granted) });
const has = (p: string) => db.has(p);

const INJECTION = '=HYPERLINK("http://x.mx","y")@evil.mx';

describeFirestore('export-waitlist.mjs', () => {
  beforeEach(async () => {
    await db.clear();
    await seedEntry('u2', 'luis.perez@alumnos.udg.mx', 'udg-cucei', '2026-03-02T10:00:00.000Z');
    await seedEntry('u1', 'ana.ruiz@alumnos.udg.mx', 'udg-cucei', '2026-03-01T09:30:00.000Z');
    await seedEntry('u3', INJECTION, 'itesm-gdl', '2026-03-03T12:00:00.000Z');
  });

  it('writes the CSV (email,campus,fecha; oldest first; quoted; formulas neutralised) and the counts per campus', async () => {
    proxy!.reset();
    const { stdout, stderr } = await run('export-waitlist', ['--stdout'], {
      ...emulatorEnv(),
      FIRESTORE_EMULATOR_HOST: `${proxy!.host}:${proxy!.port}`,
    });
    expect(stdout).toBe(
      [
        'email,campus,fecha',
        'ana.ruiz@alumnos.udg.mx,udg-cucei,2026-03-01T09:30:00.000Z',
        'luis.perez@alumnos.udg.mx,udg-cucei,2026-03-02T10:00:00.000Z',
        `"'=HYPERLINK(""http://x.mx"",""y"")@evil.mx",itesm-gdl,2026-03-03T12:00:00.000Z`,
        '',
      ].join('\r\n'),
    );
    expect(stderr).toContain('3 entries.');
    expect(stderr).toMatch(/^ +2 {2}udg-cucei$/m);
    expect(stderr).toMatch(/^ +1 {2}itesm-gdl$/m);
    expect(stderr.indexOf('udg-cucei')).toBeLessThan(stderr.indexOf('itesm-gdl'));
    // The Admin SDK's own calls, with the emulator's owner credential.
    expect(proxy!.requests.at(-1)).toMatchObject({
      path: expect.stringMatching(/documents:runQuery$/),
      authorization: 'Bearer owner',
    });
  });

  it('--out writes a private file and nothing on stdout; --uid exports one student’s row', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-'));
    const out = path.join(dir, 'lista.csv');
    try {
      // An older file anyone could read: replaced by a private one.
      fs.writeFileSync(out, 'vieja', { mode: 0o644 });
      fs.chmodSync(out, 0o644);
      const { stdout, stderr } = await run('export-waitlist', ['--out', out]);
      expect(stdout).toBe('');
      expect(stderr).toContain(`3 entries written to ${out}.`);
      expect(fs.readFileSync(out, 'utf8').split('\r\n')).toHaveLength(5);
      expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const one = await run('export-waitlist', ['--uid', 'u2']);
    expect(one.stdout).toBe(
      'email,campus,fecha\r\nluis.perez@alumnos.udg.mx,udg-cucei,2026-03-02T10:00:00.000Z\r\n',
    );
    const byEmail = await run('export-waitlist', ['--email', 'ana.ruiz@alumnos.udg.mx']);
    expect(byEmail.stdout).toContain('ana.ruiz@alumnos.udg.mx,udg-cucei,');
    expect(byEmail.stdout.trim().split('\r\n')).toHaveLength(2);
  });

  it('the whole list goes to the terminal only when asked', async () => {
    await expect(run('export-waitlist', [])).rejects.toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringContaining('--stdout'),
    });
  });

  it('an empty list is the header alone and a count of 0', async () => {
    await db.clear();
    const { stdout, stderr } = await run('export-waitlist', ['--stdout']);
    expect(stdout).toBe('email,campus,fecha\r\n');
    expect(stderr).toContain('0 entries.');
  });
});

describeFirestore('delete-student.mjs', () => {
  let uid = '';
  beforeEach(async () => {
    await db.clear();
    await clearAuthEmulator();
    uid = await createAccount({ email: 'sofia.diaz@alumnos.udg.mx', displayName: 'Sofía Díaz' });
    await seedEntry(uid, 'sofia.diaz@alumnos.udg.mx', 'udg-cucea', '2026-03-05T08:00:00.000Z');
    await seedConsent(uid, '2026-03-05T08:01:00.000Z');
    await seedEntry('other', 'otro@alumnos.udg.mx', 'udg-cucei', '2026-03-06T08:00:00.000Z');
    await seedConsent('other', '2026-03-06T08:01:00.000Z');
  });

  it('refuses without --yes and removes nothing; --dry-run shows what would go', async () => {
    await expect(run('delete-student', ['--uid', uid])).rejects.toMatchObject({
      code: 2,
      stdout: expect.stringContaining(`waitlist/${uid} (sofia.diaz@alumnos.udg.mx, udg-cucea,`),
      stderr: expect.stringContaining('Nothing removed: run again with --yes'),
    });
    const dry = await run('delete-student', [
      '--email',
      'sofia.diaz@alumnos.udg.mx',
      '--dry-run',
      '--delete-account',
    ]);
    expect(dry.stdout).toContain('Would remove:');
    expect(dry.stdout).toContain(`${COLLECTIONS.heroConsent}/${uid}`);
    expect(dry.stdout).toContain(`Auth account ${uid} (sofia.diaz@alumnos.udg.mx)`);
    expect(
      (await has(`${COLLECTIONS.waitlist}/${uid}`)) &&
        (await has(`${COLLECTIONS.heroConsent}/${uid}`)),
    ).toBe(true);
    expect(await accountExists(uid)).toBe(true);
  });

  it('--yes removes the entry and the consent, keeps the account, touches no one else; again, nothing', async () => {
    const { stdout } = await run('delete-student', ['--uid', uid, '--yes']);
    expect(stdout).toContain('Removed:');
    expect(stdout).toContain(`${COLLECTIONS.waitlist}/${uid}`);
    expect(stdout).toContain(`${COLLECTIONS.heroConsent}/${uid}`);
    expect(stdout).toContain('The Auth account is kept');
    expect(await has(`${COLLECTIONS.waitlist}/${uid}`)).toBe(false);
    expect(await has(`${COLLECTIONS.heroConsent}/${uid}`)).toBe(false);
    expect(
      (await has(`${COLLECTIONS.waitlist}/other`)) &&
        (await has(`${COLLECTIONS.heroConsent}/other`)),
    ).toBe(true);
    expect(await accountExists(uid)).toBe(true);
    // Written to the operators' log as the console's deletion is (issue 61).
    const log = (await db.list(COLLECTIONS.operatorLog)).filter(
      (d) => d.fields.target?.stringValue === uid,
    );
    expect(log.map((d) => [d.fields.actor?.stringValue, d.fields.action?.stringValue])).toEqual([
      [`terminal:${os.userInfo().username}`, 'student-delete'],
    ]);

    const again = await run('delete-student', ['--uid', uid, '--yes']);
    expect(again.stdout).toContain(`Nothing to remove for ${uid}`);
    expect(Object.keys(await db.snapshot('waitlist', 'heroConsent'))).toHaveLength(2);
  });

  it('--email with --delete-account removes the Auth account too; again, nothing', async () => {
    const { stdout } = await run('delete-student', [
      '--email',
      'sofia.diaz@alumnos.udg.mx',
      '--delete-account',
      '--yes',
    ]);
    expect(stdout).toContain(`Auth account ${uid} (sofia.diaz@alumnos.udg.mx)`);
    expect(await accountExists(uid)).toBe(false);
    expect(
      (await has(`${COLLECTIONS.waitlist}/${uid}`)) ||
        (await has(`${COLLECTIONS.heroConsent}/${uid}`)),
    ).toBe(false);
    const again = await run('delete-student', [
      '--email',
      'sofia.diaz@alumnos.udg.mx',
      '--delete-account',
      '--yes',
    ]);
    expect(again.stdout).toContain('Nothing to remove for sofia.diaz@alumnos.udg.mx');
  });

  it('by e-mail, also removes an entry under an older account of the same address', async () => {
    await seedEntry('older', 'sofia.diaz@alumnos.udg.mx', 'udg-cucei', '2026-01-01T08:00:00.000Z');
    await seedConsent('older', '2026-01-01T08:01:00.000Z');
    const { stdout } = await run('delete-student', [
      '--email',
      'sofia.diaz@alumnos.udg.mx',
      '--yes',
    ]);
    expect(stdout).toContain('waitlist/older (sofia.diaz@alumnos.udg.mx, udg-cucei,');
    for (const id of [uid, 'older']) {
      expect(
        (await has(`${COLLECTIONS.waitlist}/${id}`)) ||
          (await has(`${COLLECTIONS.heroConsent}/${id}`)),
      ).toBe(false);
    }
    expect(await has(`${COLLECTIONS.waitlist}/other`)).toBe(true);
  });

  it('finds an entry by e-mail when the account is already gone', async () => {
    const { stdout } = await run('delete-student', ['--email', 'otro@alumnos.udg.mx', '--yes']);
    expect(stdout).toContain('waitlist/other (otro@alumnos.udg.mx, udg-cucei,');
    expect(
      (await has(`${COLLECTIONS.waitlist}/other`)) ||
        (await has(`${COLLECTIONS.heroConsent}/other`)),
    ).toBe(false);
  });

  it('usage errors: both or neither of --uid and --email', async () => {
    await expect(run('delete-student', ['--yes'])).rejects.toMatchObject({ code: 2 });
    await expect(run('delete-student', ['--uid', 'a', '--email', 'b@c.mx'])).rejects.toMatchObject({
      code: 2,
    });
  });
});

describe('the project guard of both scripts', () => {
  it('refuses a demo-* project without the emulator hosts, and a real one with them', async () => {
    const noFirestore = { ...emulatorEnv(), FIRESTORE_EMULATOR_HOST: '' };
    await expect(run('export-waitlist', ['--stdout'], noFirestore)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`${PROJECT_ID} is an emulator project`),
    });
    await expect(
      run('delete-student', ['--uid', 'x', '--yes', '--project', 'estudiantes-prod']),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('the emulators would be changed, not estudiantes-prod'),
    });
    const noProject = { ...emulatorEnv(), GCLOUD_PROJECT: '' };
    await expect(run('export-waitlist', ['--stdout'], noProject)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Name the project'),
    });
  });
});

describeFirestore('hero-photos.mjs: the operator reviews each photo, and has a kill switch', () => {
  beforeEach(async () => {
    await db.clear();
    await clearAuthEmulator();
  });
  const field = async (p: string, name: string) => (await db.fields(p))?.[name];

  it('lists pending Google photos, approves or rejects the exact photo, and switches the strip', async () => {
    const photo = 'https://lh3.googleusercontent.com/a/revisar';
    const uid = await createGoogleAccount({
      email: 'revisar@alumnos.udg.mx',
      displayName: 'Revisar',
      picture: photo,
    });
    // A password account with its own photo: never queued, whatever it wrote.
    const other = await createAccount({
      email: 'clave@alumnos.udg.mx',
      displayName: 'Clave',
      photoUrl: 'https://lh3.googleusercontent.com/a/clave',
    });
    for (const id of [uid, other]) {
      await seedEntry(id, `${id}@alumnos.udg.mx`, 'udg-cucei', '2026-03-01T12:00:00.000Z');
      await seedConsent(id, '2026-03-02T12:00:00.000Z');
    }
    const out = (await run('hero-photos', ['list'])).stdout;
    expect(out).toContain('Hero strip: on');
    expect(out).toContain(`pending\t${uid}`);
    expect(out).toContain(photo);
    expect(out).not.toContain(other);
    expect(out).toContain('1 photos, 1 pending.');

    await run('hero-photos', ['approve', '--uid', uid]);
    expect(await field(`${COLLECTIONS.heroApproval}/${uid}`, 'photoURL')).toEqual({
      stringValue: photo,
    });
    expect(await field(`${COLLECTIONS.heroApproval}/${uid}`, 'approved')).toEqual({
      booleanValue: true,
    });
    expect((await run('hero-photos', ['list'])).stdout).toContain(`approved\t${uid}`);
    await run('hero-photos', ['reject', '--uid', uid]);
    expect(await field(`${COLLECTIONS.heroApproval}/${uid}`, 'approved')).toEqual({
      booleanValue: false,
    });
    await expect(run('hero-photos', ['approve', '--uid', other])).rejects.toMatchObject({
      code: 1,
    });

    await run('hero-photos', ['off']);
    expect(await field(`${COLLECTIONS.heroSettings}/strip`, 'enabled')).toEqual({
      booleanValue: false,
    });
    expect((await run('hero-photos', ['list'])).stdout).toContain('Hero strip: OFF');
    await run('hero-photos', ['on']);
    expect(await field(`${COLLECTIONS.heroSettings}/strip`, 'enabled')).toEqual({
      booleanValue: true,
    });
    await expect(run('hero-photos', ['approve'])).rejects.toMatchObject({ code: 2 });
    // Nine runs of the command, each loading the functions' own review queue (issue 61).
  }, 90_000);
});

describeFirestore(
  'sweep-accounts.mjs: accounts that never joined are deleted after the period',
  () => {
    beforeEach(async () => {
      await db.clear();
      await clearAuthEmulator();
    });

    /** Imports an account as created (and last signed in) `daysAgo` days ago. */
    async function oldAccount(localId: string, daysAgo: number, claims?: Record<string, unknown>) {
      const at = String(Date.now() - daysAgo * 86_400_000);
      const res = await fetch(
        `http://${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:batchCreate`,
        {
          method: 'POST',
          headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
          body: JSON.stringify({
            users: [
              {
                localId,
                email: `${localId}@alumnos.udg.mx`,
                createdAt: at,
                lastLoginAt: at,
                ...(claims ? { customAttributes: JSON.stringify(claims) } : {}),
              },
            ],
          }),
        },
      );
      if (!res.ok) throw new Error(`batchCreate: ${res.status} ${await res.text()}`);
    }

    it('a dry run lists them; --yes deletes only accounts without an entry idle for the period', async () => {
      await oldAccount('idle', 45);
      await oldAccount('joined', 45);
      await seedEntry('joined', 'joined@alumnos.udg.mx', 'udg-cucei', '2026-01-01T12:00:00.000Z');
      await oldAccount('recent', 3);
      // An operator (issue 61) never joins: kept while they hold the role.
      await oldAccount('operadora', 45, { operator: true });

      const dry = (await run('sweep-accounts', ['--days', '30'])).stdout;
      expect(dry).toContain('idle\t');
      expect(dry).not.toContain('operadora\t');
      expect(dry).not.toContain('joined\t');
      expect(dry).not.toContain('recent\t');
      expect(dry).toContain('Would delete 1 accounts');
      expect(await accountExists('idle')).toBe(true);

      expect((await run('sweep-accounts', ['--days', '30', '--yes'])).stdout).toContain(
        'Deleted 1 accounts',
      );
      expect(await accountExists('idle')).toBe(false);
      expect(await accountExists('joined')).toBe(true);
      expect(await accountExists('recent')).toBe(true);
      expect(await accountExists('operadora')).toBe(true);
      await expect(run('sweep-accounts', ['--days', 'x'])).rejects.toMatchObject({ code: 2 });
    });

    it('retention.mjs (issue 51): idle accounts, and a campus launched 90 days ago; a dry run and a rerun delete nothing', async () => {
      await oldAccount('idle', 31);
      await oldAccount('fresh', 29);
      // An operator (issue 61) never joins: the account is kept while it holds the role.
      await oldAccount('operadora', 45, { operator: true });
      await oldAccount('ana', 120);
      await seedEntry('ana', 'ana@alumnos.udg.mx', 'udg-cucei', '2026-01-01T12:00:00.000Z');
      await oldAccount('sofia', 100);
      await seedEntry('sofia', 'sofia@alumnos.udg.mx', 'udg-cucea', '2026-01-01T12:00:00.000Z');
      const run90 = (campus: string, daysAgo: number) =>
        db.put(`${COLLECTIONS.launchRuns}/${campus}-${daysAgo}`, {
          collegeId: { stringValue: campus },
          students: { integerValue: '1' },
          queued: { integerValue: '1' },
          ranAt: { timestampValue: new Date(Date.now() - daysAgo * 86_400_000).toISOString() },
        });
      await run90('udg-cucei', 91);
      await run90('udg-cucea', 80);

      const dry = (await run('retention', [])).stdout;
      expect(dry).toContain('idle\tidle');
      expect(dry).toContain('launched\tana');
      expect(dry).not.toContain('sofia');
      expect(dry).not.toContain('fresh');
      expect(dry).toContain('Would delete 1 idle accounts without an entry and 1 students');
      expect(await accountExists('idle')).toBe(true);

      expect((await run('retention', ['--yes'])).stdout).toContain(
        'Deleted 1 idle accounts without an entry and 1 students of campuses launched 90 days ago (udg-cucei).',
      );
      expect(await accountExists('idle')).toBe(false);
      expect(await accountExists('ana')).toBe(false);
      for (const kept of ['fresh', 'sofia', 'operadora']) {
        expect(await accountExists(kept), kept).toBe(true);
      }
      expect((await run('retention', ['--yes'])).stdout).toContain(
        'Deleted 0 idle accounts without an entry and 0 students',
      );
    });

    it("retention.mjs prunes the codes' records: expired codes and sends, an identity's old times (never its total), and code messages' addresses (issue 59)", async () => {
      const ago = (ms: number) => ({ timestampValue: new Date(Date.now() - ms).toISOString() });
      const int = (n: number) => ({ integerValue: String(n) });
      const text = (t: string) => ({ stringValue: t });
      await db.put(`${COLLECTIONS.verificationCodes}/viejo`, { expireAt: ago(60_000) });
      await db.put(`${COLLECTIONS.verificationCodes}/vivo`, { expireAt: ago(-600_000) });
      await db.put(`${COLLECTIONS.verificationSends}/address:viejo`, { expireAt: ago(1) });
      await db.put(`${COLLECTIONS.verificationSends}/domain:tec.mx`, { expireAt: ago(-60_000) });
      await db.put(`${COLLECTIONS.codeBudget}/2026-01-01`, { count: int(9), expireAt: ago(1) });
      const times = { arrayValue: { values: [int(Date.now() - 2 * 86_400_000)] } };
      await db.put(`${COLLECTIONS.codeIdentities}/quieto`, {
        at: times,
        total: int(7),
        lastAt: int(Date.now() - 2 * 86_400_000),
      });
      await db.put(`${COLLECTIONS.codeIdentities}/activo`, {
        at: { arrayValue: { values: [int(Date.now())] } },
        total: int(2),
        lastAt: int(Date.now()),
      });
      const message = (status: string, expiresAt: number) => ({
        kind: text('code'),
        to: text('tecleado@alumnos.udg.mx'),
        recipient: text('clave'),
        nonce: text('bm9uY2U'),
        expiresAt: int(expiresAt),
        status: text(status),
        ...(status === 'pending' ? { pendingDue: int(expiresAt) } : {}),
      });
      await db.put(`${COLLECTIONS.mailOutbox}/code:a:vencido`, message('pending', Date.now() - 1));
      await db.put(`${COLLECTIONS.mailOutbox}/code:b:enviado`, message('sent', Date.now() - 1));
      await db.put(
        `${COLLECTIONS.mailOutbox}/code:c:vivo`,
        message('pending', Date.now() + 600_000),
      );

      const expected = '1 codes, 1 sends, 1 identities, 1 budgetDays, 2 codeMessages';
      const before = await db.snapshot(COLLECTIONS.mailOutbox, COLLECTIONS.codeIdentities);
      expect((await run('retention', [])).stdout).toContain(
        `Would prune the codes' records: ${expected}.`,
      );
      expect(await db.snapshot(COLLECTIONS.mailOutbox, COLLECTIONS.codeIdentities)).toEqual(before);
      expect((await run('retention', ['--yes'])).stdout).toContain(
        `Pruned the codes' records: ${expected}.`,
      );

      expect(await db.ids(COLLECTIONS.verificationCodes)).toEqual(['vivo']);
      expect(await db.ids(COLLECTIONS.verificationSends)).toEqual(['domain:tec.mx']);
      expect(await db.ids(COLLECTIONS.codeBudget)).toEqual([]);
      const quiet = (await db.fields(`${COLLECTIONS.codeIdentities}/quieto`))!;
      expect(quiet).toEqual({ at: { arrayValue: {} }, total: int(7) });
      expect((await db.fields(`${COLLECTIONS.codeIdentities}/activo`))!.total).toEqual(int(2));
      const expired = (await db.fields(`${COLLECTIONS.mailOutbox}/code:a:vencido`))!;
      expect(expired).toMatchObject({ status: text('failed'), recipient: text('clave') });
      const sent = (await db.fields(`${COLLECTIONS.mailOutbox}/code:b:enviado`))!;
      for (const fields of [expired, sent]) {
        expect(fields.to).toBeUndefined();
        expect(fields.nonce).toBeUndefined();
        expect(fields.pendingDue).toBeUndefined();
      }
      expect((await db.fields(`${COLLECTIONS.mailOutbox}/code:c:vivo`))!.to).toEqual(
        text('tecleado@alumnos.udg.mx'),
      );
      expect((await run('retention', ['--yes'])).stdout).toContain(
        "Pruned the codes' records: 0 codes, 0 sends, 0 identities, 0 budgetDays, 0 codeMessages.",
      );
    });
  },
);

describeFirestore(
  'campus.mjs: the console’s settings of a campus, from a terminal (issues 28 and 61)',
  () => {
    beforeEach(() => db.clear());

    const settings = async () =>
      (await db.fields(`${COLLECTIONS.campusSettings}/udg-cucea`)) ?? undefined;
    /** The operators' log entries about udg-cucea: [actor, action, outcome]. */
    const logged = async () =>
      (await db.list(COLLECTIONS.operatorLog))
        .filter((d) => d.fields.target?.stringValue === 'udg-cucea')
        .map((d) => [
          d.fields.actor?.stringValue,
          d.fields.action?.stringValue,
          d.fields.outcome?.stringValue,
        ]);
    const me = `terminal:${os.userInfo().username}`;

    it('shows the console’s row (defaults, counts kept on write, readiness), sets what is given, keeps the rest, and logs each change', async () => {
      // The counters the triggers keep (the console's view reads them, never the students).
      await db.put(`${COLLECTIONS.campusCounters}/udg-cucea`, {
        joined: { integerValue: '15' },
        verified: { integerValue: '12' },
        sellersVerified: { integerValue: '3' },
      });
      const shown = (await run('campus', ['show', '--campus', 'udg-cucea'])).stdout;
      expect(shown).toContain('threshold\t100\n');
      expect(shown).toContain('seller minimum\t10\n');
      expect(shown).toContain('state\tgathering\n');
      expect(shown).toContain('opens\tnot set\n');
      expect(shown).toContain('joined\t15\n');
      expect(shown).toContain('verified\t12\n');
      expect(shown).toContain('verified sellers\t3\n');
      expect(shown).toContain('ready\tno (88 verified students and 7 verified sellers missing)');
      expect(shown).toContain('launch\tnone');
      // A catalogue campus nobody joined yet: the defaults.
      expect((await run('campus', ['show', '--campus', 'udg-cucs'])).stdout).toContain(
        'joined\t0\n',
      );

      await run('campus', [
        'set',
        '--campus',
        'udg-cucea',
        '--threshold',
        '12',
        '--seller-minimum',
        '3',
        '--opens',
        OPENS_ON,
      ]);
      const opening = (await run('campus', ['set', '--campus', 'udg-cucea', '--state', 'opening']))
        .stdout;
      expect(opening).toContain('ready\tyes');
      expect(await settings()).toMatchObject({
        threshold: { integerValue: '12' },
        sellerMinimum: { integerValue: '3' },
        state: { stringValue: 'opening' },
        opensOn: { stringValue: OPENS_ON },
      });
      await run('campus', ['set', '--campus', 'udg-cucea', '--opens', 'none']);
      expect((await settings())?.opensOn).toEqual({ nullValue: null });
      expect(await logged()).toEqual([
        [me, 'settings', 'done'],
        [me, 'settings', 'done'],
        [me, 'settings', 'done'],
      ]);
    });

    it('refuses what the console refuses (a threshold under 10, a past day...), writes and logs nothing', async () => {
      for (const args of [
        ['--threshold', '0'],
        ['--threshold', '9'],
        ['--threshold', '100001'],
        ['--threshold', '2.5'],
        ['--seller-minimum', '10001'],
        ['--state', 'closed'],
        ['--opens', '2027-02-30'],
        ['--opens', '2020-01-01'],
        [],
      ]) {
        await expect(
          run('campus', ['set', '--campus', 'udg-cucea', ...args]),
          args.join(' '),
        ).rejects.toMatchObject({ code: 2 });
      }
      await expect(
        run('campus', ['set', '--campus', 'UDG CUCEA', '--threshold', '50']),
      ).rejects.toMatchObject({ code: 2 });
      await expect(run('campus', ['show', '--campus', 'no-existe'])).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('not a campus'),
      });
      expect(await settings()).toBeUndefined();
      expect(await logged()).toEqual([]);
    });
  },
);

describeFirestore('report.mjs: the campus launch report as CSV (issue 28)', () => {
  beforeEach(() => db.clear());
  const put = (p: string, fields: Fields) => db.put(p, fields);

  it('writes the campuses, days and requests from the records', async () => {
    await seedEntry('a', 'a@alumnos.udg.mx', 'udg-cucei', '2026-11-20T10:00:00.000Z');
    await seedEntry('b', 'b@gmail.com', 'udg-cucei', '2026-11-21T10:00:00.000Z');
    await put(`${COLLECTIONS.campusMembers}/a`, {
      collegeId: { stringValue: 'udg-cucei' },
      verified: { booleanValue: true },
    });
    await put(`${COLLECTIONS.campusMembers}/b`, {
      collegeId: { stringValue: 'udg-cucei' },
      verified: { booleanValue: false },
    });
    await put(`${COLLECTIONS.invites}/b`, { inviter: { stringValue: 'a' } });
    await put(`${COLLECTIONS.campusSettings}/udg-cucei`, {
      threshold: { integerValue: '150' },
      state: { stringValue: 'opening' },
      opensOn: { stringValue: '2027-01-15' },
    });
    await put(`${COLLECTIONS.campusRequests}/a__x`, {
      uid: { stringValue: 'a' },
      key: { stringValue: 'universidad de sotavento|coatzacoalcos' },
      name: { stringValue: 'Universidad de Sotavento' },
      city: { stringValue: 'Coatzacoalcos' },
      at: ts('2026-11-22T00:00:00.000Z'),
    });
    expect((await run('report', ['campuses'])).stdout).toBe(
      'campus,joined,verified,invited,invited_share,threshold,state,opens_on,plus_tagged,plus_share\n' +
        'udg-cucei,2,1,1,0.500,150,opening,2027-01-15,0,0.000\n',
    );
    expect((await run('report', ['days'])).stdout).toBe(
      'campus,day,joined,verified\nudg-cucei,2026-11-20,1,1\nudg-cucei,2026-11-21,1,0\n',
    );
    expect((await run('report', ['requests'])).stdout).toBe(
      'name,city,requests,first_requested,pending_id\n' +
        // The pending campus's id (issue 49): what `campus:add -- --request` takes.
        `Universidad de Sotavento,Coatzacoalcos,1,2026-11-22T00:00:00.000Z,pendiente-128d0bc45b2b79f03b54af66\n`,
    );
    // The failure reports' counts (issue 51), as report_failure leaves them.
    await put(`${COLLECTIONS.failureCounts}/2026-11-28_join_unavailable`, {
      day: { stringValue: '2026-11-28' },
      kind: { stringValue: 'join' },
      code: { stringValue: 'unavailable' },
      count: { integerValue: '4' },
    });
    expect((await run('report', ['failures'])).stdout).toBe(
      'day,kind,code,count\n2026-11-28,join,unavailable,4\n',
    );
    await expect(run('report', ['everything'])).rejects.toMatchObject({ code: 2 });
  });

  it('prints the one launch report (issue 49): a table, and CSV with --csv', async () => {
    // Uids of their own: the last test's cleared entries still fire their triggers, which delete
    // their students' seller choices and sources.
    await seedEntry('ra', 'ra@alumnos.udg.mx', 'udg-cucei', '2026-11-20T10:00:00.000Z');
    await seedEntry('rb', 'rb@gmail.com', 'udg-cucei', '2026-11-21T10:00:00.000Z');
    await put(`${COLLECTIONS.campusMembers}/ra`, {
      collegeId: { stringValue: 'udg-cucei' },
      verified: { booleanValue: true },
    });
    // One verified student and one verified seller make it ready (issue 61: sellers count too).
    await put(`${COLLECTIONS.campusSettings}/udg-cucei`, {
      threshold: { integerValue: '1' },
      sellerMinimum: { integerValue: '1' },
    });
    await put(`${COLLECTIONS.invites}/ra`, { inviter: { stringValue: 'rb' } });
    await put(`${COLLECTIONS.sellerChoices}/ra`, {
      categories: { arrayValue: { values: [{ stringValue: 'postres' }] } },
    });
    await put(`${COLLECTIONS.joinSources}/ra`, {
      source: { stringValue: 'whatsapp' },
      medium: { nullValue: null },
    });
    await put(`${COLLECTIONS.campusMilestones}/udg-cucei`, {
      reached: { arrayValue: { values: [{ integerValue: '25' }, { integerValue: '50' }] } },
    });
    await put(`${COLLECTIONS.campusRequests}/ra__x`, {
      uid: { stringValue: 'ra' },
      key: { stringValue: 'universidad de sotavento|coatzacoalcos' },
      name: { stringValue: 'Universidad de Sotavento' },
      city: { stringValue: 'Coatzacoalcos' },
    });
    const csv = (await run('report', ['--csv'])).stdout.trim().split('\n');
    const head = csv[0]!.split(',');
    const row = csv.find((line) => line.startsWith('udg-cucei,'))!.split(',');
    const cell = (name: string) => row[head.indexOf(name)];
    expect([cell('joined'), cell('verified'), cell('invited'), cell('invited_share')]).toEqual([
      '2',
      '1',
      '1',
      '0.500',
    ]);
    expect([cell('threshold'), cell('seller_minimum'), cell('ready'), cell('state')]).toEqual([
      '1',
      '1',
      'yes',
      'gathering',
    ]);
    expect([cell('sellers'), cell('sellers_postres'), cell('sources'), cell('milestones')]).toEqual(
      ['1', '1', 'whatsapp/-/-:1', '25 50'],
    );
    // Beside the totals, the verified students among them (issue 59): ra is verified.
    expect([cell('sellers_verified'), cell('sources_verified'), cell('requests_verified')]).toEqual(
      ['1', 'whatsapp/-/-:1', '0'],
    );
    // The requested campus, pending, with its asker (verified at their own campus).
    const asked = csv.find((line) => line.startsWith('pendiente-128d0bc45b2b79f03b54af66,'))!;
    expect(asked).toContain(',pendiente,');
    expect(asked.split(',')[head.indexOf('requests_verified')]).toBe('1');
    const table = (await run('report', [])).stdout;
    expect(table).toContain('udg-cucei\n  joined     2\n  verified   1 of 1\n');
    expect(table).toContain('gathering, READY TO OPEN');
    expect(table).toContain('  sellers    1 (1 verified): postres 1; 1 verified needed\n');
    await expect(run('report', ['--json'])).rejects.toMatchObject({ code: 2 });
  });

  it('campus:add refuses without the search keys or with a malformed request (2), and an unknown request (1)', async () => {
    const base = emulatorEnv();
    // With every field the console asks (issues 59 and 61: required), so what is refused is what
    // each case names.
    const names = [
      '--name',
      'Universidad Nueva',
      '--short',
      'UN - Centro',
      '--city',
      'Colima',
      '--state',
      'Colima',
      '--domains',
      'nueva.edu.mx',
    ];
    await expect(
      run(
        'campus-add',
        ['--request', `pendiente-${'a'.repeat(24)}`, '--id', 'nueva', ...names],
        base,
      ),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('ALGOLIA_ADMIN_KEY') });
    const keyed = { ...base, ALGOLIA_APP_ID: 'APP', ALGOLIA_ADMIN_KEY: 'admin' };
    await expect(
      run('campus-add', ['--request', 'udg-cucei', '--id', 'nueva', ...names], keyed),
    ).rejects.toMatchObject({ code: 2 });
    await expect(
      run(
        'campus-add',
        ['--request', `pendiente-${'a'.repeat(24)}`, '--id', 'nueva', ...names],
        keyed,
      ),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('no pending campus') });
    expect(await db.ids('campuses')).toEqual([]);
  });
});
