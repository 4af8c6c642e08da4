// The bounce endpoint's token (issue 59; docs/operations.md, "Bounces and complaints"): a keyed
// digest of a fixed text under the signing secret (src/domain/mail/suppression.ts, bounceToken),
// so no second secret is kept. Reads the secret on standard input (never an argument: it would
// stay in the shell's history) and prints the token for the provider's webhook settings:
//
//   firebase functions:secrets:access MAIL_TOKEN_SECRET --project <id> | node scripts/ops/bounce-token.mjs
import { fail, messageOf } from './shared/cli.mjs';
import { projectModule } from './shared/project.mjs';

if (process.stdin.isTTY) {
  fail(
    'Pipe the signing secret in: firebase functions:secrets:access MAIL_TOKEN_SECRET --project <id> | node scripts/ops/bounce-token.mjs',
  );
}
let secret = '';
for await (const chunk of process.stdin) secret += chunk;
try {
  const { bounceToken } = await projectModule('src/domain/mail/suppression.ts');
  console.log(await bounceToken(secret.trim()));
} catch (error) {
  fail(`No token: ${messageOf(error)}`, 1);
}
