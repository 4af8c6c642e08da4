import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { db } from './firestore-admin';
import { COLLECTIONS, ENTRY_FIELDS } from '@/adapters/firebase/firestore-names';
import { COLLEGE_CHANGE_INTERVAL_MS } from '@/domain/waitlist-entry';

export { db, DOCUMENTS, documentName, type Fields, type Value } from './firestore-admin';

/**
 * The real Cloud Firestore emulator the Firebase tests run against, started by
 * scripts/test/firestore-emulator.sh (firebase-tools' own where Java 21+ is installed, else the
 * Google Cloud CLI's), which exports FIRESTORE_EMULATOR_HOST. Where none could start, every suite
 * declared with `describeFirestore` is skipped and says so loudly, with the way to run it.
 *
 * Beside the emulator: `db` (./firestore-admin.ts) seeds and reads documents as an operator, and
 * `startFirestoreProxy` is a recording, fault-injecting proxy in front of it for the wire tests
 * (what the SDK sends; a refusal, a network error or a hang on demand). The proxy imitates
 * nothing: every request it does not fail goes to the emulator.
 */
const HOST = process.env.FIRESTORE_EMULATOR_HOST;

async function reachable(hostPort: string | undefined): Promise<boolean> {
  if (!hostPort) return false;
  try {
    return (await fetch(`http://${hostPort}/`)).ok;
  } catch {
    return false;
  }
}

export const firestoreAvailable = await reachable(HOST);

export const RUN_FIRESTORE_TESTS =
  'npm run test:firebase (it starts firebase-tools’ Firestore emulator on Java 21+, or the ' +
  'Google Cloud CLI’s: `gcloud components install cloud-firestore-emulator`, or Debian’s ' +
  'google-cloud-cli-firestore-emulator, on Java 11+)';

/** A describe() that runs against the Firestore emulator, or is skipped, loudly, without one. */
export function describeFirestore(name: string, body: () => void): void {
  if (!firestoreAvailable) {
    console.warn(
      `\n*** SKIPPED: ${name}. No Firestore emulator (FIRESTORE_EMULATOR_HOST=${HOST ?? 'unset'}, ` +
        `nothing reachable). Run: ${RUN_FIRESTORE_TESTS} ***\n`,
    );
  }
  describe.skipIf(!firestoreAvailable)(name, body);
}

/** Host and port of the emulator (only where `firestoreAvailable`). */
export function firestoreHost(): { host: string; port: number } {
  const [host, port] = (HOST ?? '127.0.0.1:0').split(':');
  return { host: host!, port: Number(port) };
}

/** Waits until a document exists (a trigger's or a function's write on its way). */
export async function eventually(path: string, exists = true, timeout = 15_000): Promise<void> {
  await expect.poll(() => db.has(path), { timeout, message: path }).toBe(exists);
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: unknown;
}

/** `hang`: the request is read and never answered (a server that hangs). */
export type PlannedFailure = 'permission-denied' | 'not-found' | 'unavailable' | 'network' | 'hang';

const STATUS: Record<Exclude<PlannedFailure, 'network' | 'hang'>, [number, string]> = {
  'permission-denied': [403, 'PERMISSION_DENIED'],
  'not-found': [404, 'NOT_FOUND'],
  unavailable: [503, 'UNAVAILABLE'],
};

/**
 * A proxy in front of the emulator that records each request (method, path, Authorization, JSON
 * body) and fails the next ones on demand, in the shape Firestore's REST API fails
 * (`{ error: { code, message, status } }`). Everything else is the emulator's own answer.
 */
export async function startFirestoreProxy() {
  const requests: RecordedRequest[] = [];
  const failures: PlannedFailure[] = [];
  const target = firestoreHost();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let body: unknown;
      try {
        body = raw.length ? JSON.parse(raw.toString('utf8')) : null;
      } catch {
        body = raw.toString('utf8');
      }
      requests.push({
        method: req.method ?? '',
        path: (req.url ?? '').split('?')[0]!,
        authorization: req.headers.authorization,
        body,
      });
      const failure = failures.shift();
      if (failure === 'network') return void req.socket.destroy();
      if (failure === 'hang') return;
      if (failure) {
        const [status, name] = STATUS[failure];
        res.writeHead(status, { 'Content-Type': 'application/json' });
        return void res.end(
          JSON.stringify({ error: { code: status, message: `Planned: ${failure}`, status: name } }),
        );
      }
      const upstream = http.request(
        { ...target, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => req.socket.destroy());
      upstream.end(raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    requests,
    /** The next request fails this way. */
    failNext: (failure: PlannedFailure) => void failures.push(failure),
    /** Forgets the recorded requests and the planned failures. */
    reset() {
      requests.length = 0;
      failures.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FirestoreProxy = Awaited<ReturnType<typeof startFirestoreProxy>>;

/** The student's last change of campus moved two minutes back, as an operator (issue 59). */
export async function ageCollegeChange(uid: string): Promise<void> {
  const path = `${COLLECTIONS.waitlist}/${uid}`;
  const fields = await db.fields(path);
  if (!fields?.[ENTRY_FIELDS.collegeChangedAt]) return;
  await db.put(path, {
    ...fields,
    [ENTRY_FIELDS.collegeChangedAt]: {
      timestampValue: new Date(Date.now() - 2 * COLLEGE_CHANGE_INTERVAL_MS).toISOString(),
    },
  });
}
