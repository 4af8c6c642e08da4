// Writes or checks functions/src/campus-email.ts, the Cloud Functions' copy of the campuses'
// e-mail domains (src/data/university-email.ts).
//
//   npm run campus:email -- --write    regenerate it
//   npm run campus:email               exit 1 when it is out of date
import fs from 'node:fs';
import { runnerImport } from 'vite';

const { module: source } = await runnerImport('./scripts/data/campus-email.ts', {
  configFile: false,
});
const text = await source.formattedCampusEmailSource();
if (process.argv.includes('--write')) {
  fs.writeFileSync(source.CAMPUS_EMAIL_PATH, text);
  console.log(`Wrote ${source.CAMPUS_EMAIL_PATH}`);
} else if (fs.readFileSync(source.CAMPUS_EMAIL_PATH, 'utf8') !== text) {
  console.error(`${source.CAMPUS_EMAIL_PATH} is out of date: npm run campus:email -- --write`);
  process.exit(1);
} else {
  console.log(`${source.CAMPUS_EMAIL_PATH} matches src/data/university-email.ts`);
}
