// The e-mails of the Supabase backend (issue 25): the signing secret, the sender, the launch of a
// campus. What each command does: scripts/ops/mail-supabase.ts.
//
//   npm run mail:supabase -- secret
//   npm run mail:supabase -- send [--every 60]
//   npm run notify:campus:supabase -- --campus udg-cucei [--dry-run]
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const { module: mail } = await runnerImport('./scripts/ops/mail-supabase.ts', {
  configFile: false,
  resolve: { alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) } },
});
process.exitCode = await mail.main(process.argv.slice(2));
