import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import { collegeFromAlgoliaHit } from '@/adapters/algolia/algolia-answer';
import {
  collegeRecords,
  INDEX_SETTINGS,
  uploadColleges,
} from '../../../scripts/data/colleges-index';
import { type FakeAlgolia, startFakeAlgolia } from '../../../stand-ins/fake-algolia-server';

// The script that fills the Algolia index, against the local Algolia fake.
let algolia: FakeAlgolia;
beforeAll(async () => {
  algolia = await startFakeAlgolia();
});
afterAll(() => algolia.close());

const hosts = () => [{ url: algolia.host, port: algolia.port, protocol: 'http' as const }];

describe('uploading the colleges catalogue to Algolia', () => {
  it('one record per campus, which the app maps back to the same college', () => {
    const records = collegeRecords();
    expect(records).toHaveLength(COLLEGE_CATALOGUE.length);
    expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
    records.forEach((record, i) => {
      const { id, name, subname, shortName } = COLLEGE_CATALOGUE[i]!;
      expect(collegeFromAlgoliaHit(record)).toEqual({ id, name, subname, shortName });
    });
  });

  it('replaces the index atomically and applies the settings; a removed campus disappears', async () => {
    algolia.reset();
    await uploadColleges({ appId: 'APP', adminKey: 'admin', hosts: hosts() });
    const colleges = algolia.indices.get('colleges')!;
    expect(colleges.records.size).toBe(COLLEGE_CATALOGUE.length);
    expect(colleges.settings).toMatchObject(INDEX_SETTINGS);
    expect(algolia.requests.every((r) => r.headers['x-algolia-api-key'] === 'admin')).toBe(true);

    await uploadColleges({
      appId: 'APP',
      adminKey: 'admin',
      hosts: hosts(),
      catalogue: COLLEGE_CATALOGUE.slice(0, 10),
    });
    expect([...algolia.indices.keys()]).toEqual(['colleges']); // no temporary index left
    expect([...algolia.indices.get('colleges')!.records.keys()]).toEqual(
      COLLEGE_CATALOGUE.slice(0, 10).map((c) => c.id),
    );
  });

  it('the command refuses to run without an admin key, and has a dry run', async () => {
    const run = promisify(execFile);
    const env = {
      ...process.env,
      ALGOLIA_APP_ID: '',
      ALGOLIA_ADMIN_KEY: '',
      VITE_ALGOLIA_APP_ID: '',
    };
    await expect(run('node', ['scripts/data/upload-colleges.mjs'], { env })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('ALGOLIA_ADMIN_KEY'),
    });
    const { stdout } = await run('node', ['scripts/data/upload-colleges.mjs', '--dry-run'], {
      env,
    });
    expect(JSON.parse(stdout).records).toHaveLength(COLLEGE_CATALOGUE.length);
  });

  it('the command uploads through the hosts it is given', async () => {
    algolia.reset();
    const run = promisify(execFile);
    const { stdout } = await run(
      'node',
      ['scripts/data/upload-colleges.mjs', '--host', `http://${algolia.host}:${algolia.port}`],
      { env: { ...process.env, ALGOLIA_APP_ID: 'APP', ALGOLIA_ADMIN_KEY: 'admin' } },
    );
    expect(stdout).toContain(`Uploaded ${COLLEGE_CATALOGUE.length} colleges`);
    expect(algolia.indices.get('colleges')!.records.size).toBe(COLLEGE_CATALOGUE.length);
  });
});
