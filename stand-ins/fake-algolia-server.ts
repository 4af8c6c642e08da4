import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { searchCatalogue } from '@/adapters/memory/memory-college-search.adapter';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';

/**
 * A local HTTP server in place of Algolia's hosts: it answers the lite client's multi-index query
 * (`POST /1/indexes/*\/queries`) from the seed catalogue, in Algolia's answer shape, records every
 * request, and can answer with a planned status, a malformed body, or not at all (a time-out). It
 * also keeps indices for the write calls scripts/data/upload-colleges.mjs makes (copy and move
 * operations, batches, settings, tasks), which it publishes at once.
 */
export interface RecordedSearch {
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly query: URLSearchParams;
  readonly body: unknown;
}

export type PlannedAnswer =
  { readonly status: number } | { readonly body: unknown } | { readonly hang: true };

interface FakeIndex {
  records: Map<string, Record<string, unknown>>;
  settings: Record<string, unknown>;
}

export async function startFakeAlgolia(port = 0) {
  const requests: RecordedSearch[] = [];
  const planned: PlannedAnswer[] = [];
  const indices = new Map<string, FakeIndex>();
  let tasks = 0;
  const index = (name: string): FakeIndex => {
    if (!indices.has(name)) indices.set(name, { records: new Map(), settings: {} });
    return indices.get(name)!;
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', '*');
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // Recorded as text.
      }
      requests.push({ path: url.pathname, headers: req.headers, query: url.searchParams, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      const plan = planned.shift();
      if (plan && 'hang' in plan) return; // never answers: the client times out
      if (plan && 'status' in plan)
        return send(plan.status, { message: 'Planned', status: plan.status });
      if (plan && 'body' in plan) return send(200, plan.body);

      const write = /^\/1\/indexes\/([^/]+)\/(operation|batch|settings|task\/\d+)$/.exec(
        url.pathname,
      );
      if (write) {
        const name = decodeURIComponent(write[1]!);
        const kind = write[2]!;
        const taskID = ++tasks;
        const done = { taskID, updatedAt: new Date().toISOString() };
        if (kind.startsWith('task/')) return send(200, { status: 'published', pendingTask: false });
        if (kind === 'settings') {
          Object.assign(index(name).settings, body);
          return send(200, done);
        }
        if (kind === 'batch') {
          const ops = (body as { requests: { action: string; body: Record<string, unknown> }[] })
            .requests;
          for (const op of ops) index(name).records.set(String(op.body.objectID), op.body);
          return send(200, { ...done, objectIDs: ops.map((op) => op.body.objectID) });
        }
        const { operation, destination } = body as { operation: string; destination: string };
        const source = index(name);
        if (operation === 'copy') {
          // Copying with scopes (settings, rules, synonyms) copies no records.
          index(destination).settings = { ...source.settings };
        } else if (operation === 'move') {
          indices.set(destination, source);
          indices.delete(name);
        }
        return send(200, done);
      }

      const requestsList = (body as { requests?: { query?: string; hitsPerPage?: number }[] })
        ?.requests;
      if (url.pathname !== '/1/indexes/*/queries' || !Array.isArray(requestsList)) {
        return send(404, { message: 'Not served by the fake', status: 404 });
      }
      send(200, {
        results: requestsList.map((r) => {
          // The catalogue, and the campuses written to the index beyond it (issue 49: campus:add).
          const added = [...index('colleges').records.values()]
            .filter((rec) => !COLLEGE_CATALOGUE.some((c) => c.id === rec.objectID))
            .map((rec) => ({
              id: String(rec.objectID),
              name: String(rec.name ?? ''),
              subname: String(rec.subname ?? ''),
              shortName: String(rec.shortName ?? ''),
              keywords: Array.isArray(rec.keywords) ? rec.keywords.map(String) : [],
            }));
          const catalogue = added.length ? [...COLLEGE_CATALOGUE, ...added] : COLLEGE_CATALOGUE;
          const hits = searchCatalogue(r.query ?? '', catalogue, r.hitsPerPage ?? 20).map(
            ({ id, ...rest }) => ({ objectID: id, ...rest }),
          );
          return { hits, nbHits: hits.length, query: r.query ?? '', params: '' };
        }),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    requests,
    indices,
    /** The next request gets this answer. */
    planNext: (answer: PlannedAnswer) => void planned.push(answer),
    reset() {
      requests.length = 0;
      planned.length = 0;
      indices.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeAlgolia = Awaited<ReturnType<typeof startFakeAlgolia>>;
