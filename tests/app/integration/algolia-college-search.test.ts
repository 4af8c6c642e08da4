import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAlgoliaCollegeSearch } from '@/adapters/algolia/algolia-college-search.adapter';
import { createSearchColleges } from '@/domain/use-cases/search-colleges.use-case';
import { DEFAULT_COLLEGES } from '@/domain/default-colleges';
import { describeCollegeSearchContract } from '../contract/college-search.contract';
import { type FakeAlgolia, startFakeAlgolia } from '../../../stand-ins/fake-algolia-server';

// The Algolia adapter against a real HTTP server on 127.0.0.1, reached through the client's
// `hosts` option: the exact request, the mapping of hits, and every kind of failure.
let server: FakeAlgolia;
beforeAll(async () => {
  server = await startFakeAlgolia();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const search = (timeouts?: { connect?: number; read?: number }) =>
  createAlgoliaCollegeSearch({
    appId: 'TESTAPP',
    apiKey: 'search-only-key',
    hosts: [{ host: server.host, port: server.port, protocol: 'http' }],
    ...(timeouts ? { timeouts } : {}),
  });

describe('Algolia college search adapter', () => {
  it('sends one multi-index query: index colleges, the text, hitsPerPage 3, the app id and key', async () => {
    await search().search('cucei');
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.path).toBe('/1/indexes/*/queries');
    expect(request!.body).toEqual({
      requests: [{ indexName: 'colleges', query: 'cucei', hitsPerPage: 3 }],
    });
    const credential = (name: string) =>
      request!.headers[name] ?? request!.query.get(name) ?? undefined;
    expect(credential('x-algolia-application-id')).toBe('TESTAPP');
    expect(credential('x-algolia-api-key')).toBe('search-only-key');
  });

  it('maps hits: objectID to id, shortName falls back to subname', async () => {
    server.planNext({
      body: {
        results: [
          {
            hits: [
              {
                objectID: 'udg-cucei',
                name: 'Universidad de Guadalajara',
                subname: 'CUCEI',
                shortName: 'UDG - CUCEI',
              },
              { objectID: 'x-1', name: 'Universidad X', subname: 'Campus Norte' },
              { name: 'sin id' },
            ],
          },
        ],
      },
    });
    expect(await search().search('u')).toEqual([
      {
        id: 'udg-cucei',
        name: 'Universidad de Guadalajara',
        subname: 'CUCEI',
        shortName: 'UDG - CUCEI',
      },
      { id: 'x-1', name: 'Universidad X', subname: 'Campus Norte', shortName: 'Campus Norte' },
    ]);
  });

  it('gives an empty list for missing results or missing hits', async () => {
    server.planNext({ body: {} });
    expect(await search().search('a')).toEqual([]);
    server.planNext({ body: { results: [{}] } });
    expect(await search().search('a')).toEqual([]);
    server.planNext({ body: { results: [{ hits: 'nope' }] } });
    expect(await search().search('a')).toEqual([]);
  });

  it('maps a 4xx answer through the status mapping (403 permission-denied, 404 not-found)', async () => {
    server.planNext({ status: 403 });
    await expect(search().search('a')).rejects.toMatchObject({ code: 'permission-denied' });
    server.planNext({ status: 404 });
    await expect(search().search('a')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('maps a 5xx answer (retried, then given up) to its status code', async () => {
    server.planNext({ status: 503 });
    await expect(search().search('a')).rejects.toMatchObject({ code: 'unavailable' });
    server.planNext({ status: 500 });
    await expect(search().search('a')).rejects.toMatchObject({ code: 'internal' });
  });

  it('maps a time-out to deadline-exceeded', async () => {
    server.planNext({ hang: true });
    await expect(search({ connect: 200, read: 300 }).search('a')).rejects.toMatchObject({
      code: 'deadline-exceeded',
    });
  });

  it('a server that never answers ends at the request deadline, with the defaults and the error, and the retry works', async () => {
    // The client's own time-outs set far beyond the deadline: the use case's deadline (15 s in
    // production, 300 ms here) is what ends the call.
    const collegeSearch = search({ connect: 60_000, read: 60_000 });
    const searchColleges = createSearchColleges({ collegeSearch, timeoutMs: 300 });
    server.planNext({ hang: true });
    const outcome = await searchColleges('cucei');
    expect(outcome.colleges).toEqual(DEFAULT_COLLEGES);
    expect(outcome.error?.code).toBe('deadline-exceeded');
    const retry = await searchColleges('cucei');
    expect(retry.error).toBeUndefined();
    expect(retry.colleges.map((c) => c.id)).toContain('udg-cucei');
  });

  it('maps an unreachable host to unavailable', async () => {
    const closed = await startFakeAlgolia();
    const port = closed.port;
    await closed.close();
    const adapter = createAlgoliaCollegeSearch({
      appId: 'A',
      apiKey: 'k',
      hosts: [{ host: '127.0.0.1', port, protocol: 'http' }],
    });
    await expect(adapter.search('a')).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('through the use case, any failure gives the three defaults and the error', async () => {
    server.planNext({ status: 503 });
    const outcome = await createSearchColleges({ collegeSearch: search() })('cucei');
    expect(outcome.colleges).toEqual(DEFAULT_COLLEGES);
    expect(outcome.error?.code).toBe('unavailable');
  });
});

describeCollegeSearchContract('algolia (local HTTP server)', async () => search());
