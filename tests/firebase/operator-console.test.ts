import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  connectAuthEmulator,
  getAuth,
  GoogleAuthProvider,
  signInAnonymously,
  signInWithCredential,
} from 'firebase/auth';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { callableFunction } from '@/adapters/firebase/firebase-callable';
import { createCallableCampusRequests } from '@/adapters/firebase/firebase-campus-requests.adapter';
import {
  createFirebaseOperatorConsole,
  OPERATOR_CONSOLE_FUNCTION,
} from '@/adapters/firebase/firebase-operator-console.adapter';
import { COLLECTIONS } from '@/adapters/firebase/firestore-names';
import { OPERATOR_CONSOLE_METHODS } from '@/adapters/operator-console-methods';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import { universityEmailOf } from '@/data/university-email';
import { type FakeAlgolia, startFakeAlgolia } from '../../stand-ins/fake-algolia-server';
import { FAKE_ALGOLIA_PORT } from '../../stand-ins/firebase-fake-ports';
import { describeOperatorConsoleContract } from '../app/contract/operator-console.contract';
import {
  accountExists,
  AUTH_EMULATOR,
  createGoogleAccount,
  fakeGoogleIdToken,
  FUNCTIONS_EMULATOR,
  PROJECT_ID,
  testApp,
} from '../support/emulators';
import { db, describeFirestore, firestoreHost } from '../support/firestore';

// Issue 61 on Firebase: the operator console's adapter over the callable `operator_console`
// (functions/src/operator-console.ts) in the real Functions emulator, accounts in the real Auth
// emulator (the operator's role: the `operator` custom claim), records in the real Firestore
// emulator. Students are seeded with the Admin SDK as the page and the triggers leave them; their
// campus record and counters are then brought up to date in this process by the functions' own
// code (functions/lib: reconcileMember, tallyStudent), as the triggers also do, so that a count
// read at once does not wait for a trigger. The scheduled launches run as `run_due_launches`
// runs them (runDueLaunches), at a chosen time.

// Adding a requested campus signs in and seeds its students first, and concurrent launches start a
// Functions emulator worker each: more than the default 20 s on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

process.env.SITE_ORIGIN ??= 'https://deestudiantes.example';
process.env.FIREBASE_CONFIG ??= JSON.stringify({ projectId: PROJECT_ID });
const fromFunctions = createRequire(path.resolve('functions/package.json'));
interface AdminDoc {
  set(data: Record<string, unknown>): Promise<unknown>;
}
interface AdminFirestore {
  doc(path: string): AdminDoc;
}
const platform = fromFunctions('./lib/platform.js') as {
  start(): unknown;
  db(): AdminFirestore;
  adminAuth(): unknown;
};
platform.start();
const { reconcileMember } = fromFunctions('./lib/campus-progress.js') as {
  reconcileMember(uid: string): Promise<unknown>;
};
const { tallyStudent } = fromFunctions('./lib/campus-counters.js') as {
  tallyStudent(store: AdminFirestore, uid: string): Promise<unknown>;
};
const { runDueLaunches } = fromFunctions('./lib/operator-console.js') as {
  runDueLaunches(
    store: AdminFirestore,
    now: Date,
    names: (uids: string[]) => Promise<Map<string, string>>,
  ): Promise<number>;
};
const { googleNames } = fromFunctions('./lib/students.js') as {
  googleNames(auth: unknown, uids: string[]): Promise<Map<string, string>>;
};
const { FieldValue } = fromFunctions('firebase-admin/firestore') as {
  FieldValue: { serverTimestamp(): unknown };
};

const admin = platform.db();
const functionsOf = (app: ReturnType<typeof testApp>) => ({
  app,
  region: 'us-central1',
  emulator: FUNCTIONS_EMULATOR,
});

/** A web app signed in with Google as this address (the account made on first sign-in). */
async function signedIn(email: string) {
  const app = testApp();
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}`, {
    disableWarnings: true,
  });
  const { user } = await signInWithCredential(
    auth,
    GoogleAuthProvider.credential(fakeGoogleIdToken(email, 'Persona de Prueba')),
  );
  return { app, uid: user.uid };
}

/** Sets the account's custom claims through the Auth emulator's admin API. */
async function setClaims(uid: string, claims: Record<string, unknown>) {
  const res = await fetch(
    `http://${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ localId: uid, customAttributes: JSON.stringify(claims) }),
    },
  );
  if (!res.ok) throw new Error(`accounts:update: ${res.status}`);
}

let n = 0;
const run = Date.now().toString(36);
/** The catalogue campuses whose university has an e-mail domain, with that domain. */
const CAMPUSES = COLLEGE_CATALOGUE.flatMap((c) => {
  const domain = universityEmailOf(c)?.domains[0];
  return domain ? [{ id: c.id, domain }] : [];
});
let nextCampus = 0;
let requestName = Date.now() % 100000;
const domainOf = (id: string) => CAMPUSES.find((c) => c.id === id)?.domain ?? 'example.mx';
const letters = (k: number) =>
  k
    .toString(26)
    .split('')
    .map((d) => String.fromCharCode(97 + parseInt(d, 26)))
    .join('');

/** An entry written as the page writes it, its records brought up to date. */
async function seedEntry(uid: string, email: string, collegeId: string) {
  await admin.doc(`${COLLECTIONS.waitlist}/${uid}`).set({
    email,
    collegeId,
    timestamp: FieldValue.serverTimestamp(),
  });
  await reconcileMember(uid);
  await tallyStudent(admin, uid);
}

async function operatorConsole() {
  const email = `operadora.${run}.${n++}@deestudiantes.example`;
  const uid = await createGoogleAccount({ email, displayName: 'Operadora' });
  await setClaims(uid, { operator: true });
  const { app } = await signedIn(email);
  return { console: createFirebaseOperatorConsole(functionsOf(app)), email };
}

// The search index the function writes an added campus to (functions/src/campus-index.ts): the
// Algolia stand-in on the port functions/.env.local names (scripts/test/firebase-cli.sh).
let algolia: FakeAlgolia;
beforeAll(async () => {
  algolia = await startFakeAlgolia(FAKE_ALGOLIA_PORT);
});
afterAll(() => algolia?.close());

describeFirestore('OperatorConsole contract on Firebase', () => {
  describeOperatorConsoleContract(
    'firebase (Functions, Auth and Firestore emulators)',
    async () => {
      await db.clear();
      return {
        asOperator: operatorConsole,
        asStudent: async () => {
          const email = `alumna.${run}.${n++}@alumnos.udg.mx`;
          const { app, uid } = await signedIn(email);
          await seedEntry(uid, email, 'udg-cucei');
          return createFirebaseOperatorConsole(functionsOf(app));
        },
        asAnonymous: async () => createFirebaseOperatorConsole(functionsOf(testApp())),
        freshCampus: async () => CAMPUSES[nextCampus++ % CAMPUSES.length]!.id,
        seedStudent: async (collegeId, { verified, seller }) => {
          const k = n++;
          const email = verified
            ? `estudiante.${run}.${k}@${domainOf(collegeId)}`
            : `estudiante.${run}.${k}@gmail.com`;
          const uid = await createGoogleAccount({ email, displayName: `Estudiante ${k}` });
          if (seller) {
            await admin
              .doc(`${COLLECTIONS.sellerChoices}/${uid}`)
              .set({ categories: ['postres'], updatedAt: FieldValue.serverTimestamp() });
          }
          await seedEntry(uid, email, collegeId);
          return { uid, email };
        },
        seedRequest: async (students, domain) => {
          // One name per test: a second call asks for the same campus (the same pending id).
          const name = `Universidad Prueba ${letters(requestName)}`;
          if (!domain) requestName++;
          let pendingId = '';
          for (let i = 0; i < students; i++) {
            const email = `pide.${run}.${n++}@${domain ?? 'gmail.com'}`;
            const { app, uid } = await signedIn(email);
            const pending = await createCallableCampusRequests(functionsOf(app)).request(uid, {
              name,
              city: 'Manzanillo',
            });
            pendingId = pending.id;
            await seedEntry(uid, email, pendingId);
          }
          return pendingId;
        },
        seedHeroPhoto: async () => {
          const k = n++;
          const email = `foto.${run}.${k}@alumnos.udg.mx`;
          const uid = await createGoogleAccount({
            email,
            displayName: `Foto ${k}`,
            picture: `https://lh3.googleusercontent.com/a/foto-${run}-${k}`,
          });
          await seedEntry(uid, email, 'udg-cucei');
          await admin
            .doc(`${COLLECTIONS.heroConsent}/${uid}`)
            .set({ grantedAt: FieldValue.serverTimestamp() });
          return uid;
        },
        launchMail: async (collegeId) =>
          (await db.list(COLLECTIONS.mailOutbox))
            .filter((d) => d.id.startsWith(`launch:${collegeId}:`))
            .map((d) => d.id.slice(`launch:${collegeId}:`.length)),
        runDueLaunches: async (now) => {
          await runDueLaunches(admin, now, (uids) => googleNames(platform.adminAuth(), uids));
        },
        studentExists: async (uid) =>
          (await accountExists(uid)) || (await db.has(`${COLLECTIONS.waitlist}/${uid}`)),
      };
    },
  );
});

describeFirestore('operator_console beyond the contract', () => {
  const raw = (app: ReturnType<typeof testApp>) =>
    callableFunction(functionsOf(app), OPERATOR_CONSOLE_FUNCTION);

  it('refuses every op to a student and an anonymous caller, whatever the payload claims', async () => {
    const email = `intrusa.${run}.${n++}@alumnos.udg.mx`;
    const student = await signedIn(email);
    const anonymous = testApp();
    const auth = getAuth(anonymous);
    connectAuthEmulator(auth, `http://${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}`, {
      disableWarnings: true,
    });
    await signInAnonymously(auth);
    const before = (await db.list(COLLECTIONS.operatorLog)).length;
    for (const app of [student.app, anonymous, testApp()]) {
      for (const op of [...OPERATOR_CONSOLE_METHODS, 'nada', undefined]) {
        // A payload dressed as an operator's: the claim is the token's, never the data's.
        const payloads = [
          { op },
          { op, operator: true, auth: { token: { operator: true } }, email: 'x@y.mx' },
        ];
        for (const payload of payloads) {
          await expect(raw(app)(payload), String(op)).rejects.toMatchObject({
            code: 'functions/permission-denied',
          });
        }
      }
    }
    expect(await db.list(COLLECTIONS.operatorLog)).toHaveLength(before);
  });

  it('a claim other than operator: true (a string, false) is no role', async () => {
    for (const operator of ['true', false, 1]) {
      const email = `casi.${run}.${n++}@alumnos.udg.mx`;
      const uid = await createGoogleAccount({ email, displayName: 'Casi' });
      await setClaims(uid, { operator });
      const { app } = await signedIn(email);
      await expect(raw(app)({ op: 'access' })).rejects.toMatchObject({
        code: 'functions/permission-denied',
      });
    }
  });

  it('answers an unknown op of an operator invalid-argument, and the campuses from the counters', async () => {
    const { console } = await operatorConsole();
    const email = `op.${run}.${n++}@deestudiantes.example`;
    const uid = await createGoogleAccount({ email, displayName: 'Op' });
    await setClaims(uid, { operator: true });
    const { app } = await signedIn(email);
    await expect(raw(app)({ op: 'constructor' })).rejects.toMatchObject({
      code: 'functions/invalid-argument',
    });
    // The view reads the counters, not the students: a counter alone makes a row.
    const id = CAMPUSES[nextCampus++ % CAMPUSES.length]!.id;
    await admin.doc(`${COLLECTIONS.campusCounters}/${id}`).set({ joined: 7, verified: 5 });
    const row = (await console.campuses()).find((c) => c.report.campus === id);
    expect(row?.report).toMatchObject({ joined: 7, verified: 5 });
  });
});

describeFirestore('the campus counters, kept by the triggers alone', () => {
  /** The counter's fields that matter here, once they equal `expected` (the triggers run late). */
  async function counterBecomes(id: string, expected: { joined: number; verified: number }) {
    let last: unknown = null;
    for (let i = 0; i < 100; i++) {
      const fields = await db.fields(`${COLLECTIONS.campusCounters}/${id}`);
      const joined = Number(fields?.joined?.integerValue ?? 0);
      const verified = Number(fields?.verified?.integerValue ?? 0);
      last = { joined, verified };
      if (joined === expected.joined && verified === expected.verified) return;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(last).toEqual(expected);
  }

  it('a join, a change of campus and a leave move the counters, with no call of ours', async () => {
    const [a, b] = [
      CAMPUSES[nextCampus++ % CAMPUSES.length]!,
      CAMPUSES[nextCampus++ % CAMPUSES.length]!,
    ];
    const write = (uid: string, email: string, collegeId: string) =>
      admin.doc(`${COLLECTIONS.waitlist}/${uid}`).set({
        email,
        collegeId,
        timestamp: FieldValue.serverTimestamp(),
      });
    const uids = [`cuenta-${run}-1`, `cuenta-${run}-2`, `cuenta-${run}-3`];
    await write(uids[0]!, `uno.${run}@${a.domain}`, a.id);
    await write(uids[1]!, `dos.${run}@${a.domain}`, a.id);
    await write(uids[2]!, `tres.${run}@gmail.com`, a.id);
    await counterBecomes(a.id, { joined: 3, verified: 2 });
    // One moves to b (their address is not of b's university: not verified there), one leaves.
    await write(uids[0]!, `uno.${run}@${a.domain}`, b.id);
    await db.remove(`${COLLECTIONS.waitlist}/${uids[2]}`);
    await counterBecomes(a.id, { joined: 1, verified: 1 });
    await counterBecomes(b.id, { joined: 1, verified: a.domain === b.domain ? 1 : 0 });
  }, 90_000);
});

describeFirestore('npm run operator: the role granted and revoked from a terminal', () => {
  const operator = (args: string[]) =>
    promisify(execFile)('node', ['scripts/ops/operator.mjs', ...args], {
      timeout: 60_000,
      env: {
        ...process.env,
        GCLOUD_PROJECT: PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: `${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}`,
        FIRESTORE_EMULATOR_HOST: `${firestoreHost().host}:${firestoreHost().port}`,
      },
    });
  const roleLog = async (uid: string) =>
    (await db.list(COLLECTIONS.operatorLog))
      .filter((d) => d.fields.target?.stringValue === uid)
      .map((d) => [d.fields.action?.stringValue, d.fields.outcome?.stringValue]);

  it('grants the claim (the console opens), says so again, revokes it (the next call is refused)', async () => {
    const email = `nueva.${run}.${n++}@deestudiantes.example`;
    const uid = await createGoogleAccount({ email, displayName: 'Nueva' });
    const granted = await operator(['grant', email.toUpperCase()]);
    expect(granted.stdout).toContain('is an operator now');
    expect((await operator(['grant', email])).stdout).toContain('already is an operator');
    const { app } = await signedIn(email);
    const console = createFirebaseOperatorConsole(functionsOf(app));
    expect(await console.access()).toEqual({ email });
    const [entry] = (await db.list(COLLECTIONS.operatorLog)).filter(
      (d) => d.fields.target?.stringValue === uid,
    );
    expect(entry?.fields.actor).toEqual({ stringValue: `terminal:${os.userInfo().username}` });

    expect((await operator(['revoke', email])).stdout).toContain('is no operator any more');
    // The same signed-in session, its token still carrying the claim: refused from now on.
    await expect(console.access()).rejects.toMatchObject({ code: 'permission-denied' });
    expect((await operator(['revoke', email])).stdout).toContain('is not an operator');
    expect((await roleLog(uid)).sort()).toEqual(
      [
        ['role-grant', 'done'],
        ['role-grant', 'already'],
        ['role-revoke', 'done'],
        ['role-revoke', 'already'],
      ].sort(),
    );
  });

  it('recount rebuilds the counters of students who have none (a project from before them)', async () => {
    const id = CAMPUSES[nextCampus++ % CAMPUSES.length]!;
    const uids: string[] = [];
    for (const verified of [true, false]) {
      const k = n++;
      const uid = `antes-${run}-${k}`;
      const email = verified ? `antes.${run}.${k}@${id.domain}` : `antes.${run}.${k}@gmail.com`;
      await seedEntry(uid, email, id.id);
      uids.push(uid);
    }
    // As before the counters existed: no tally, no counter (the triggers are done by now).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const uid of uids) await db.remove(`${COLLECTIONS.campusTallies}/${uid}`);
    await db.remove(`${COLLECTIONS.campusCounters}/${id.id}`);
    const { stdout } = await operator(['recount']);
    expect(stdout).toMatch(/Recounted the campus counters of \d+ students/);
    const counter = await db.fields(`${COLLECTIONS.campusCounters}/${id.id}`);
    expect(counter?.joined).toEqual({ integerValue: '2' });
    expect(counter?.verified).toEqual({ integerValue: '1' });
  });

  it('an unknown address fails (exit 1); a missing or malformed one is a usage error (exit 2)', async () => {
    await expect(operator(['grant', `nadie.${run}@deestudiantes.example`])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no account with the address'),
    });
    await expect(operator(['grant'])).rejects.toMatchObject({ code: 2 });
    await expect(operator(['promote', 'a@b.mx'])).rejects.toMatchObject({ code: 2 });
    await expect(operator(['grant', 'no-es-correo'])).rejects.toMatchObject({ code: 2 });
  });
});

describeFirestore('the operators’ commands are the console’s operations (issue 61)', () => {
  const env = {
    ...process.env,
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: `${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}`,
    FIRESTORE_EMULATOR_HOST: `${firestoreHost().host}:${firestoreHost().port}`,
    ALGOLIA_APP_ID: 'TESTAPP',
    ALGOLIA_ADMIN_KEY: 'emulator-algolia-admin-key',
  };
  const command = (name: string, args: string[]) =>
    promisify(execFile)('node', [`scripts/ops/${name}.mjs`, ...args], { env, timeout: 90_000 });
  const me = `terminal:${os.userInfo().username}`;
  const entries = async (target: string) =>
    (await db.list(COLLECTIONS.operatorLog))
      .filter((d) => d.fields.target?.stringValue === target)
      .map((d) => [
        d.fields.actor?.stringValue,
        d.fields.action?.stringValue,
        d.fields.outcome?.stringValue,
      ]);

  it('a launch from the terminal is the console’s one launch, and the other way round', async () => {
    const { console, email } = await operatorConsole();
    const [a, b] = [
      CAMPUSES[nextCampus++ % CAMPUSES.length]!.id,
      CAMPUSES[nextCampus++ % CAMPUSES.length]!.id,
    ];
    const uid = await createGoogleAccount({
      email: `lanza.${run}@gmail.com`,
      displayName: 'Lanza',
    });
    await seedEntry(uid, `lanza.${run}@gmail.com`, a);
    // The terminal launches a: the console sees it launched by the terminal, and cannot again.
    expect((await command('notify-campus', ['--campus', a])).stdout).toContain(
      `${a}: launched by ${me}`,
    );
    const row = (await console.campuses()).find((c) => c.report.campus === a);
    expect(row?.launch).toMatchObject({ state: 'launched', by: me, students: 1 });
    await expect(console.launch(a, { confirm: a, at: null })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'already',
    });
    // The console schedules b: the terminal cannot launch it, and cancels it.
    // A week from now, Mexico City's wall time (UTC-6).
    const at = new Date(Date.now() + 7 * 86_400_000 - 6 * 3_600_000).toISOString().slice(0, 16);
    await console.launch(b, { confirm: b, at });
    await expect(command('notify-campus', ['--campus', b])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('was launched or scheduled already'),
    });
    expect((await command('notify-campus', ['--campus', b, '--cancel'])).stdout).toContain(
      `${b}: not launched`,
    );
    expect(
      (await console.campuses()).find((c) => c.report.campus === b)?.launch ?? {
        state: 'none',
      },
    ).toEqual({ state: 'none' });
    expect(await entries(a)).toEqual(
      expect.arrayContaining([
        [me, 'launch', 'done'],
        [email, 'launch', 'already'],
      ]),
    );
    expect(await entries(b)).toEqual(
      expect.arrayContaining([
        [email, 'launch-schedule', 'done'],
        [me, 'launch', 'already'],
        [me, 'launch-cancel', 'done'],
      ]),
    );
  });

  it('settings, an added campus and a photo decided from the terminal are the console’s, logged as the terminal’s', async () => {
    const { console } = await operatorConsole();
    const id = CAMPUSES[nextCampus++ % CAMPUSES.length]!.id;
    await command('campus', ['set', '--campus', id, '--threshold', '25', '--seller-minimum', '2']);
    expect((await console.campuses()).find((c) => c.report.campus === id)?.settings).toMatchObject({
      threshold: 25,
      sellerMinimum: 2,
    });
    expect(await entries(id)).toEqual([[me, 'settings', 'done']]);

    // A requested campus, added by the command: in the console, in the search index, logged.
    const name = `Universidad Terminal ${letters(requestName++)}`;
    const asker = `pide.terminal.${run}@alumnos.uterm.edu.mx`;
    const { app, uid } = await signedIn(asker);
    const pending = await createCallableCampusRequests(functionsOf(app)).request(uid, {
      name,
      city: 'Colima',
    });
    await seedEntry(uid, asker, pending.id);
    const added = `uterm-${run}`;
    const args = ['--request', pending.id, '--id', added, '--name', name, '--short', 'UT - Colima'];
    const typed = ['--city', 'Colima', '--state', 'Colima', '--domains', 'alumnos.uterm.edu.mx'];
    const { stdout } = await command('campus-add', [
      ...args,
      ...typed,
      '--algolia-host',
      `http://127.0.0.1:${FAKE_ALGOLIA_PORT}`,
    ]);
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({
      added: true,
      moved: 1,
      queued: 1,
    });
    expect((await console.requests()).map((r) => r.pendingId)).not.toContain(pending.id);
    // Its student verifies with the typed domain.
    expect((await console.campuses()).find((c) => c.report.campus === added)?.report).toMatchObject(
      { joined: 1, verified: 1 },
    );
    expect(algolia.indices.get('colleges')?.records.get(added)).toMatchObject({
      shortName: 'UT - Colima',
    });
    expect(await entries(added)).toEqual([[me, 'campus-add', 'done']]);

    // A photo approved by the command: approved in the console, logged as the terminal's.
    const k = n++;
    const photoUid = await createGoogleAccount({
      email: `foto.terminal.${run}.${k}@alumnos.udg.mx`,
      displayName: 'Foto',
      picture: `https://lh3.googleusercontent.com/a/terminal-${run}-${k}`,
    });
    await seedEntry(photoUid, `foto.terminal.${run}.${k}@alumnos.udg.mx`, 'udg-cucei');
    await admin
      .doc(`${COLLECTIONS.heroConsent}/${photoUid}`)
      .set({ grantedAt: FieldValue.serverTimestamp() });
    await command('hero-photos', ['approve', '--uid', photoUid]);
    expect((await console.heroPhotos()).photos.find((p) => p.uid === photoUid)?.status).toBe(
      'approved',
    );
    expect(await entries(photoUid)).toEqual([[me, 'photo-approve', 'done']]);
  });
});
