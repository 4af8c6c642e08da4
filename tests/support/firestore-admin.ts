/**
 * The Firestore emulator's documents, read and written as an operator (`Bearer owner`: the rules
 * do not apply, as for the Admin SDK), through its REST API. No test-runner import: the browser
 * tests use it too. The emulator is at FIRESTORE_EMULATOR_HOST (scripts/test/firestore-emulator.sh).
 */
const HOST = process.env.FIRESTORE_EMULATOR_HOST;
const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-estudiantes';

const base = () => {
  if (!HOST) throw new Error('FIRESTORE_EMULATOR_HOST is not set: no Firestore emulator.');
  return `http://${HOST}`;
};
export const DOCUMENTS = `/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
/** The full resource name of a document. */
export const documentName = (path: string): string =>
  `projects/${PROJECT_ID}/databases/(default)/documents/${path}`;

/** A Firestore REST value (`{ stringValue: … }`, `{ timestampValue: … }`...). */
export type Value = Record<string, unknown>;
export type Fields = Record<string, Value>;

const owner = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: owner,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok && res.status !== 404) {
    throw new Error(`Firestore emulator ${method} ${path}: ${res.status} ${await res.text()}`);
  }
  return res;
}

/** The emulator's documents, read and written as an operator (the rules do not apply). */
export const db = {
  /**
   * Deletes every document of the project. The emulator answers 409 while a transaction is open
   * (a trigger's, say): then it tries again, for up to 10 s.
   */
  async clear(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(
        `${base()}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`,
        { method: 'DELETE' },
      );
      if (res.ok) return;
      if (res.status !== 409 || attempt >= 50) {
        throw new Error(
          `Could not clear the Firestore emulator: ${res.status} ${await res.text()}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  },
  /** Writes a whole document (fields in the REST form). */
  async put(path: string, fields: Fields): Promise<void> {
    await call('PATCH', `${DOCUMENTS}/${path}`, { fields });
  },
  /** A document's fields, or null when it does not exist. */
  async fields(path: string): Promise<Fields | null> {
    const res = await call('GET', `${DOCUMENTS}/${path}`);
    if (res.status === 404) return null;
    return ((await res.json()) as { fields?: Fields }).fields ?? {};
  },
  async has(path: string): Promise<boolean> {
    return (await this.fields(path)) !== null;
  },
  async remove(path: string): Promise<void> {
    await call('DELETE', `${DOCUMENTS}/${path}`);
  },
  /** A collection's documents: id, fields and creation time. */
  async list(collection: string): Promise<{ id: string; fields: Fields; createTime: string }[]> {
    const res = await call('GET', `${DOCUMENTS}/${collection}?pageSize=10000`);
    if (res.status === 404) return [];
    const { documents = [] } = (await res.json()) as {
      documents?: { name: string; fields?: Fields; createTime: string }[];
    };
    return documents.map((d) => ({
      id: d.name.split('/').at(-1)!,
      fields: d.fields ?? {},
      createTime: d.createTime,
    }));
  },
  /** The ids of a collection's documents. */
  async ids(collection: string): Promise<string[]> {
    return (await this.list(collection)).map((d) => d.id);
  },
  /**
   * When each document of these collections was last written, as `collection/id` -> update time:
   * equal before and after calls that wrote nothing (issue 59).
   */
  async updateTimes(...collections: string[]): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const collection of collections) {
      const res = await call('GET', `${DOCUMENTS}/${collection}?pageSize=10000`);
      if (res.status === 404) continue;
      const { documents = [] } = (await res.json()) as {
        documents?: { name: string; updateTime: string }[];
      };
      for (const d of documents) out[`${collection}/${d.name.split('/').at(-1)}`] = d.updateTime;
    }
    return out;
  },
  /** Every document of these collections, as `collection/id` -> fields (to compare states). */
  async snapshot(...collections: string[]): Promise<Record<string, Fields>> {
    const out: Record<string, Fields> = {};
    for (const collection of collections) {
      for (const d of await this.list(collection)) out[`${collection}/${d.id}`] = d.fields;
    }
    return out;
  },
};
