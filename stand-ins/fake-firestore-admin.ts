/**
 * The Admin SDK's side of the Firestore stand-in (stand-ins/fake-firestore-server.ts delegates to
 * it): the REST calls firebase-admin's Firestore makes with `preferRest: true` against an emulator
 * (FIRESTORE_EMULATOR_HOST), which always carry `Authorization: Bearer owner` and so bypass the
 * rules, as they do in the real emulator. Used by the hero function in the Functions emulator and
 * by the operator scripts (scripts/ops/) in tests.
 *
 * Served, on `/v1/projects/{p}/databases/(default)/documents`:
 * - `:runQuery`: one collection (`from`), `where` with EQUAL field filters (alone or ANDed),
 *   `orderBy` (leaving out documents without the field, as Firestore does), `limit` and
 *   `select` (a projection on `__name__` returns no field);
 * - `:runAggregationQuery`: `count` over such a query;
 * - `:batchGet`, `:commit` and `:batchWrite`: `update` (with `updateMask` and
 *   `updateTransforms` REQUEST_TIME), `delete`, and `currentDocument` (`exists`) preconditions;
 * - transactions (`:beginTransaction`, `newTransaction` on a read, `transaction` on a commit,
 *   `:rollback`): the stand-in answers one request at a time, so a transaction's reads and its
 *   commit see no other writer in between only when no other request interleaves; enough for
 *   the functions' read-then-write calls, not a test of Firestore's isolation;
 * - `GET .../documents/{collection}`: listDocuments.
 * Enums come as numbers (the REST client asks for `enum-encoding=int`) or names; both are read.
 */

/** A stored document, as the server keeps it (`name` is the full resource name). */
export interface AdminDocument {
  readonly name: string;
  readonly fields: Record<string, unknown>;
  readonly createTime: string;
  readonly updateTime?: string;
}

export interface AdminRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: unknown;
  readonly documents: Map<string, AdminDocument>;
  send(status: number, payload: unknown): void;
}

type Value = Record<string, unknown>;
interface FieldFilter {
  field?: { fieldPath?: string };
  op?: string | number;
  value?: Value;
}
interface Filter {
  fieldFilter?: FieldFilter;
  compositeFilter?: { op?: string | number; filters?: Filter[] };
}
interface StructuredQuery {
  from?: { collectionId?: string; allDescendants?: boolean }[];
  where?: Filter;
  orderBy?: { field?: { fieldPath?: string }; direction?: string | number }[];
  limit?: number | { value?: number };
  select?: { fields?: { fieldPath?: string }[] };
}
interface Write {
  update?: { name: string; fields?: Record<string, unknown> };
  delete?: string;
  updateMask?: { fieldPaths?: string[] };
  updateTransforms?: { fieldPath: string; setToServerValue?: string | number }[];
  currentDocument?: { exists?: boolean };
}

const DOCUMENTS = /^\/v1\/(projects\/[^/]+\/databases\/[^/]+\/documents)(.*)$/;

let transactions = 0;

/** True when the request was the Admin SDK's (`Bearer owner`) and has been answered. */
export function handleAdminRequest(req: AdminRequest): boolean {
  if (req.authorization !== 'Bearer owner') return false;
  const match = DOCUMENTS.exec(decodeURIComponent(req.path));
  if (!match) return false;
  const [, root, rest] = match as unknown as [string, string, string];
  const now = new Date().toISOString();
  const error = (status: number, name: string, message: string) =>
    req.send(status, { error: { code: status, message, status: name } });

  if (req.method === 'POST' && rest === ':runQuery') {
    const query = (req.body as { structuredQuery?: StructuredQuery })?.structuredQuery ?? {};
    const found = runQuery(root, query, req.documents);
    if (found === null)
      return (error(400, 'INVALID_ARGUMENT', 'Query not served by the fake'), true);
    req.send(
      200,
      found.length ? found.map((document) => ({ document, readTime: now })) : [{ readTime: now }],
    );
    return true;
  }

  if (req.method === 'POST' && rest === ':runAggregationQuery') {
    const body = req.body as {
      structuredAggregationQuery?: {
        structuredQuery?: StructuredQuery;
        aggregations?: { alias?: string; count?: unknown }[];
      };
    };
    const aggregation = body?.structuredAggregationQuery;
    const found = runQuery(root, aggregation?.structuredQuery ?? {}, req.documents);
    const aggregations = aggregation?.aggregations ?? [];
    if (found === null || !aggregations.length || aggregations.some((a) => !a.count)) {
      return (error(400, 'INVALID_ARGUMENT', 'Aggregation not served by the fake'), true);
    }
    const fields = Object.fromEntries(
      aggregations.map((a, i) => [
        a.alias ?? `field_${i + 1}`,
        { integerValue: String(found.length) },
      ]),
    );
    req.send(200, [{ result: { aggregateFields: fields }, readTime: now }]);
    return true;
  }

  if (req.method === 'POST' && rest === ':beginTransaction') {
    req.send(200, { transaction: Buffer.from(`tx-${++transactions}`).toString('base64') });
    return true;
  }

  if (req.method === 'POST' && rest === ':rollback') {
    req.send(200, {});
    return true;
  }

  if (req.method === 'POST' && rest === ':batchGet') {
    const body = req.body as { documents?: unknown; newTransaction?: unknown };
    const names = (body?.documents ?? []) as string[];
    // A read that opens a transaction answers its id first.
    const opened = body?.newTransaction
      ? [{ transaction: Buffer.from(`tx-${++transactions}`).toString('base64'), readTime: now }]
      : [];
    req.send(200, [
      ...opened,
      ...names.map((name) => {
        const doc = req.documents.get(name);
        return doc ? { found: withTimes(doc), readTime: now } : { missing: name, readTime: now };
      }),
    ]);
    return true;
  }

  if (req.method === 'POST' && (rest === ':commit' || rest === ':batchWrite')) {
    const writes = ((req.body as { writes?: unknown })?.writes ?? []) as Write[];
    // A commit is atomic: every precondition is checked before anything changes.
    for (const write of writes) {
      const name = write.update?.name ?? write.delete ?? '';
      const exists = write.currentDocument?.exists;
      if (exists === true && !req.documents.has(name)) {
        return (error(404, 'NOT_FOUND', `No document to update: ${name}`), true);
      }
      if (exists === false && req.documents.has(name)) {
        return (error(409, 'ALREADY_EXISTS', `Document already exists: ${name}`), true);
      }
    }
    const results = writes.map((write) => applyWrite(write, req.documents, now));
    if (rest === ':batchWrite') {
      req.send(200, { writeResults: results, status: writes.map(() => ({ code: 0 })) });
    } else {
      req.send(200, { writeResults: results, commitTime: now });
    }
    return true;
  }

  if (req.method === 'GET' && /^\/[^/]+$/.test(rest)) {
    const prefix = `${root}${rest}/`;
    const documents = [...req.documents.values()]
      .filter((d) => d.name.startsWith(prefix) && !d.name.slice(prefix.length).includes('/'))
      .map(withTimes);
    req.send(200, { documents });
    return true;
  }
  return false;
}

function withTimes(doc: AdminDocument) {
  return { ...doc, updateTime: doc.updateTime ?? doc.createTime };
}

function applyWrite(write: Write, documents: Map<string, AdminDocument>, now: string) {
  if (write.delete) {
    documents.delete(write.delete);
    return { updateTime: now };
  }
  const name = write.update!.name;
  const before = documents.get(name);
  const given = write.update!.fields ?? {};
  let fields: Record<string, unknown>;
  if (write.updateMask?.fieldPaths) {
    fields = { ...(before?.fields ?? {}) };
    for (const path of write.updateMask.fieldPaths) {
      if (path in given) fields[path] = given[path];
      else delete fields[path];
    }
  } else {
    fields = { ...given };
  }
  const transformResults = (write.updateTransforms ?? []).map((t) => {
    if (t.setToServerValue !== 'REQUEST_TIME' && t.setToServerValue !== 1) {
      throw new Error(`Transform not served by the fake: ${JSON.stringify(t)}`);
    }
    fields[t.fieldPath] = { timestampValue: now };
    return { timestampValue: now };
  });
  documents.set(name, { name, fields, createTime: before?.createTime ?? now, updateTime: now });
  return { updateTime: now, transformResults };
}

/** The documents a query returns, or null when it asks for something this fake does not do. */
function runQuery(
  root: string,
  query: StructuredQuery,
  documents: Map<string, AdminDocument>,
): AdminDocument[] | null {
  const from = query.from ?? [];
  if (from.length !== 1 || from[0]!.allDescendants || !from[0]!.collectionId) return null;
  const prefix = `${root}/${from[0]!.collectionId}/`;
  let found = [...documents.values()].filter(
    (d) => d.name.startsWith(prefix) && !d.name.slice(prefix.length).includes('/'),
  );
  if (query.where) {
    const filters = flatten(query.where);
    if (filters === null) return null;
    for (const f of filters) {
      const path = f.field?.fieldPath ?? '';
      found = found.filter((d) => equal(d.fields[path] as Value | undefined, f.value));
    }
  }
  for (const order of [...(query.orderBy ?? [])].reverse()) {
    const path = order.field?.fieldPath ?? '';
    // As Firestore: a document without the ordered field is left out of the answer.
    if (path !== '__name__') found = found.filter((d) => d.fields[path] !== undefined);
    const sign = order.direction === 2 || order.direction === 'DESCENDING' ? -1 : 1;
    found = [...found].sort((a, b) => {
      const key = (d: AdminDocument) =>
        path === '__name__' ? d.name : sortKey(d.fields[path] as Value | undefined);
      const [x, y] = [key(a), key(b)];
      return sign * (x < y ? -1 : x > y ? 1 : 0);
    });
  }
  const limit = typeof query.limit === 'number' ? query.limit : query.limit?.value;
  if (limit !== undefined) found = found.slice(0, limit);
  const selected = query.select?.fields?.map((f) => f.fieldPath ?? '');
  if (selected) {
    found = found.map((d) => ({
      ...d,
      fields: Object.fromEntries(Object.entries(d.fields).filter(([k]) => selected.includes(k))),
    }));
  }
  return found.map(withTimes);
}

function flatten(filter: Filter): FieldFilter[] | null {
  if (filter.fieldFilter) {
    const op = filter.fieldFilter.op;
    return op === 'EQUAL' || op === 5 ? [filter.fieldFilter] : null;
  }
  const composite = filter.compositeFilter;
  if (composite && (composite.op === 'AND' || composite.op === 1)) {
    const parts = (composite.filters ?? []).map(flatten);
    return parts.some((p) => p === null) ? null : (parts as FieldFilter[][]).flat();
  }
  return null;
}

function equal(a: Value | undefined, b: Value | undefined): boolean {
  return a !== undefined && b !== undefined && sortKey(a) === sortKey(b);
}

/** A comparable form of a Firestore value (timestamps by instant, numbers padded). */
function sortKey(value: Value | undefined): string {
  if (!value) return '';
  if (typeof value.timestampValue === 'string') {
    return `t${new Date(value.timestampValue).toISOString()}`;
  }
  if (value.integerValue !== undefined || value.doubleValue !== undefined) {
    return `n${String(Number(value.integerValue ?? value.doubleValue) + 1e15).padStart(20, '0')}`;
  }
  if (typeof value.stringValue === 'string') return `s${value.stringValue}`;
  return JSON.stringify(value);
}
