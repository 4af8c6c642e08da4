/**
 * The leave link of every e-mail (issues 25, 51): the /salir page's `check_leave_link` and
 * `leave_by_link`, and the one-click endpoint `salir` (RFC 8058, at /api/salir on the site). The
 * token is the key (src/domain/mail/leave-token.ts, mirrored): no sign-in. A valid link removes
 * its student (students.ts) while their entry is the one it names; an expired one of ours only
 * stops their e-mails: `mailStops/{uid}` = `{ joined }` keeps the launch from recording one for
 * that entry (deleted with the student; a new entry of theirs is written to again).
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { onCall, onRequest } from 'firebase-functions/v2/https';
import { COLLECTIONS } from './mirror/adapters/firebase/firestore-names';
import { type LeaveLinkState, readLeaveToken } from './mirror/domain/mail/leave-token';
import { db, field, joinedOf, MAIL_TOKEN_SECRET, SIGNING_CALLABLE, unavailable } from './platform';
import { removeStudent } from './students';

/**
 * An expired leave link used (issue 51): while the entry it names is on the list, no more e-mails
 * go to it: its unsent messages fail, and `mailStops/{uid}` keeps the launch from recording one.
 * Resolves with whether the entry was there (a second use answers the same).
 */
async function stopMail(store: Firestore, uid: string, joined: number): Promise<boolean> {
  const entry = await store.collection(COLLECTIONS.waitlist).doc(uid).get();
  if (!entry.exists || joinedOf(entry.data()) !== joined) return false;
  await store.collection(COLLECTIONS.mailStops).doc(uid).set({ joined });
  const mail = await store.collection(COLLECTIONS.mailOutbox).where('uid', '==', uid).get();
  await Promise.all(
    mail.docs
      .filter((d) => d.get('status') === 'pending' && d.get('joined') === joined)
      .map((d) =>
        d.ref.update({
          status: 'failed',
          pendingDue: FieldValue.delete(),
          error: 'stopped: the student asked for no more e-mails (an expired link)',
        }),
      ),
  );
  return true;
}

/**
 * What a leave link does (`leave: false`: only says), for the token's student and only while
 * their entry is the one it names: the entry goes first, in a transaction, so of two uses at once
 * one leaves; then everything else of theirs and their account.
 */
async function leaveLink(token: unknown, leave: boolean): Promise<LeaveLinkState> {
  const reading = await readLeaveToken(token, MAIL_TOKEN_SECRET.value(), new Date());
  if (!reading.ok) {
    // An expired link of ours: too old to delete anything, it still stops the e-mails (issue 51).
    if (leave && reading.fault === 'expired' && reading.claims) {
      return (await stopMail(db(), reading.claims.uid, reading.claims.joined))
        ? 'stopped'
        : 'expired';
    }
    return reading.fault;
  }
  const { uid, joined } = reading.claims;
  const store = db();
  const entryRef = store.collection(COLLECTIONS.waitlist).doc(uid);
  const state = await store.runTransaction(async (tx) => {
    const entry = await tx.get(entryRef);
    if (!entry.exists || joinedOf(entry.data()) !== joined) return 'used' as const;
    if (!leave) return 'valid' as const;
    tx.delete(entryRef);
    return 'left' as const;
  });
  if (state !== 'left') return state;
  await removeStudent(uid);
  return 'left';
}

/** The /salir page's check: `{ state }`, without a sign-in (the token is the key). */
export const check_leave_link = onCall(SIGNING_CALLABLE, async (request) => {
  try {
    return { state: await leaveLink(field(request.data, 'token'), false) };
  } catch (error) {
    unavailable('check_leave_link', 'The link could not be checked right now.', error);
  }
});

/** The /salir page's leave, once the student confirmed: `{ state }`, without a sign-in. */
export const leave_by_link = onCall(SIGNING_CALLABLE, async (request) => {
  try {
    return { state: await leaveLink(field(request.data, 'token'), true) };
  } catch (error) {
    unavailable('leave_by_link', 'The student could not be removed right now.', error);
  }
});

/**
 * The List-Unsubscribe address (RFC 8058), at /api/salir on the site (firebase.json): a mail
 * provider's POST `List-Unsubscribe=One-Click` leaves; a person who opens it is sent to the page,
 * which asks first. A bad token deletes nothing.
 */
export const salir = onRequest(
  { region: 'us-central1', secrets: [MAIL_TOKEN_SECRET], maxInstances: 5, memory: '256MiB' },
  async (request, response) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    if (request.method === 'GET' || request.method === 'HEAD') {
      response.redirect(303, `/salir?token=${encodeURIComponent(token)}`);
      return;
    }
    if (request.method !== 'POST') {
      response.set('Allow', 'GET, HEAD, POST').status(405).end();
      return;
    }
    const body: unknown = request.body;
    const oneClick =
      (typeof body === 'object' &&
        body !== null &&
        (body as Record<string, unknown>)['List-Unsubscribe']) ||
      new URLSearchParams(typeof body === 'string' ? body : String(request.rawBody ?? '')).get(
        'List-Unsubscribe',
      );
    response.type('text/plain; charset=utf-8');
    if (oneClick !== 'One-Click') {
      response.status(400).send('Expected List-Unsubscribe=One-Click (RFC 8058).');
      return;
    }
    try {
      const state = await leaveLink(token, true);
      if (state === 'stopped') {
        response.status(200).send('Ya no te enviaremos correos.');
      } else if (state === 'left' || state === 'used') {
        response.status(200).send('Saliste de la lista de espera.');
      } else {
        response.status(400).send('Este enlace no es válido o ya venció. No borramos nada.');
      }
    } catch (error) {
      logger.error('salir failed', { error: String(error) });
      response
        .status(503)
        .send('No pudimos sacarte de la lista de espera. Por favor intenta nuevamente.');
    }
  },
);
