import { algoliasearch, type IndexSettings } from 'algoliasearch';
import { COLLEGE_CATALOGUE, type CatalogueEntry } from '../../src/data/college-catalogue.ts';
import type { IndexedCampus } from '../../src/data/catalogue-entry.ts';

/**
 * The hosted search index `colleges` (spec section 7, call 2), filled from the seed catalogue that
 * every backend shares. Run by scripts/data/upload-colleges.mjs with an admin key, never in the app.
 */
export interface CollegeRecord {
  readonly objectID: string;
  readonly name: string;
  readonly subname: string;
  readonly shortName: string;
  readonly keywords: readonly string[];
}

/** One record per campus; the app maps `objectID` back to `id` (src/adapters/algolia/algolia-answer.ts). */
export const collegeRecords = (catalogue: readonly IndexedCampus[] = COLLEGE_CATALOGUE) =>
  catalogue.map(({ id, name, subname, shortName, keywords }): CollegeRecord => ({
    objectID: id,
    name,
    subname,
    shortName,
    keywords,
  }));

/** Search in Spanish, short names and campus first; acronyms and nicknames through `keywords`. */
export const INDEX_SETTINGS: IndexSettings = {
  searchableAttributes: [
    'shortName',
    'unordered(subname)',
    'unordered(name)',
    'unordered(keywords)',
  ],
  attributesToRetrieve: ['name', 'subname', 'shortName'],
  attributesToHighlight: [],
  queryLanguages: ['es'],
  indexLanguages: ['es'],
  ignorePlurals: ['es'],
  removeStopWords: ['es'],
  hitsPerPage: 3,
};

export interface UploadOptions {
  readonly appId: string;
  /** An admin (write) key: never the public search-only key of the app. */
  readonly adminKey: string;
  readonly indexName?: string;
  readonly catalogue?: readonly CatalogueEntry[];
  /** Other hosts than Algolia's (a local server in tests). */
  readonly hosts?: readonly { url: string; port?: number; protocol: 'http' | 'https' }[];
}

/**
 * The hosts of a `--host` / `--algolia-host` URL given to the scripts (a local server in tests),
 * or undefined for Algolia's own.
 */
export function hostsOf(url: string | undefined): UploadOptions['hosts'] {
  if (!url) return undefined;
  const host = new URL(url);
  return [
    {
      url: host.hostname,
      port: Number(host.port) || undefined,
      protocol: host.protocol === 'http:' ? 'http' : 'https',
    },
  ];
}

/** A write client of the app, on Algolia's hosts or the ones given. */
const adminClient = (options: Pick<UploadOptions, 'appId' | 'adminKey' | 'hosts'>) =>
  algoliasearch(options.appId, options.adminKey, {
    ...(options.hosts
      ? { hosts: options.hosts.map((h) => ({ ...h, accept: 'readWrite' as const })) }
      : {}),
  });

/**
 * Replaces the index's records with the catalogue atomically (campuses removed from the catalogue
 * disappear from search) and applies the settings. Returns how many records were written.
 */
export async function uploadColleges(options: UploadOptions): Promise<number> {
  const indexName = options.indexName ?? 'colleges';
  const client = adminClient(options);
  const records = collegeRecords(options.catalogue);
  await client.replaceAllObjects({
    indexName,
    objects: records as unknown as Record<string, unknown>[],
  });
  const { taskID } = await client.setSettings({ indexName, indexSettings: INDEX_SETTINGS });
  await client.waitForTask({ indexName, taskID });
  return records.length;
}

/**
 * Adds one campus to the index (issue 49: a requested campus made real by `npm run campus:add`),
 * or rewrites its record: the same record again is no error. Waits until the index has it.
 */
export async function addCollege(
  options: Omit<UploadOptions, 'catalogue'> & {
    readonly college: Pick<CatalogueEntry, 'id' | 'name' | 'subname' | 'shortName'>;
  },
): Promise<void> {
  const indexName = options.indexName ?? 'colleges';
  const client = adminClient(options);
  const [record] = collegeRecords([{ ...options.college, keywords: [] }]);
  const [saved] = await client.saveObjects({
    indexName,
    objects: [record as unknown as Record<string, unknown>],
  });
  await client.waitForTask({ indexName, taskID: saved!.taskID });
}
