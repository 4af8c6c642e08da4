// Fills the Algolia index `colleges` from the seed catalogue (src/data/college-catalogue.ts).
//
//   ALGOLIA_APP_ID=... ALGOLIA_ADMIN_KEY=... node scripts/data/upload-colleges.mjs [--index colleges] [--dry-run]
//
// ALGOLIA_ADMIN_KEY is a write key: keep it out of .env files that Vite reads (only VITE_* reach
// the page, and the page needs the search-only key). --dry-run prints the records and settings.
import { runnerImport } from 'vite';

const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const { module: index } = await runnerImport('./scripts/data/colleges-index.ts', {
  configFile: false,
});

if (process.argv.includes('--dry-run')) {
  const records = index.collegeRecords();
  console.log(JSON.stringify({ settings: index.INDEX_SETTINGS, records }, null, 2));
  console.error(`${records.length} records (dry run: nothing was sent)`);
  process.exit(0);
}

const appId = process.env.ALGOLIA_APP_ID ?? process.env.VITE_ALGOLIA_APP_ID;
const adminKey = process.env.ALGOLIA_ADMIN_KEY;
const missing = [!appId && 'ALGOLIA_APP_ID', !adminKey && 'ALGOLIA_ADMIN_KEY'].filter(Boolean);
if (missing.length) {
  console.error(`Missing ${missing.join(', ')}. See docs/deploy-firebase.md, step 6.`);
  process.exit(2);
}
const written = await index.uploadColleges({
  appId,
  adminKey,
  indexName: arg('index') ?? 'colleges',
  hosts: index.hostsOf(arg('host')),
});
console.log(`Uploaded ${written} colleges to the index ${arg('index') ?? 'colleges'}.`);
