// The Firestore TTL policies the privacy notice relies on (issue 59, item 6): the documents that
// carry `expireAt` are deleted by a TTL policy on that field, set once per project
// (docs/deploy-firebase.md, step 7b). `npm run deploy` reads the project's policies with the
// Google Cloud CLI (`gcloud firestore fields ttls list`, the Firestore Admin API's
// `collectionGroups/-/fields?filter=ttlConfig:*`) and refuses to deploy while one is missing.
import { execFileSync } from 'node:child_process';
import { COLLECTIONS } from '../../src/adapters/firebase/firestore-names.ts';

/** Every collection group whose documents expire by `expireAt` (docs/deploy-firebase.md, 7b). */
export const TTL_POLICIES = [
  COLLECTIONS.mailRecipients,
  COLLECTIONS.verificationCodes,
  COLLECTIONS.verificationSends,
  COLLECTIONS.codeBudget,
].map((collectionGroup) => ({ collectionGroup, field: 'expireAt' }));

/** The states of a policy that deletes what it should (CREATING: it is being applied). */
const WORKING = new Set(['ACTIVE', 'CREATING']);

/**
 * The TTL policies in an answer of `gcloud firestore fields ttls list --format=json` (a list of
 * fields) or of the Admin API's fields.list (`{ fields: [...] }`): `collectionGroup/field` ->
 * state. Anything else in the answer is left out.
 */
export function parseTtlFields(answer) {
  const fields = Array.isArray(answer) ? answer : (answer?.fields ?? []);
  const found = new Map();
  for (const field of Array.isArray(fields) ? fields : []) {
    const match = /\/collectionGroups\/([^/]+)\/fields\/([^/]+)$/.exec(String(field?.name ?? ''));
    const state = field?.ttlConfig?.state;
    if (match && typeof state === 'string') found.set(`${match[1]}/${match[2]}`, state);
  }
  return found;
}

/** What keeps the deploy: each documented policy missing or not working, with its command. */
export function missingTtlPolicies(found, project, policies = TTL_POLICIES) {
  return policies.flatMap(({ collectionGroup, field }) => {
    const state = found.get(`${collectionGroup}/${field}`);
    if (state && WORKING.has(state)) return [];
    return [
      `${state ? `The TTL policy on ${collectionGroup}.${field} is ${state}` : `No TTL policy on ${collectionGroup}.${field}`}: ` +
        `gcloud firestore fields ttls update ${field} --collection-group=${collectionGroup} --enable-ttl --project ${project}`,
    ];
  });
}

/** The project's TTL policies, read with the Google Cloud CLI (throws when it cannot). */
export function readTtlFields(project, run = execFileSync) {
  const out = run(
    'gcloud',
    ['firestore', 'fields', 'ttls', 'list', '--project', project, '--format=json'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return parseTtlFields(JSON.parse(String(out)));
}

/** The deploy's check: the problems that refuse it (none when every policy is there). */
export function checkTtlPolicies(project, read = readTtlFields) {
  let found;
  try {
    found = read(project);
  } catch (error) {
    return [
      `The Firestore TTL policies of ${project} could not be read (${
        String(error?.stderr || error?.message || error)
          .trim()
          .split('\n')[0]
      }): ` + 'install the Google Cloud CLI and sign in (gcloud auth login), then deploy again',
    ];
  }
  return missingTtlPolicies(found, project);
}
