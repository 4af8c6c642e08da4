import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { searchCatalogue } from '@/adapters/memory/memory-college-search.adapter';
import { COLLEGE_CATALOGUE } from '@/adapters/memory/college-catalogue';

/**
 * A local HTTP server in place of Algolia's search hosts: it answers the lite client's
 * multi-index query (`POST /1/indexes/*\/queries`) from the seed catalogue, in Algolia's answer
 * shape, records every request, and can answer with a planned status, a malformed body, or not
 * at all (a time-out).
 */
export interface RecordedSearch {
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly query: URLSearchParams;
  readonly body: unknown;
}

export type PlannedAnswer =
  { readonly status: number } | { readonly body: unknown } | { readonly hang: true };

export async function startFakeAlgolia(port = 0) {
  const requests: RecordedSearch[] = [];
  const planned: PlannedAnswer[] = [];
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

      const requestsList = (body as { requests?: { query?: string; hitsPerPage?: number }[] })
        ?.requests;
      if (url.pathname !== '/1/indexes/*/queries' || !Array.isArray(requestsList)) {
        return send(404, { message: 'Not served by the fake', status: 404 });
      }
      send(200, {
        results: requestsList.map((r) => {
          const hits = searchCatalogue(r.query ?? '', COLLEGE_CATALOGUE, r.hitsPerPage ?? 20).map(
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
    /** The next request gets this answer. */
    planNext: (answer: PlannedAnswer) => void planned.push(answer),
    reset() {
      requests.length = 0;
      planned.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeAlgolia = Awaited<ReturnType<typeof startFakeAlgolia>>;
