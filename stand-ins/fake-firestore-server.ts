import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isCollegeId } from '@/domain/college';
import { handleAdminRequest } from './fake-firestore-admin';

/**
 * A local HTTP server speaking the two Firestore REST calls `firebase/firestore/lite` makes for the
 * waitlist (`documents:batchGet` and `documents:commit`), because the Firestore emulator cannot
 * run on this machine. It records every request and enforces what firestore.rules says about
 * `waitlist/{uid}`: a student reads and creates only their own entry; creating needs a token with
 * an e-mail that Google verified (`email_verified: true`, `firebase.sign_in_provider: google.com`)
 * and exactly `email` (the token's), `collegeId` (the domain's id rule) and `timestamp` (the
 * server's time); no update. The rules file itself is tested against the real emulator
 * (tests/emulators/firestore-rules.test.ts). Requests of the Admin SDK (`Bearer owner`: the hero
 * function, the operator scripts) go to stand-ins/fake-firestore-admin.ts, on the same documents.
 */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: unknown;
}

/** `hang`: the request is read and never answered (a server that hangs). */
export type PlannedFailure = 'permission-denied' | 'not-found' | 'unavailable' | 'network' | 'hang';

interface StoredDocument {
  readonly name: string;
  readonly fields: Record<string, unknown>;
  readonly createTime: string;
}

const STATUS: Record<Exclude<PlannedFailure, 'network' | 'hang'>, [number, string]> = {
  'permission-denied': [403, 'PERMISSION_DENIED'],
  'not-found': [404, 'NOT_FOUND'],
  unavailable: [503, 'UNAVAILABLE'],
};

/** What firestore.rules' isVerifiedGoogleStudent() asks of the token's claims. */
export function isVerifiedGoogleStudent(claims: Record<string, unknown> | null): boolean {
  const firebase = claims?.firebase as { sign_in_provider?: unknown } | undefined;
  return (
    typeof claims?.email === 'string' &&
    claims.email_verified === true &&
    firebase?.sign_in_provider === 'google.com'
  );
}

/** The claims of an Auth emulator ID token (unsigned JWT); null when absent or unreadable. */
export function tokenClaims(authorization: string | undefined): Record<string, unknown> | null {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return null;
  }
}

export async function startFakeFirestore(port = 0) {
  const requests: RecordedRequest[] = [];
  const documents = new Map<string, StoredDocument>();
  const failures: PlannedFailure[] = [];

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      // The browser build asks first whether it may send these headers (CORS).
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
      res.setHeader(
        'Access-Control-Allow-Headers',
        req.headers['access-control-request-headers'] ?? '*',
      );
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();

      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        body,
      });

      const failure = failures.shift();
      if (failure === 'network') return void req.socket.destroy();
      if (failure === 'hang') return;
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const deny = (message: string, [status, name] = STATUS['permission-denied']) =>
        send(status, { error: { code: status, message, status: name } });
      if (failure) return deny(`Planned failure: ${failure}`, STATUS[failure]);

      // The Admin SDK's REST calls (`Bearer owner`): stand-ins/fake-firestore-admin.ts.
      const admin = { method: req.method ?? '', path, body, documents, send };
      if (handleAdminRequest({ ...admin, authorization: req.headers.authorization })) return;

      const claims = tokenClaims(req.headers.authorization);
      const uid = typeof claims?.user_id === 'string' ? claims.user_id : null;
      const ownDoc = (name: string) => {
        const m = /\/documents\/waitlist\/([^/]+)$/.exec(name);
        return m !== null && uid !== null && m[1] === uid;
      };
      const now = new Date().toISOString();

      if (path.endsWith('/documents:batchGet')) {
        const names = ((body as { documents?: unknown })?.documents ?? []) as string[];
        if (!names.every(ownDoc)) return deny('Missing or insufficient permissions.');
        return send(
          200,
          names.map((name) => {
            const found = documents.get(name);
            return found
              ? { found: { ...found, updateTime: found.createTime }, readTime: now }
              : { missing: name, readTime: now };
          }),
        );
      }

      if (path.endsWith('/documents:commit')) {
        const writes = ((body as { writes?: unknown })?.writes ?? []) as {
          update?: { name: string; fields: Record<string, { stringValue?: string }> };
          updateTransforms?: { fieldPath: string; setToServerValue?: string }[];
        }[];
        for (const write of writes) {
          const name = write.update?.name ?? '';
          const fields = write.update?.fields ?? {};
          const transforms = write.updateTransforms ?? [];
          const collegeId = fields.collegeId?.stringValue;
          const valid =
            ownDoc(name) &&
            isVerifiedGoogleStudent(claims) &&
            !documents.has(name) &&
            Object.keys(fields).sort().join() === 'collegeId,email' &&
            fields.email?.stringValue === claims?.email &&
            isCollegeId(collegeId) &&
            transforms.length === 1 &&
            transforms[0]!.fieldPath === 'timestamp' &&
            transforms[0]!.setToServerValue === 'REQUEST_TIME';
          if (!valid) return deny('Missing or insufficient permissions.');
        }
        for (const write of writes) {
          const name = write.update!.name;
          documents.set(name, {
            name,
            fields: { ...write.update!.fields, timestamp: { timestampValue: now } },
            createTime: now,
          });
        }
        return send(200, {
          writeResults: writes.map(() => ({
            updateTime: now,
            transformResults: [{ timestampValue: now }],
          })),
          commitTime: now,
        });
      }

      deny(`Not served by the fake: ${path}`, STATUS['not-found']);
    });
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    requests,
    documents,
    /** The next request fails this way. */
    failNext: (failure: PlannedFailure) => void failures.push(failure),
    reset() {
      requests.length = 0;
      documents.clear();
      failures.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeFirestore = Awaited<ReturnType<typeof startFakeFirestore>>;
