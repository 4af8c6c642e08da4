// Writes or checks what the Cloud Functions share with the app (scripts/data/functions-copies.ts):
// the campuses' e-mail domains and names, and the e-mails' domain and sender.
//
//   npm run functions:copies -- --write    regenerate them
//   npm run functions:copies               exit 1 when one is out of date
import fs from 'node:fs';
import path from 'node:path';
import { runnerImport } from 'vite';

const { module: source } = await runnerImport('./scripts/data/functions-copies.ts', {
  configFile: false,
});
const stale = [];
for (const { path: file, text } of await source.functionsCopies()) {
  const held = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (held === text) continue;
  if (process.argv.includes('--write')) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    console.log(`Wrote ${file}`);
  } else stale.push(file);
}
if (stale.length) {
  console.error(`Out of date: ${stale.join(', ')}: npm run functions:copies -- --write`);
  process.exit(1);
}
console.log('The functions copies match src/.');
