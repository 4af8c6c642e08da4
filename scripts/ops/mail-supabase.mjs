// The e-mails of the Supabase backend (issue 25): the signing secret, the sender and the bounce
// endpoint's token (the launch of a campus is `npm run notify:campus:supabase`,
// scripts/ops/notify-campus.mjs). What each command does: scripts/ops/mail-supabase.ts.
//
//   npm run mail:supabase -- secret
//   npm run mail:supabase -- send [--every 60]
//   npm run mail:supabase -- bounce-token
import { projectModule } from './shared/project.mjs';

const mail = await projectModule('scripts/ops/mail-supabase.ts');
process.exitCode = await mail.main(process.argv.slice(2));
