import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isCollegeId } from '@/domain/college';
import { handleAdminRequest } from './fake-firestore-admin';

/**
 * A local HTTP server speaking the two Firestore REST calls `firebase/firestore/lite` makes for the
 * waitlist and the hero consent (`documents:batchGet` and `documents:commit`), because the
 * Firestore emulator cannot run on this machine. It records every request and enforces what
 * firestore.rules says, at the wire:
 * - `waitlist/{uid}`: a student reads only their own entry and creates it once, with a token whose
 *   e-mail Google verified (`email_verified: true`, `firebase.sign_in_provider: google.com`) and
 *   exactly `email` (the token's), `collegeId` (the domain's id rule) and `timestamp` (the server's
 *   time). An update (with or without an `updateMask`) may change `collegeId` alone, of an entry
 *   that exists, with the same token check; a whole new entry over the stored one is refused. A
 *   student deletes only their own entry (a missing one too).
 * - `heroConsent/{uid}`: a student reads, creates and deletes only their own; creating it needs
 *   the same token check and the student's entry (`waitlist/{uid}`, as stored before the commit);
 *   the document is exactly `{ grantedAt }`, the server's time; it is never updated (the first
 *   date stands).
 * - No other collection. A precondition `currentDocument.exists` is honoured after the rules.
 * The rules file itself is tested against the real emulator (tests/firebase/firestore-rules.test.ts).
 * Requests of the Admin SDK (`Bearer owner`: the hero function, the operator scripts) go to
 * stand-ins/fake-firestore-admin.ts, on the same documents.
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

type Value = Record<string, unknown>;
type Fields = Record<string, Value>;

/** One write of a `documents:commit` request, as the SDK sends it. */
export interface CommitWrite {
  readonly update?: { readonly name: string; readonly fields?: Fields };
  readonly delete?: string;
  readonly updateMask?: { readonly fieldPaths: readonly string[] };
  readonly updateTransforms?: readonly { fieldPath: string; setToServerValue?: string }[];
  readonly currentDocument?: { readonly exists?: boolean };
}

const DOCUMENT = /\/documents\/(waitlist|heroConsent)\/([^/]+)$/;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What firestore.rules decides about one client write, given the stored fields (null when the
 * document is missing) and the token's claims: the fields to store (null for a delete), or a
 * refusal ('permission-denied') or a failed precondition ('not-found').
 */
export function judgeClientWrite(
  write: CommitWrite,
  stored: Fields | null,
  claims: Record<string, unknown> | null,
  now: string,
  /** Whether a document exists as stored before the commit (the rules' `exists()`). */
  exists: (name: string) => boolean = () => false,
): { fields: Fields | null } | { refused: 'permission-denied' | 'not-found' } {
  const denied = { refused: 'permission-denied' } as const;
  const name = write.update?.name ?? write.delete ?? '';
  const match = DOCUMENT.exec(name);
  const uid = typeof claims?.user_id === 'string' ? claims.user_id : null;
  if (!match || uid === null || match[2] !== uid) return denied;
  const collection = match[1];

  if (write.delete !== undefined) {
    if (write.update || write.updateMask || write.updateTransforms) return denied;
    if (write.currentDocument?.exists === true && !stored) return { refused: 'not-found' };
    return { fields: null };
  }

  // The document as it would be after the write (what the rules call request.resource.data), and
  // the keys the server sets to its own time.
  const sent = write.update?.fields ?? {};
  const next: Fields = write.updateMask ? { ...(stored ?? {}) } : {};
  if (write.updateMask) {
    for (const path of write.updateMask.fieldPaths) {
      if (path in sent) next[path] = sent[path]!;
      else delete next[path];
    }
  } else Object.assign(next, sent);
  const serverTimed = new Set<string>();
  for (const transform of write.updateTransforms ?? []) {
    if (transform.setToServerValue !== 'REQUEST_TIME') return denied;
    next[transform.fieldPath] = { timestampValue: now };
    serverTimed.add(transform.fieldPath);
  }
  const keys = Object.keys(next).sort().join();
  if (!isVerifiedGoogleStudent(claims)) return denied;

  if (collection === 'waitlist') {
    const collegeId = next.collegeId?.stringValue;
    if (stored) {
      // Update: collegeId is the only key that changes (a server time is always a change).
      const affected = new Set([...Object.keys(stored), ...Object.keys(next)]);
      for (const key of affected) {
        const changed = serverTimed.has(key) || !same(stored[key], next[key]);
        if (changed && key !== 'collegeId') return denied;
      }
      if (!isCollegeId(collegeId)) return denied;
    } else {
      const valid =
        keys === 'collegeId,email,timestamp' &&
        next.email?.stringValue === claims?.email &&
        isCollegeId(collegeId) &&
        serverTimed.has('timestamp');
      if (!valid) return denied;
    }
  } else if (keys !== 'grantedAt' || !serverTimed.has('grantedAt') || stored) {
    return denied;
  } else if (!exists(name.replace('/heroConsent/', '/waitlist/'))) {
    return denied;
  }
  if (write.currentDocument?.exists === true && !stored) return { refused: 'not-found' };
  if (write.currentDocument?.exists === false && stored) return denied;
  return { fields: next };
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

      let body: unknown;
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
        const m = DOCUMENT.exec(name);
        return m !== null && uid !== null && m[2] === uid;
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
        const writes = ((body as { writes?: unknown })?.writes ?? []) as CommitWrite[];
        // A commit is atomic: every write is judged (against the writes before it) before any
        // is stored.
        const after = new Map<string, Fields | null>();
        for (const write of writes) {
          const name = write.update?.name ?? write.delete ?? '';
          const stored = after.has(name) ? after.get(name)! : (documents.get(name)?.fields ?? null);
          const verdict = judgeClientWrite(write, stored as Fields | null, claims, now, (other) =>
            documents.has(other),
          );
          if ('refused' in verdict) {
            return verdict.refused === 'not-found'
              ? deny(`No document to update: ${name}`, STATUS['not-found'])
              : deny('Missing or insufficient permissions.');
          }
          after.set(name, verdict.fields);
        }
        for (const [name, fields] of after) {
          if (fields === null) documents.delete(name);
          else {
            const createTime = documents.get(name)?.createTime ?? now;
            documents.set(name, { name, fields, createTime });
          }
        }
        return send(200, {
          writeResults: writes.map((write) => ({
            updateTime: now,
            ...(write.updateTransforms
              ? { transformResults: write.updateTransforms.map(() => ({ timestampValue: now })) }
              : {}),
          })),
          commitTime: now,
        });
      }

      // A query or a listing of any collection: the rules allow no list anywhere.
      if (/:runQuery$|:runAggregationQuery$|:listDocuments$/.test(path) || req.method === 'GET') {
        return deny('Missing or insufficient permissions.');
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
