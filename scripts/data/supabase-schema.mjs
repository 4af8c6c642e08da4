// Writes or checks supabase/schema/<feature>.sql (scripts/data/supabase-schema.ts) from the migrated
// database of a running throwaway cluster: $SUPABASE_DB_URL_BASE, database $SUPABASE_TEMPLATE_DB
// (`migrated`). scripts/data/supabase-schema.sh starts that cluster; run it through npm:
//
//   npm run schema:supabase -- --write    regenerate them
//   npm run schema:supabase               exit 1 naming the files that are out of date
import fs from 'node:fs';
import path from 'node:path';
import { runnerImport } from 'vite';

const { module: schema } = await runnerImport('./scripts/data/supabase-schema.ts', {
  configFile: false,
});
const base = process.env.SUPABASE_DB_URL_BASE;
if (!base) {
  console.error('SUPABASE_DB_URL_BASE is not set: run `npm run schema:supabase`.');
  process.exit(2);
}
const write = process.argv.includes('--write');
const files = await schema.supabaseSchemaFiles(
  base,
  process.env.SUPABASE_TEMPLATE_DB ?? 'migrated',
);
const stale = [];
for (const { path: file, text } of files) {
  const held = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (held === text) continue;
  if (write) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    console.log(`Wrote ${file}`);
  } else stale.push(file);
}
for (const file of schema.strayFiles(files)) {
  if (write) {
    fs.rmSync(file);
    console.log(`Removed ${file} (no feature of scripts/data/supabase-features.ts)`);
  } else stale.push(`${file} (no such feature)`);
}
if (stale.length) {
  console.error(`Out of date: ${stale.join(', ')}: npm run schema:supabase -- --write`);
  process.exit(1);
}
console.log(`${schema.SCHEMA_DIR}/ matches the migrations (${files.length} features).`);
