import fs from 'node:fs';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFirestoreWaitlist } from '@/adapters/firebase/firebase-waitlist.adapter';
import { createCallableLeaveLinks } from '@/adapters/firebase/firebase-leave-links.adapter';
import { describeLeaveLinksContract } from '../app/contract/leave-links.contract';
import { deliveryReport, type DeliveryReport } from '@/domain/mail/deliver-outbox';
import { LEAVE_PURPOSE, signLeaveToken } from '@/domain/mail/leave-token';
import { recipientKey } from '@/domain/mail/recipient-limits';
import { bounceToken } from '@/domain/mail/suppression';
import type { Outbox } from '@/ports/outbox.port';
import { type LocalSmtp, startLocalSmtp } from '../../stand-ins/smtp-server';
import {
  accountExists,
  AUTH_EMULATOR,
  createGoogleAccount,
  FUNCTIONS_EMULATOR,
  PROJECT_ID,
  testApp,
} from '../support/emulators';
import { signedInWithGoogle } from '../support/google-sign-in';
import {
  db,
  describeFirestore,
  eventually,
  firestoreAvailable,
  firestoreHost,
} from '../support/firestore';
import { COLLECTIONS } from '@/adapters/firebase/firestore-names';

// Issue 25 on Firebase, on the real Firestore emulator: the trigger `on_waitlist_written`
// recording a welcome (and the campus record) when the page writes an entry, in the real Functions
// emulator; the outbox sent over a real local SMTP server by the sender the scheduled `send_mail`
// runs (called here as its schedule calls it); the callables `check_leave_link` and
// `leave_by_link` and the one-click endpoint `salir` (accounts in the Auth emulator); and
// `npm run notify:campus`.

const SITE = 'https://deestudiantes.example';
const SECRET = process.env.MAIL_TOKEN_SECRET ?? '';
const fromFunctions = createRequire(path.resolve('functions/package.json'));
// What the Functions emulator gives the functions' module, which this process loads too.
process.env.SITE_ORIGIN ??= SITE;
process.env.FIREBASE_CONFIG ??= JSON.stringify({ projectId: PROJECT_ID });
// The functions' own modules, built (functions/lib), as their trigger and schedule call them. Typed
// here by what this file uses: the functions' sources need their own dependencies to typecheck.
interface AdminDoc {
  set(data: Record<string, unknown>): Promise<unknown>;
  get(): Promise<{ data(): Record<string, unknown> | undefined; get(field: string): unknown }>;
}
interface AdminFirestore {
  doc(path: string): AdminDoc;
  settings(settings: Record<string, unknown>): void;
}
interface AdminTimestamp {
  toMillis(): number;
}
interface OutboxRecord {
  kind: 'welcome' | 'launch' | 'code';
  uid: string;
  joined: number;
  collegeId: string;
  to: string;
  name: string;
}
const mail = {
  ...(fromFunctions('./lib/mail.js') as object),
  // The operators' launch (npm run notify:campus) lives with the campus launch.
  ...(fromFunctions('./lib/campus-launch.js') as object),
} as {
  welcomeOnWrite(
    uid: string,
    before: Record<string, unknown> | null | undefined,
    after: Record<string, unknown> | null | undefined,
    name: string,
  ): { id: string; record: OutboxRecord } | null;
  recordOnce(store: AdminFirestore, id: string, record: OutboxRecord): Promise<boolean>;
  queueLaunch(
    store: AdminFirestore,
    collegeId: string,
    options: { dryRun?: boolean; names: (uids: string[]) => Promise<Map<string, string>> },
  ): Promise<{ students: number; queued: number; already: number }>;
  createFirestoreOutbox(
    store: AdminFirestore,
    extras: (mail: { uid: string; collegeId: string }) => Promise<object>,
  ): Outbox;
};
const functions = fromFunctions('./lib/index.js') as {
  sendDueMail(env: Record<string, string | undefined>): Promise<DeliveryReport>;
};
const { initializeApp } = fromFunctions('firebase-admin/app') as {
  initializeApp(options: { projectId: string }, name: string): unknown;
};
const { initializeFirestore, Timestamp } = fromFunctions('firebase-admin/firestore') as {
  initializeFirestore(app: unknown, settings: { preferRest: boolean }): AdminFirestore;
  Timestamp: { fromDate(date: Date): AdminTimestamp; fromMillis(ms: number): AdminTimestamp };
};

let smtp: LocalSmtp | undefined;
const admin = initializeFirestore(initializeApp({ projectId: PROJECT_ID }, 'mail-test'), {
  preferRest: true,
});
admin.settings({
  authClient: { universeDomain: 'googleapis.com', getRequestHeaders: async () => ({}) },
});

beforeAll(async () => {
  if (!firestoreAvailable) return;
  expect(SECRET.length, 'MAIL_TOKEN_SECRET (scripts/test/firebase-cli.sh)').toBeGreaterThan(31);
  await db.clear();
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/**
 * A student's entry as the page writes it (the server's time), written as an operator; the
 * trigger records its welcome, which this waits for.
 */
async function entry(uid: string, email: string, collegeId = 'udg-cucei') {
  const joined = new Date(Date.now() - Math.floor(Math.random() * 1e6));
  await admin
    .doc(`${COLLECTIONS.waitlist}/${uid}`)
    .set({ email, collegeId, timestamp: Timestamp.fromDate(joined) });
  const at = Timestamp.fromDate(joined).toMillis();
  await eventually(`${COLLECTIONS.mailOutbox}/welcome:${uid}:${at}`);
  return { uid, joined: at };
}

const mailEnv = () => ({
  SMTP_URL: smtp!.url,
  MAIL_FROM: 'De estudiantes a estudiantes <hola@deestudiantes.example>',
  SITE_URL: SITE,
  MAIL_TOKEN_SECRET: SECRET,
});

describeFirestore('the outbox and the sender on Firebase', () => {
  it('records one welcome per new entry, none for a change of campus or a second delivery', () => {
    const at = Timestamp.fromMillis(1_800_000_000_123);
    const made = { email: 'a@alumnos.udg.mx', collegeId: 'udg-cucei', timestamp: at };
    const welcome = mail.welcomeOnWrite('u1', null, made, 'Ana');
    expect(welcome).toEqual({
      id: 'welcome:u1:1800000000123',
      record: {
        kind: 'welcome',
        uid: 'u1',
        joined: 1_800_000_000_123,
        collegeId: 'udg-cucei',
        to: 'a@alumnos.udg.mx',
        name: 'Ana',
      },
    });
    expect(mail.welcomeOnWrite('u1', made, { ...made, collegeId: 'udg-cucea' }, 'Ana')).toBeNull();
    expect(mail.welcomeOnWrite('u1', made, null, 'Ana')).toBeNull();
    expect(
      mail.welcomeOnWrite('u1', made, { ...made, timestamp: Timestamp.fromMillis(1) }, ''),
    ).not.toBeNull();
  });

  it('a join through the page records, by the trigger, the campus record and one welcome, sent once over SMTP without a name that is not one, and with the one-click header', async () => {
    const name = '<img src=x onerror=alert(1)> Ana';
    const email = 'ana.mail@alumnos.udg.mx';
    const { app, uid } = await signedInWithGoogle(email, name);
    const joined = await createFirestoreWaitlist({ app, emulator: firestoreHost() }).join(uid, {
      email,
      collegeId: 'udg-cucei',
      timestamp: new Date(),
    });
    const id = `welcome:${uid}:${joined.timestamp.getTime()}`;
    await eventually(`${COLLECTIONS.mailOutbox}/${id}`);
    await eventually(`${COLLECTIONS.campusMembers}/${uid}`);
    expect(await db.fields(`${COLLECTIONS.campusMembers}/${uid}`)).toEqual({
      collegeId: { stringValue: 'udg-cucei' },
      verified: { booleanValue: true },
    });
    const stored = (
      await admin.doc(`${COLLECTIONS.mailOutbox}/${id}`).get()
    ).data() as unknown as OutboxRecord;
    expect(stored).toMatchObject({ kind: 'welcome', uid, to: email, name });
    // A second delivery of the trigger records nothing again.
    const again = mail.welcomeOnWrite(
      uid,
      null,
      (await admin.doc(`${COLLECTIONS.waitlist}/${uid}`).get()).data(),
      name,
    );
    expect(again!.id).toBe(id);
    expect(await mail.recordOnce(admin, again!.id, again!.record)).toBe(false);
    expect(await functions.sendDueMail(mailEnv())).toEqual(deliveryReport({ sent: 1 }));
    expect(await functions.sendDueMail(mailEnv())).toMatchObject({ sent: 0 });
    expect(smtp!.received).toHaveLength(1);
    const [sent] = smtp!.received;
    expect(sent!.subject).toBe('Ya estás en la lista de espera de UDG - CUCEI');
    // The name is not letters alone: the message greets with none (issue 51).
    expect(sent!.text?.startsWith('Hola:\n')).toBe(true);
    expect(sent!.html).not.toContain('img');
    const header = sent!.headerLines
      .find((h) => h.key === 'list-unsubscribe')!
      .line.replace(/\r?\n\s+/g, '');
    expect(header).toContain(`<${SITE}/api/salir?token=`);
    const doc = await admin.doc(`${COLLECTIONS.mailOutbox}/${id}`).get();
    expect(doc.get('status')).toBe('sent');
    expect(doc.get('pendingDue')).toBeUndefined();
  });

  it('greets with the name Google gave, not the one the student rewrote on their account (issue 51)', async () => {
    const email = 'valeria.nombre@alumnos.udg.mx';
    const uid = await createGoogleAccount({ email, displayName: 'Valeria Mora' });
    const res = await fetch(
      `http://${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
      {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({ localId: uid, displayName: 'Otra Persona' }),
      },
    );
    expect(res.ok).toBe(true);
    const { joined } = await entry(uid, email);
    expect((await db.fields(`${COLLECTIONS.mailOutbox}/welcome:${uid}:${joined}`))?.name).toEqual({
      stringValue: 'Valeria Mora',
    });
    expect(await functions.sendDueMail(mailEnv())).toMatchObject({ sent: 1, failed: 0 });
    expect(smtp!.received.at(-1)!.text?.startsWith('Hola, Valeria Mora:\n')).toBe(true);
  });

  it('a record of an id that is no campus (`constructor`) is written as text, and stops nothing (issue 51)', async () => {
    await mail.recordOnce(admin, 'launch:odd:1', {
      kind: 'launch',
      uid: 'odd',
      joined: 1,
      collegeId: 'constructor',
      to: 'odd.mail@alumnos.udg.mx',
      name: '',
    });
    expect(await functions.sendDueMail(mailEnv())).toMatchObject({
      sent: 1,
      failed: 0,
      providerDown: false,
    });
    expect(smtp!.received.at(-1)!.subject).toBe('¡El marketplace ya abrió en constructor!');
  });

  it('leaving and joining again through the page: each unsent welcome forgotten, one sent in 30 days (issue 51)', async () => {
    const email = 'repite.mail@alumnos.udg.mx';
    const { app, uid } = await signedInWithGoogle(email, 'Repite');
    const waitlist = createFirestoreWaitlist({ app, emulator: firestoreHost() });
    const join = async () => {
      const joined = await waitlist.join(uid, {
        email,
        collegeId: 'udg-cucei',
        timestamp: new Date(),
      });
      const id = `${COLLECTIONS.mailOutbox}/welcome:${uid}:${joined.timestamp.getTime()}`;
      await eventually(id);
      return id;
    };
    // Made and deleted before the sender runs, three times: the trigger forgets each welcome.
    for (let round = 0; round < 3; round++) {
      const id = await join();
      await waitlist.leave(uid);
      await eventually(id, false);
    }
    await join();
    expect(await functions.sendDueMail(mailEnv())).toMatchObject({ sent: 1, skipped: 0 });
    // Sent, then deleted and made again twice: recorded each time, skipped by the sender.
    for (let round = 0; round < 2; round++) {
      await waitlist.leave(uid);
      await eventually(`${COLLECTIONS.waitlist}/${uid}`, false);
      await join();
      expect(await functions.sendDueMail(mailEnv())).toMatchObject({ sent: 0, skipped: 1 });
    }
    expect(smtp!.received.filter((m) => JSON.stringify(m.to).includes(email))).toHaveLength(1);
    // The ledger names no address: one document, under a keyed digest.
    const ledger = await db.list('mailRecipients');
    expect(JSON.stringify(ledger)).not.toContain('repite');
  });

  it('marks hold only under the lease they were claimed with; a message gone is no error (issue 51)', async () => {
    const outbox = mail.createFirestoreOutbox(admin, async () => ({}));
    await mail.recordOnce(admin, 'launch:udg-cucei:lease', {
      kind: 'launch',
      uid: 'lease',
      joined: 1,
      collegeId: 'udg-cucei',
      to: 'lease.mail@alumnos.udg.mx',
      name: '',
    });
    const t0 = Date.now();
    const first = new Date(t0 + 300_000);
    const [claimed] = await outbox.claim(100, new Date(t0), first);
    expect(claimed?.id).toBe('launch:udg-cucei:lease');
    // Its lease ran out: a second sender claims it.
    const second = new Date(t0 + 700_000);
    const again = await outbox.claim(100, new Date(t0 + 400_000), second);
    expect(again.map((m) => m.id)).toContain('launch:udg-cucei:lease');
    const failure = { attempts: 1, retryAt: null, error: 'x' };
    expect(
      await outbox.markFailed('launch:udg-cucei:lease', { ...failure, leaseUntil: first }),
    ).toBe(false);
    const sent = { at: new Date(t0 + 400_000), recipient: 'k'.repeat(43), kind: 'launch' as const };
    expect(await outbox.markSent('launch:udg-cucei:lease', { ...sent, leaseUntil: first })).toBe(
      false,
    );
    expect((await db.fields(`${COLLECTIONS.mailOutbox}/launch:udg-cucei:lease`))?.status).toEqual({
      stringValue: 'pending',
    });
    expect(await outbox.markSent('launch:udg-cucei:lease', { ...sent, leaseUntil: second })).toBe(
      true,
    );
    expect((await db.fields(`${COLLECTIONS.mailOutbox}/launch:udg-cucei:lease`))?.status).toEqual({
      stringValue: 'sent',
    });
    // The ledger has the send once, however often it was marked.
    expect(await outbox.sentTo('k'.repeat(43), new Date(t0))).toEqual([
      { id: 'launch:udg-cucei:lease', kind: 'launch', at: t0 + 400_000 },
    ]);
    // A message gone (its student left mid-run): false, no error.
    expect(
      await outbox.markFailed('launch:udg-cucei:gone', { ...failure, leaseUntil: second }),
    ).toBe(false);
    expect(await outbox.markSent('launch:udg-cucei:gone', { ...sent, leaseUntil: second })).toBe(
      false,
    );
  });

  it('npm run notify:campus records each student of the campus once, and a dry run nothing', async () => {
    const uids = await Promise.all(
      ['vale', 'marco', 'lu'].map((n) =>
        createGoogleAccount({ email: `${n}.launch@alumnos.udg.mx`, displayName: n.toUpperCase() }),
      ),
    );
    for (const [i, uid] of uids.entries())
      await entry(uid, `s${i}.launch@alumnos.udg.mx`, 'udg-cuaad');
    const run = notifyCampus;
    expect((await run('--campus', 'udg-cuaad', '--dry-run')).stdout).toContain(
      '3 students on the list; 3 would get the launch e-mail now, 0 already have it',
    );
    // The console's launch (issue 61): one record, by the terminal's user; a second is refused.
    expect((await run('--campus', 'udg-cuaad')).stdout).toMatch(
      /udg-cuaad: launched by terminal:\S+ at \S+; 3 students on the list/,
    );
    await expect(run('--campus', 'udg-cuaad')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('was launched or scheduled already'),
    });
    for (const campus of ['no-such-campus', 'constructor']) {
      await expect(run('--campus', campus)).rejects.toMatchObject({
        stderr: expect.stringContaining('not a campus of the catalogue'),
      });
    }
    // The three launches, and the three welcomes their entries' trigger recorded.
    expect(await functions.sendDueMail(mailEnv())).toMatchObject({ sent: 6, failed: 0 });
    const launches = smtp!.received.filter(
      (m) => m.subject === '¡El marketplace ya abrió en UDG - CUAAD!',
    );
    expect(launches.map((m) => m.text?.split('\n')[0]).sort()).toEqual([
      'Hola, LU:',
      'Hola, MARCO:',
      'Hola, VALE:',
    ]);
    expect(await db.ids('launchRuns')).toHaveLength(1);
  });

  it('npm run notify:campus launches a campus an operator added, and refuses a pending one (issue 49)', async () => {
    // What `npm run campus:add` leaves (campus-launch.test.ts runs the command itself).
    await admin.doc(`${COLLECTIONS.campuses}/uprueba-tepic`).set({
      name: 'Universidad de Prueba',
      subname: 'Tepic',
      shortName: 'UP - Tepic',
    });
    const pending = `pendiente-${'0a'.repeat(12)}`;
    await admin
      .doc(`${COLLECTIONS.pendingCampuses}/${pending}`)
      .set({ name: 'Otra', city: 'Colima' });
    const uid = await createGoogleAccount({
      email: 'nuevo.launch@gmail.com',
      displayName: 'NUEVO',
    });
    await entry(uid, 'nuevo.launch@gmail.com', 'uprueba-tepic');
    expect((await notifyCampus('--campus', 'uprueba-tepic')).stdout).toContain(
      '1 students on the list',
    );
    await expect(notifyCampus('--campus', pending)).rejects.toMatchObject({
      stderr: expect.stringContaining('not a campus of the catalogue'),
    });
    const before = smtp!.received.length;
    await functions.sendDueMail(mailEnv());
    expect(smtp!.received.slice(before).map((m) => m.subject)).toContain(
      '¡El marketplace ya abrió en UP - Tepic!',
    );
  });
});

/** `npm run notify:campus -- ARGS` against the emulators, as an operator runs it. */
const notifyCampus = (...args: string[]) =>
  promisify(execFile)('node', ['scripts/ops/notify-campus.mjs', ...args], {
    env: {
      ...process.env,
      GCLOUD_PROJECT: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: `${AUTH_EMULATOR.host}:${AUTH_EMULATOR.port}`,
    },
    timeout: 30_000,
  });

/** The SMTP server the Functions emulator's send_mail uses (functions/.secret.local). */
const emulatorSmtpPort = () =>
  Number(
    new URL(/^SMTP_URL=(.+)$/m.exec(fs.readFileSync('functions/.secret.local', 'utf8'))?.[1] ?? '')
      .port,
  );

describeFirestore('send_mail in the Functions emulator', () => {
  it('runs as Cloud Scheduler runs it (an HTTP call) and sends the welcome the trigger recorded', async () => {
    const scheduled = await startLocalSmtp({ port: emulatorSmtpPort() });
    try {
      const email = 'programado.mail@alumnos.udg.mx';
      const uid = await createGoogleAccount({ email, displayName: 'Programado' });
      const { joined } = await entry(uid, email);
      const res = await fetch(
        `http://${FUNCTIONS_EMULATOR.host}:${FUNCTIONS_EMULATOR.port}/functions/projects/${PROJECT_ID}/triggers/us-central1-send_mail-0`,
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' },
      );
      expect(res.status).toBe(200);
      const mine = scheduled.received.filter((m) => m.text?.includes('Hola, Programado:'));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.subject).toBe('Ya estás en la lista de espera de UDG - CUCEI');
      expect(
        (await db.fields(`${COLLECTIONS.mailOutbox}/welcome:${uid}:${joined}`))?.status,
      ).toEqual({
        stringValue: 'sent',
      });
    } finally {
      await scheduled.close();
    }
  });
});

describeFirestore('the leave link on Firebase', () => {
  const links = () =>
    createCallableLeaveLinks({
      app: testApp(),
      region: 'us-central1',
      emulator: FUNCTIONS_EMULATOR,
    });
  const tokenFor = (
    s: { uid: string; joined: number },
    expires = Math.floor(Date.now() / 1000) + 3600,
  ) => signLeaveToken({ purpose: LEAVE_PURPOSE, uid: s.uid, joined: s.joined, expires }, SECRET);

  it('checks, then leaves without a sign-in, once; a bad token deletes nothing', async () => {
    const uid = await createGoogleAccount({
      email: 'sofia.link@alumnos.udg.mx',
      displayName: 'Sofía',
    });
    const sofia = await entry(uid, 'sofia.link@alumnos.udg.mx');
    const other = await entry(
      await createGoogleAccount({ email: 'otro.link@alumnos.udg.mx', displayName: 'Otro' }),
      'otro.link@alumnos.udg.mx',
    );
    await mail.recordOnce(admin, `welcome:${uid}:${sofia.joined}`, {
      kind: 'welcome',
      uid,
      joined: sofia.joined,
      collegeId: 'udg-cucei',
      to: 'sofia.link@alumnos.udg.mx',
      name: '',
    });
    const token = await tokenFor(sofia);
    const page = links();
    expect(await page.check(token)).toBe('valid');
    expect(await page.check(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(
      'invalid',
    );
    // Expired: it deletes nothing, but stops the e-mails (issue 51): the welcome fails, no
    // launch is recorded for her, and a second use answers the same.
    expect(await page.check(await tokenFor(sofia, 1000))).toBe('expired');
    expect(await page.leave(await tokenFor(sofia, 1000))).toBe('stopped');
    expect(await page.leave(await tokenFor(sofia, 1000))).toBe('stopped');
    expect(
      (await db.fields(`${COLLECTIONS.mailOutbox}/welcome:${uid}:${sofia.joined}`))?.status,
    ).toEqual({
      stringValue: 'failed',
    });
    expect(await db.has(`${COLLECTIONS.mailStops}/${uid}`)).toBe(true);
    expect(await db.has(`${COLLECTIONS.waitlist}/${uid}`)).toBe(true);
    const launch = await mail.queueLaunch(admin, 'udg-cucei', { names: async () => new Map() });
    expect(launch.queued).toBeGreaterThan(0); // the other student's
    expect(await db.has(`${COLLECTIONS.mailOutbox}/launch:udg-cucei:${uid}`)).toBe(false);
    expect(await db.has(`${COLLECTIONS.mailOutbox}/launch:udg-cucei:${other.uid}`)).toBe(true);
    expect(await page.leave(await tokenFor({ ...sofia, joined: sofia.joined + 1 }))).toBe('used');
    expect(await page.leave('<script>')).toBe('malformed');
    expect(await accountExists(uid)).toBe(true);
    expect(await page.leave(token)).toBe('left');
    expect(await page.leave(token)).toBe('used');
    expect(await accountExists(uid)).toBe(false);
    expect(await db.has(`${COLLECTIONS.waitlist}/${uid}`)).toBe(false);
    expect(await db.has(`${COLLECTIONS.mailOutbox}/welcome:${uid}:${sofia.joined}`)).toBe(false);
    expect(await db.has(`${COLLECTIONS.mailStops}/${uid}`)).toBe(false);
    expect(await db.has(`${COLLECTIONS.waitlist}/${other.uid}`)).toBe(true);
    expect(await accountExists(other.uid)).toBe(true);
  });

  let linked = 0;
  describeLeaveLinksContract('firebase (Auth, Functions and Firestore emulators)', async () => ({
    links: links(),
    onList: async () => {
      // A Google account on the list, its welcome recorded by the trigger, unsent.
      const email = `contrato.salir${linked++}@alumnos.udg.mx`;
      return entry(await createGoogleAccount({ email, displayName: 'Estudiante' }), email);
    },
    token: (student, { expires, purpose = LEAVE_PURPOSE } = {}) =>
      signLeaveToken(
        {
          purpose,
          uid: student.uid,
          joined: student.joined,
          expires: expires ?? Math.floor(Date.now() / 1000) + 3600,
        },
        SECRET,
      ),
    held: async (uid) => ({
      entry: await db.has(`${COLLECTIONS.waitlist}/${uid}`),
      account: await accountExists(uid),
      pending: (await db.list(COLLECTIONS.mailOutbox)).filter(
        (d) =>
          (d.fields.uid as { stringValue?: string } | undefined)?.stringValue === uid &&
          (d.fields.status as { stringValue?: string } | undefined)?.stringValue === 'pending',
      ).length,
    }),
    // The sender's claim (the functions' Firestore outbox, as `send_mail` makes it).
    claim: () => {
      const now = new Date();
      return mail.createFirestoreOutbox(admin, async () => ({})).claim(1000, now, now);
    },
  }));

  it("the one-click endpoint leaves on a mail provider's POST and sends a person to the page", async () => {
    const uid = await createGoogleAccount({
      email: 'diego.click@alumnos.udg.mx',
      displayName: 'Diego',
    });
    const token = await tokenFor(await entry(uid, 'diego.click@alumnos.udg.mx'));
    const url = `http://${FUNCTIONS_EMULATOR.host}:${FUNCTIONS_EMULATOR.port}/${PROJECT_ID}/us-central1/salir?token=${encodeURIComponent(token)}`;
    const opened = await fetch(url, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/salir?token=${encodeURIComponent(token)}`);
    const post = (body: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
    expect((await post('List-Unsubscribe=Other')).status).toBe(400);
    expect(await accountExists(uid)).toBe(true);
    // An expired link, one-click: the e-mails stop, nothing is deleted (issue 51).
    const diego = { uid, joined: Number(new URL(url).searchParams.get('token')!.split('.')[3]) };
    const stale = await tokenFor(diego, 1000);
    const stop = await fetch(url.replace(encodeURIComponent(token), encodeURIComponent(stale)), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(stop.status).toBe(200);
    expect(await stop.text()).toBe('Ya no te enviaremos correos.');
    expect(await accountExists(uid)).toBe(true);
    const left = await post('List-Unsubscribe=One-Click');
    expect(left.status).toBe(200);
    expect(await left.text()).toBe('Saliste de la lista de espera.');
    expect(await accountExists(uid)).toBe(false);
    expect((await post('List-Unsubscribe=One-Click')).status).toBe(200);
    expect(await db.has(`${COLLECTIONS.waitlist}/${uid}`)).toBe(false);
  });
});

describeFirestore('the suppression list and the bounce endpoint on Firebase (issue 59)', () => {
  const url = `http://${FUNCTIONS_EMULATOR.host}:${FUNCTIONS_EMULATOR.port}/${PROJECT_ID}/us-central1/mail_bounce`;
  const notice = async (body: unknown, authorization?: string, method = 'POST') =>
    (
      await fetch(url, {
        method,
        headers: {
          'Content-Type': 'application/json',
          ...(authorization === undefined ? {} : { Authorization: authorization }),
        },
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      })
    ).status;
  const suppression = async (address: string) =>
    db.fields(`${COLLECTIONS.mailSuppressions}/${await recipientKey(address, SECRET)}`);

  it('refuses a bad token (401) and a malformed notice (400), and suppresses the address of a good one (204)', async () => {
    const address = 'rebota.mail@alumnos.udg.mx';
    const good = `Bearer ${await bounceToken(SECRET)}`;
    const body = { type: 'bounce', address };
    expect(await notice(body)).toBe(401);
    expect(await notice(body, 'Bearer x')).toBe(401);
    expect(await notice(body, `Bearer ${await bounceToken(`${SECRET}-otro`)}`)).toBe(401);
    expect(await notice(body, good, 'GET')).toBe(405);
    for (const bad of [
      null,
      {},
      { type: 'bounce' },
      { type: 'x', address },
      { ...body, address: 'no' },
    ]) {
      expect(await notice(bad, good)).toBe(400);
    }
    expect(await suppression(address)).toBeNull();
    // Upper case and a +tag name the same mailbox; a notice again keeps the first reason.
    expect(await notice({ type: 'complaint', address: 'Rebota.Mail+x@alumnos.udg.mx' }, good)).toBe(
      204,
    );
    expect(await notice(body, good)).toBe(204);
    expect((await suppression(address))?.reason).toEqual({ stringValue: 'complaint' });
    // An address never written to is answered the same: nothing says who is known.
    expect(await notice({ type: 'bounce', address: 'nadie.mail@alumnos.udg.mx' }, good)).toBe(204);
    expect(JSON.stringify(await db.list(COLLECTIONS.mailSuppressions))).not.toContain('rebota');
  });

  it('a suppressed welcome is never sent, and a permanent refusal suppresses the address', async () => {
    const email = 'suprimida.mail@alumnos.udg.mx';
    const uid = await createGoogleAccount({ email, displayName: 'Suprimida' });
    expect(
      await notice({ type: 'bounce', address: email }, `Bearer ${await bounceToken(SECRET)}`),
    ).toBe(204);
    const { joined } = await entry(uid, email);
    const before = smtp!.byRecipient.get(email) ?? 0;
    expect((await functions.sendDueMail(mailEnv())).skipped).toBeGreaterThanOrEqual(1);
    expect(smtp!.byRecipient.get(email) ?? 0).toBe(before);
    const welcome = await db.fields(`${COLLECTIONS.mailOutbox}/welcome:${uid}:${joined}`);
    expect(welcome?.status).toEqual({ stringValue: 'failed' });
    expect(welcome?.error).toEqual({ stringValue: 'skipped: the address is suppressed' });
    // The provider refuses a mailbox for good (550): on the list, so its next mail is skipped.
    const refused = 'inexistente.mail@alumnos.udg.mx';
    smtp!.refused.add(refused);
    await mail.recordOnce(admin, 'launch:udg-cucei:inexistente', {
      kind: 'launch',
      uid: 'inexistente',
      joined: 1,
      collegeId: 'udg-cucei',
      to: refused,
      name: '',
    });
    expect((await functions.sendDueMail(mailEnv())).failed).toBeGreaterThanOrEqual(1);
    expect(
      (await db.fields(`${COLLECTIONS.mailOutbox}/launch:udg-cucei:inexistente`))?.status,
    ).toEqual({
      stringValue: 'failed',
    });
    expect((await suppression(refused))?.reason).toEqual({ stringValue: 'failed' });
    const outbox = mail.createFirestoreOutbox(admin, async () => ({}));
    expect(await outbox.isSuppressed((await recipientKey(refused, SECRET))!)).toBe(true);
    expect(await outbox.isSuppressed((await recipientKey(email.replace('@', '1@'), SECRET))!)).toBe(
      false,
    );
  });

  it("a code's message forgets the typed address and its nonce once sent, failed or expired, keeping its recipient key", async () => {
    const code = (id: string, to: string, expiresAt: number) =>
      mail.recordOnce(admin, id, {
        kind: 'code',
        uid: id,
        joined: 1,
        collegeId: 'udg-cucei',
        to,
        name: '',
        nonce: 'bm9uY2Utb2YtYS1jb2RlLW1lc3NhZ2U',
        expiresAt,
      } as OutboxRecord);
    await code('code:olvido:1', 'olvido.mail@alumnos.udg.mx', Date.now() + 600_000);
    await code('code:olvido:2', 'vencido.mail@alumnos.udg.mx', Date.now() - 1);
    await functions.sendDueMail(mailEnv());
    expect(smtp!.byRecipient.get('olvido.mail@alumnos.udg.mx')).toBe(1);
    expect(smtp!.byRecipient.get('vencido.mail@alumnos.udg.mx')).toBeUndefined();
    for (const [id, address, status] of [
      ['code:olvido:1', 'olvido.mail@alumnos.udg.mx', 'sent'],
      ['code:olvido:2', 'vencido.mail@alumnos.udg.mx', 'failed'],
    ] as const) {
      const fields = (await db.fields(`${COLLECTIONS.mailOutbox}/${id}`))!;
      expect(fields.status).toEqual({ stringValue: status });
      expect(fields.to).toBeUndefined();
      expect(fields.nonce).toBeUndefined();
      expect(JSON.stringify(fields)).not.toContain(address.split('@')[0]);
      if (status === 'sent') {
        expect(fields.recipient).toEqual({ stringValue: await recipientKey(address, SECRET) });
      }
    }
  });
});
