/**
 * The deployed Cloud Functions, by feature (issue 58): each lives in the file named for its
 * feature, as the ports of src/ports/ are named; what they share (the Admin app, Firestore, the
 * callables' options, the caller guard, the secrets) is platform.ts. This file only re-exports
 * them: their names are deployed (firebase.json, the page's callables, the tests), so a name here
 * never changes.
 */
import { start } from './platform';

// Firestore is set up before any function runs (platform.ts says why).
start();

export { request_campus } from './campus-requests';
export { on_campus_settings_written } from './campus-launch';
export { on_campus_member_written, on_seller_choice_written } from './campus-counters';
export { get_campus_progress, get_my_campus } from './campus-progress';
export { get_pending_code, send_verification_code, verify_email_code } from './email-verifications';
export { csp_report, report_failure } from './failure-reports';
export { get_hero_profile_images } from './hero-images';
export { accept_invite, get_my_invites, preview_invite } from './invites';
export { record_join_source } from './join-sources';
export { check_leave_link, leave_by_link, salir } from './leave-links';
export { mail_bounce, send_mail, sendDueMail } from './mail';
export { apply_retention, delete_my_account, on_account_deleted } from './students';
export { operator_console, run_due_launches } from './operator-console';
export { on_waitlist_written } from './waitlist';
