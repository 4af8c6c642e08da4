// The code abuse run on Firebase (scripts/bench/code-abuse.mjs): inside `firebase emulators:exec`
// (scripts/bench/code-abuse-firebase.sh), over the emulators' wire APIs as the page and a mail
// provider would use them: Google sign-ins through the Auth emulator's signInWithIdp (a fake
// Google ID token: one `sub` per address), the callables send_verification_code and
// delete_my_account over HTTP with the account's ID token, and the documents read and written as
// an operator (`Bearer owner`) in the Firestore emulator. A waitlist entry is written as the page
// writes it (its trigger runs as deployed).
import { COLLECTIONS } from '../../../src/adapters/firebase/firestore-names.ts';

const PROJECT = process.env.GCLOUD_PROJECT ?? 'demo-estudiantes';
const AUTH = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;
const FUNCTIONS = `http://${process.env.FUNCTIONS_EMULATOR_HOST ?? '127.0.0.1:5001'}/${PROJECT}/us-central1`;
const FIRESTORE = `http://${process.env.FIRESTORE_EMULATOR_HOST}/v1/projects/${PROJECT}/databases/(default)/documents`;
const OWNER = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

async function ok(res, what) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A Google sign-in as `email` (its `sub` is the address's): `{ uid, idToken }`. */
async function signIn(email) {
  const idToken = JSON.stringify({ sub: `google-${email}`, email, email_verified: true });
  const body = await ok(
    await fetch(
      `${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`,
          requestUri: 'http://localhost',
          returnSecureToken: true,
        }),
      },
    ),
    'signInWithIdp',
  );
  return { uid: body.localId, idToken: body.idToken, email };
}

/** A callable's answer (`result`), as the page's SDK calls it. */
async function call(name, account, data) {
  const body = await ok(
    await fetch(`${FUNCTIONS}/${name}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.idToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data }),
    }),
    name,
  );
  return body.result;
}

/** The student's waitlist entry of udg-cucei, as the page writes it. */
async function join(account) {
  await ok(
    await fetch(`${FIRESTORE}/${COLLECTIONS.waitlist}/${account.uid}`, {
      method: 'PATCH',
      headers: OWNER,
      body: JSON.stringify({
        fields: {
          email: { stringValue: account.email },
          collegeId: { stringValue: 'udg-cucei' },
          timestamp: { timestampValue: new Date().toISOString() },
        },
      }),
    }),
    'join',
  );
}

/** The code messages in the outbox (a code's message stays, its address forgotten once sent). */
async function codeMessages() {
  const body = await ok(
    await fetch(`${FIRESTORE}:runQuery`, {
      method: 'POST',
      headers: OWNER,
      body: JSON.stringify({
        structuredQuery: {
          from: [{ collectionId: COLLECTIONS.mailOutbox }],
          where: {
            fieldFilter: {
              field: { fieldPath: 'kind' },
              op: 'EQUAL',
              value: { stringValue: 'code' },
            },
          },
        },
      }),
    }),
    'runQuery',
  );
  return body.filter((r) => r.document).map((r) => r.document);
}

/** Lifts the domain's hourly cap between the loop's steps (its own contract test covers it). */
const clearDomainHour = async (domain) =>
  fetch(`${FIRESTORE}/${COLLECTIONS.verificationSends}/domain:${domain}`, {
    method: 'DELETE',
    headers: OWNER,
  });

/**
 * Whether two answers say the same, but for the address asked and the moment asked: the same
 * outcome and fields, and times within 5 s (the two requests of a step are made one after the
 * other).
 */
function same(x, y) {
  const keys = (a) => JSON.stringify(Object.keys(a ?? {}).sort());
  const near = (s, t) => (s === undefined) === (t === undefined) && !(Math.abs(s - t) > 5000);
  return (
    x?.outcome === y?.outcome &&
    keys(x) === keys(y) &&
    near(x.retryAt, y.retryAt) &&
    near(x.expiresAt, y.expiresAt)
  );
}

const tally = (answers) => {
  const by = {};
  for (const a of answers) by[a.outcome] = (by[a.outcome] ?? 0) + 1;
  return Object.entries(by)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
};

export async function codeAbuse({ rounds, requests }) {
  const figures = [];
  const run = Date.now().toString(36);

  // 1. One Google identity: joins, asks for 3 codes, deletes its account; `rounds` times.
  const identity = `abuso.${run}@gmail.com`;
  const answers = [];
  let queuedByIdentity = 0;
  const uids = new Set();
  for (let round = 0; round < rounds; round++) {
    const me = await signIn(identity);
    uids.add(me.uid);
    await join(me);
    for (let i = 0; i < 3; i++) {
      const address = `victima.${run}.${round}.${i}@alumnos.udg.mx`;
      answers.push(await call('send_verification_code', me, { address }));
    }
    // Queued now (deleting the account forgets its unsent messages).
    queuedByIdentity += (await codeMessages()).filter(
      (d) => d.fields.uid?.stringValue === me.uid,
    ).length;
    await call('delete_my_account', me, {});
  }
  figures.push(
    [
      `one identity, ${rounds} accounts (deleted and made again), ${answers.length} requests`,
      `${uids.size} distinct uids`,
    ],
    ['  answers', tally(answers)],
    [
      '  code e-mails queued',
      `${queuedByIdentity} (caps: 3 an hour, 6 a day, 12 ever per identity)`,
    ],
  );

  // 2. The loop: pairs of fresh students ask, step by step, one a taken and the other a free
  //    address of the same index (the taken one's holder signed in with it and joined); who asks
  //    first alternates. Each student asks 5 times (its hourly cap is 3).
  const list = 25;
  const taken = [];
  const free = [];
  for (let i = 0; i < list; i++) {
    const holder = await signIn(`tomada.${run}.${i}@alumnos.udg.mx`);
    await join(holder);
    taken.push(holder.email);
    free.push(`libre.${run}.${i}@alumnos.udg.mx`);
  }
  const before = (await codeMessages()).length;
  const perStudent = 5;
  const pairs = Math.ceil(requests / (2 * perStudent));
  let differ = 0;
  let compared = 0;
  const onTaken = [];
  const onFree = [];
  for (let p = 0; p < pairs; p++) {
    const a = await signIn(`pide.${run}.${p}.a@gmail.com`);
    const b = await signIn(`pide.${run}.${p}.b@gmail.com`);
    await join(a);
    await join(b);
    for (let s = 0; s < perStudent && compared * 2 < requests; s++) {
      const at = (p * perStudent + s) % list;
      await clearDomainHour('alumnos.udg.mx');
      // a asks the taken address on even pairs, the free one on odd; b the other.
      const [asksTaken, asksFree] = p % 2 === 0 ? [a, b] : [b, a];
      const order = s % 2 === 0 ? ['taken', 'free'] : ['free', 'taken'];
      const got = {};
      for (const which of order) {
        got[which] =
          which === 'taken'
            ? await call('send_verification_code', asksTaken, { address: taken[at] })
            : await call('send_verification_code', asksFree, { address: free[at] });
      }
      onTaken.push(got.taken);
      onFree.push(got.free);
      compared++;
      if (!same(got.taken, got.free)) differ++;
    }
  }
  const queued = (await codeMessages()).length - before;
  figures.push(
    [
      `the loop: ${compared * 2} requests by ${pairs * 2} students over ${list} taken and ${list} free addresses`,
      '',
    ],
    ['  answers on taken addresses', tally(onTaken)],
    ['  answers on free addresses', tally(onFree)],
    [
      '  code e-mails queued',
      `${queued} (all to free addresses: a taken one is never sent a code)`,
    ],
    ['  answers that differ between taken and free', `${differ} of ${compared} pairs`],
  );
  return figures;
}
