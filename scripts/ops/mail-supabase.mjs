// The e-mails of the Supabase backend (issue 25): the signing secret, the sender, and (run by
// `npm run notify:campus:supabase`, scripts/ops/notify-campus.mjs) the launch of a campus. What
// each command does: scripts/ops/mail-supabase.ts.
//
//   npm run mail:supabase -- secret
//   npm run mail:supabase -- send [--every 60]
import { projectModule } from './shared/project.mjs';

const mail = await projectModule('scripts/ops/mail-supabase.ts');
process.exitCode = await mail.main(process.argv.slice(2));
