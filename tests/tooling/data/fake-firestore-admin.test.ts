import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeFirestore, type FakeFirestore } from '../../../stand-ins/fake-firestore-server';

// The Admin-SDK routes of the Firestore stand-in (stand-ins/fake-firestore-admin.ts) at the wire,
// in the shapes firebase-admin's REST client sends (enums as numbers). The SDK itself drives them
// in tests/firebase (the hero function, scripts/ops/).

const ROOT = 'projects/demo-estudiantes/databases/(default)/documents';
let fake: FakeFirestore;
let base = '';
beforeAll(async () => {
  fake = await startFakeFirestore();
  base = `http://127.0.0.1:${fake.port}/v1/${ROOT}`;
});
afterAll(() => fake.close());

const call = async (suffix: string, body?: unknown, authorization = 'Bearer owner') => {
  const res = await fetch(`${base}${suffix}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as unknown };
};
const consent = (uid: string, at: string) => {
  const name = `${ROOT}/heroConsent/${uid}`;
  fake.documents.set(name, { name, fields: { grantedAt: { timestampValue: at } }, createTime: at });
};

describe('the Firestore stand-in’s Admin-SDK routes', () => {
  beforeEach(() => {
    fake.reset();
    consent('a', '2026-03-01T00:00:00Z');
    consent('c', '2026-03-03T00:00:00.500Z');
    consent('b', '2026-03-02T00:00:00Z');
  });

  it('runQuery: one collection, newest first, limited, names only', async () => {
    const { status, json } = await call(':runQuery', {
      structuredQuery: {
        from: [{ collectionId: 'heroConsent' }],
        orderBy: [{ field: { fieldPath: 'grantedAt' }, direction: 2 }],
        select: { fields: [{ fieldPath: '__name__' }] },
        limit: 2,
      },
    });
    expect(status).toBe(200);
    const docs = (json as { document: { name: string; fields: object } }[]).map((r) => r.document);
    expect(docs.map((d) => d.name.split('/').pop())).toEqual(['c', 'b']);
    expect(docs.every((d) => Object.keys(d.fields).length === 0)).toBe(true);
  });

  it('runQuery: an EQUAL filter; an empty answer is a bare readTime; other filters are refused', async () => {
    const where = (value: string, op: number | string = 5) => ({
      structuredQuery: {
        from: [{ collectionId: 'heroConsent' }],
        where: {
          fieldFilter: { field: { fieldPath: 'grantedAt' }, op, value: { timestampValue: value } },
        },
      },
    });
    const hit = await call(':runQuery', where('2026-03-02T00:00:00.000Z'));
    expect((hit.json as { document: { name: string } }[])[0]!.document.name).toMatch(/\/b$/);
    const none = await call(':runQuery', where('2020-01-01T00:00:00Z'));
    expect(none.json).toEqual([{ readTime: expect.any(String) }]);
    expect((await call(':runQuery', where('2026-03-02T00:00:00Z', 3))).status).toBe(400);
  });

  it('commit: server time, update masks, preconditions (atomic), deletes; batchGet and listDocuments read it', async () => {
    const name = `${ROOT}/waitlist/u1`;
    const created = await call(':commit', {
      writes: [
        {
          update: {
            name,
            fields: { email: { stringValue: 'a@b.mx' }, collegeId: { stringValue: 'x' } },
          },
          updateTransforms: [{ fieldPath: 'timestamp', setToServerValue: 1 }],
          currentDocument: { exists: false },
        },
      ],
    });
    expect(created.status).toBe(200);
    expect(Object.keys(fake.documents.get(name)!.fields).sort()).toEqual([
      'collegeId',
      'email',
      'timestamp',
    ]);
    // A failed precondition changes nothing, not even the other write of the commit.
    const refused = await call(':commit', {
      writes: [
        { delete: `${ROOT}/heroConsent/a` },
        {
          update: { name: `${ROOT}/waitlist/nadie`, fields: {} },
          currentDocument: { exists: true },
        },
      ],
    });
    expect(refused.status).toBe(404);
    expect(fake.documents.has(`${ROOT}/heroConsent/a`)).toBe(true);
    await call(':commit', {
      writes: [
        {
          update: { name, fields: { collegeId: { stringValue: 'y' } } },
          updateMask: { fieldPaths: ['collegeId'] },
          currentDocument: { exists: true },
        },
      ],
    });
    const got = await call(':batchGet', { documents: [name, `${ROOT}/waitlist/nadie`] });
    expect(got.json).toMatchObject([
      { found: { fields: { email: { stringValue: 'a@b.mx' }, collegeId: { stringValue: 'y' } } } },
      { missing: `${ROOT}/waitlist/nadie` },
    ]);
    const written = await call(':batchWrite', { writes: [{ delete: name }, { delete: name }] });
    expect(written.json).toMatchObject({ status: [{ code: 0 }, { code: 0 }] });
    expect(fake.documents.has(name)).toBe(false);
    const listed = await call('/heroConsent');
    expect((listed.json as { documents: unknown[] }).documents).toHaveLength(3);
  });

  it('serves only the owner credential: a student’s token goes to the client rules', async () => {
    // The client rules allow no query at all: a student's token is refused.
    const { status } = await call(':runQuery', { structuredQuery: {} }, 'Bearer not-owner');
    expect(status).toBe(403);
  });
});
