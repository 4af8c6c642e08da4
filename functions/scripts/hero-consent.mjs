// Grants or revokes a student's consent to appear in the hero strip: the `heroConsent` custom
// claim on their Firebase Auth account, which get_hero_profile_images reads (with their profile
// photo). Run it only with the student's agreement, and revoke when they ask.
//
//   node functions/scripts/hero-consent.mjs grant|revoke|show <e-mail or uid> [--project ID]
//
// Credentials: Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS pointing at a
// service-account key, or `gcloud auth application-default login`). With
// FIREBASE_AUTH_EMULATOR_HOST set, it changes the Auth emulator's account instead.
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

const CLAIM = 'heroConsent';
const args = process.argv.slice(2);
const projectAt = args.indexOf('--project');
const projectId = projectAt >= 0 ? args.splice(projectAt, 2)[1] : process.env.GCLOUD_PROJECT;
const [action, who] = args;
if (!['grant', 'revoke', 'show'].includes(action ?? '') || !who) {
  console.error(
    'Usage: node functions/scripts/hero-consent.mjs grant|revoke|show <e-mail or uid> [--project ID]',
  );
  process.exit(2);
}

initializeApp(projectId ? { projectId } : undefined);
const auth = getAuth();
try {
  const user = who.includes('@') ? await auth.getUserByEmail(who) : await auth.getUser(who);
  const claims = { ...(user.customClaims ?? {}) };
  if (action === 'grant') claims[CLAIM] = true;
  if (action === 'revoke') delete claims[CLAIM];
  if (action !== 'show') await auth.setCustomUserClaims(user.uid, claims);
  const consent = claims[CLAIM] === true;
  console.log(
    `${user.email ?? user.uid}: ${consent ? 'shown' : 'not shown'} in the hero strip` +
      (consent && !user.photoURL ? ' (no profile photo: nothing to show yet)' : '') +
      (action === 'show' ? '' : '; the function may serve its cached list for up to 5 minutes'),
  );
} catch (error) {
  console.error(`Could not ${action} consent for ${who}: ${error?.message ?? error}`);
  process.exit(1);
}
