import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the deploy scripts, without type declarations
import * as ttl from '../../../scripts/deploy/ttl-policies.mjs';

type Found = Map<string, string>;
const { checkTtlPolicies, missingTtlPolicies, parseTtlFields, readTtlFields, TTL_POLICIES } =
  ttl as {
    TTL_POLICIES: { collectionGroup: string; field: string }[];
    parseTtlFields(answer: unknown): Found;
    missingTtlPolicies(found: Found, project: string): string[];
    readTtlFields(project: string, run: (...args: unknown[]) => string): Found;
    checkTtlPolicies(project: string, read: (project: string) => Found): string[];
  };

// The deploy refuses a project without the documented TTL policies (issue 59). No real project is
// reachable here: the answers below are recorded in the shapes the Google Cloud CLI
// (`gcloud firestore fields ttls list --format=json`) and the Firestore Admin API's fields.list
// give them.

const field = (group: string, state: string, name = 'expireAt') => ({
  name: `projects/p/databases/(default)/collectionGroups/${group}/fields/${name}`,
  ttlConfig: { state },
});
const everyPolicy = TTL_POLICIES.map((p) => field(p.collectionGroup, 'ACTIVE'));

describe('the Firestore TTL policies the deploy checks (issue 59)', () => {
  it('reads the CLI list and the Admin API answer alike, and nothing else in them', () => {
    const gcloud = [field('mailRecipients', 'ACTIVE'), field('codeBudget', 'CREATING')];
    expect([...parseTtlFields(gcloud)]).toEqual([
      ['mailRecipients/expireAt', 'ACTIVE'],
      ['codeBudget/expireAt', 'CREATING'],
    ]);
    expect(parseTtlFields({ fields: gcloud, nextPageToken: '' })).toEqual(parseTtlFields(gcloud));
    for (const odd of [null, {}, [], 'x', [{ name: 'x', ttlConfig: { state: 'ACTIVE' } }], [{}]]) {
      expect(parseTtlFields(odd).size).toBe(0);
    }
    // A field's index settings alone (no ttlConfig) is no policy.
    expect(parseTtlFields([{ name: field('mailRecipients', '').name, indexConfig: {} }]).size).toBe(
      0,
    );
  });

  it('passes a project with every documented policy active or being applied', () => {
    expect(missingTtlPolicies(parseTtlFields(everyPolicy), 'p')).toEqual([]);
    const creating = everyPolicy.map((f, i) =>
      i === 0 ? { ...f, ttlConfig: { state: 'CREATING' } } : f,
    );
    expect(missingTtlPolicies(parseTtlFields(creating), 'p')).toEqual([]);
  });

  it('refuses a missing policy, one on another field and one that needs repair, naming the command', () => {
    const found = parseTtlFields([
      ...everyPolicy.filter((f) => !f.name.includes('/verificationSends/')),
      field('verificationCodes', 'NEEDS_REPAIR'),
      field('codeBudget', 'ACTIVE', 'at'),
    ]);
    const problems = missingTtlPolicies(found, 'mi-proyecto');
    expect(problems).toEqual([
      'The TTL policy on verificationCodes.expireAt is NEEDS_REPAIR: gcloud firestore fields ttls update expireAt --collection-group=verificationCodes --enable-ttl --project mi-proyecto',
      'No TTL policy on verificationSends.expireAt: gcloud firestore fields ttls update expireAt --collection-group=verificationSends --enable-ttl --project mi-proyecto',
    ]);
    expect(missingTtlPolicies(new Map(), 'p')).toHaveLength(TTL_POLICIES.length);
  });

  it('checks every collection the functions give an expireAt, and the ones docs/deploy-firebase.md sets', () => {
    const docs = fs.readFileSync('docs/deploy-firebase.md', 'utf8');
    const documented = [...docs.matchAll(/ttls update expireAt --collection-group=(\w+)/g)].map(
      (m) => m[1],
    );
    const groups = TTL_POLICIES.map((p) => p.collectionGroup);
    expect([...new Set(documented)].sort()).toEqual([...groups].sort());
    const functions = fs
      .readdirSync('functions/src')
      .filter((f) => f.endsWith('.ts'))
      .map((f) => fs.readFileSync(`functions/src/${f}`, 'utf8'))
      .join('\n');
    expect(functions).toContain('expireAt');
    for (const group of groups) expect(functions).toContain(`COLLECTIONS.${group}`);
  });

  it('asks the Google Cloud CLI, and refuses when it cannot answer', () => {
    const calls: unknown[][] = [];
    const found = readTtlFields('mi-proyecto', (...args: unknown[]) => {
      calls.push(args);
      return JSON.stringify(everyPolicy);
    });
    expect(calls[0]!.slice(0, 2)).toEqual([
      'gcloud',
      ['firestore', 'fields', 'ttls', 'list', '--project', 'mi-proyecto', '--format=json'],
    ]);
    expect(found.size).toBe(TTL_POLICIES.length);
    expect(checkTtlPolicies('mi-proyecto', () => found)).toEqual([]);
    const [problem] = checkTtlPolicies('mi-proyecto', () => {
      throw new Error('spawnSync gcloud ENOENT');
    });
    expect(problem).toMatch(/could not be read \(spawnSync gcloud ENOENT\).*gcloud auth login/);
  });
});
