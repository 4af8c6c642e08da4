/**
 * The search index's record of a campus an operator adds (issue 61): 'Agregar al catálogo' in the
 * console and `npm run campus:add` (which runs this same code with the operator's environment)
 * write it, so the students' search finds the campus at once, without a terminal.
 *
 * Algolia's REST API, no SDK in the function: one batch saving the record (the `colleges` index,
 * the record scripts/data/colleges-index.ts's collegeRecords makes: no keywords for an added
 * campus), then its task polled until published. The app id is `ALGOLIA_APP_ID` (functions/.env,
 * the page's VITE_ALGOLIA_APP_ID) and the write key the secret `ALGOLIA_ADMIN_KEY` (Secret
 * Manager; functions/.secret.local in the emulator), never the page's search-only key.
 * `ALGOLIA_HOST` replaces Algolia's host (a local stand-in in the tests; the command's
 * `--algolia-host`).
 */
import { defineSecret } from 'firebase-functions/params';

export const ALGOLIA_ADMIN_KEY = defineSecret('ALGOLIA_ADMIN_KEY');

const INDEX = 'colleges';
/** How long the index may take to publish the record. */
const PUBLISH_MS = 30_000;

export interface IndexedCampus {
  readonly id: string;
  readonly name: string;
  readonly subname: string;
  readonly shortName: string;
}

/** Saves the campus's search record and waits until the index has it; throws when it cannot. */
export async function indexCampus(
  college: IndexedCampus,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const appId = env.ALGOLIA_APP_ID ?? env.VITE_ALGOLIA_APP_ID;
  const key = env.ALGOLIA_ADMIN_KEY;
  if (!appId || !key) {
    throw new Error('The search index is not configured (ALGOLIA_APP_ID, ALGOLIA_ADMIN_KEY).');
  }
  const origin = (env.ALGOLIA_HOST ?? `https://${appId}.algolia.net`).replace(/\/+$/, '');
  const call = async (path: string, init: RequestInit = {}): Promise<Record<string, unknown>> => {
    const response = await fetch(`${origin}/1/indexes/${INDEX}/${path}`, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        'X-Algolia-Application-Id': appId,
        'X-Algolia-API-Key': key,
      },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`The search index answered ${response.status}.`);
    return (await response.json()) as Record<string, unknown>;
  };
  const record = {
    objectID: college.id,
    name: college.name,
    subname: college.subname,
    shortName: college.shortName,
    keywords: [],
  };
  const saved = await call('batch', {
    method: 'POST',
    body: JSON.stringify({ requests: [{ action: 'addObject', body: record }] }),
  });
  const deadline = Date.now() + PUBLISH_MS;
  for (let wait = 100; Date.now() < deadline; wait = Math.min(wait * 2, 2_000)) {
    const task = await call(`task/${String(saved.taskID)}`);
    if (task.status === 'published') return;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  throw new Error('The search index did not publish the campus in time.');
}
