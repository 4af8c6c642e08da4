// Generated from src/adapters/firebase/firestore-names.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * Every Firestore collection the Firebase backend uses, and the fields several places share, named
 * once (issue 58): the web adapters, the Cloud Functions (through their mirror of src/,
 * functions/src/mirror/adapters/firebase/firestore-names.ts), the rules' tests and the scripts
 * import these names; none writes a collection's name as a literal of its own
 * (tests/tooling/repo/firestore-names.test.ts holds this file equal to firestore.rules and the
 * code). The names are deployed: renaming one strands every document already written, so a value
 * here never changes. Imported by the functions too: no `@/` import here.
 */
export const COLLECTIONS = {
  /**
   * `waitlist/{uid}` = ENTRY_FIELDS (+ `adult`, `noticeVersion`; `collegeChangedAt` once the
   * campus changed): the student's entry.
   */
  waitlist: 'waitlist',
  /** `heroConsent/{uid}` = `{ grantedAt, noticeVersion }`: consent to show the account's photo. */
  heroConsent: 'heroConsent',
  /** `heroApproval/{uid}` = `{ photoURL, approved, decidedAt }`: the operator's photo decision. */
  heroApproval: 'heroApproval',
  /** `heroSettings/strip` = `{ enabled }`: the hero strip's kill switch (HERO_STRIP_DOC). */
  heroSettings: 'heroSettings',
  /** `campusMembers/{uid}` = `{ collegeId, verified }`: who counts where (the entry trigger's). */
  campusMembers: 'campusMembers',
  /** `campusSettings/{collegeId}` = `{ threshold, state, opensOn }`: set by operators. */
  campusSettings: 'campusSettings',
  /**
   * `campusMilestones/{collegeId}` = `{ reached, mailing, count, threshold }`: the milestones a
   * campus reached, the one being mailed, and what the last evaluation saw.
   */
  campusMilestones: 'campusMilestones',
  /** `campusRequests/{uid}__{24 hex of the key's sha-256}` = `{ uid, key, name, city, at }`. */
  campusRequests: 'campusRequests',
  /** `campusRequesters/{uid}` = `{ count }`: how many campuses a student requested. */
  campusRequesters: 'campusRequesters',
  /** `pendingCampuses/{pendiente-…}` = `{ key, name, city, at }`: a requested campus to join. */
  pendingCampuses: 'pendingCampuses',
  /** `campuses/{collegeId}` = `{ name, subname, shortName, pendingId, key, addedAt }` (campus:add). */
  campuses: 'campuses',
  /** `addedCampuses/{pendingId}` = `{ collegeId, name, city, at }`: what a pending campus became. */
  addedCampuses: 'addedCampuses',
  /** `sellerChoices/{uid}` = `{ categories, updatedAt }`: what the student will sell. */
  sellerChoices: 'sellerChoices',
  /** `joinSources/{uid}` = `{ source, medium, campaign, at }`: where the student came from. */
  joinSources: 'joinSources',
  /** `inviteOwners/{uid}` = `{ code }`: the student's invite code. */
  inviteOwners: 'inviteOwners',
  /** `inviteCodes/{code}` = `{ uid }`: whose code it is. */
  inviteCodes: 'inviteCodes',
  /** `invites/{inviteeUid}` = `{ inviter, at }`: who joined with whose invite, once per account. */
  invites: 'invites',
  /** `inviteDays/{inviter}__{YYYY-MM-DD}` = `{ inviter, count }`: an inviter's credits in a day. */
  inviteDays: 'inviteDays',
  /** `emailVerifications/{uid}` = `{ address, at }`: the university address the student verified. */
  emailVerifications: 'emailVerifications',
  /** `verificationCodes/{uid}` = `{ address, hash, expiresAt, tries, expireAt }`: the live code. */
  verificationCodes: 'verificationCodes',
  /**
   * `verificationSends/{address:<recipient key> | domain:<catalogue domain>}` = `{ at, live?,
   * expireAt }`: an address's code sends of the last day and its live code (`{ uid, expiresAt }`),
   * a university domain's of the last hour (issue 59, src/domain/code-sends.ts).
   */
  verificationSends: 'verificationSends',
  /**
   * `codeIdentities/{identityKey}` = `{ at, total }`: a Google identity's code requests of the
   * last day and ever (issue 59). Never expires, and survives the account's deletion.
   */
  codeIdentities: 'codeIdentities',
  /** `codeBudget/{YYYY-MM-DD}` = `{ count, spentToldAt?, expireAt }`: a budget day's code e-mails. */
  codeBudget: 'codeBudget',
  /** `mailSuppressions/{recipient key}` = `{ reason, at }`: no code and no mail goes there. */
  mailSuppressions: 'mailSuppressions',
  /** `mailOutbox/{mailId}`: every e-mail recorded, sent at most once (status, pendingDue, ...). */
  mailOutbox: 'mailOutbox',
  /** `launchRuns/{auto id}` = `{ collegeId, students, queued, ranAt }`: one per launch run. */
  launchRuns: 'launchRuns',
  /** `mailRecipients/{keyed digest of the mailbox}` = `{ sends, expireAt }`: the sender's ledger. */
  mailRecipients: 'mailRecipients',
  /** `mailStops/{uid}` = `{ joined }`: the entry whose e-mails an expired leave link stopped. */
  mailStops: 'mailStops',
  /** `failureCounts/{day}_{kind}_{code}` = `{ day, kind, code, count }`: failures, counted. */
  failureCounts: 'failureCounts',
  /** `failureDrops/{day}` = `{ day, dropped }`: failure reports dropped over the budget (issue 59). */
  failureDrops: 'failureDrops',
  /**
   * `operatorLog/{auto id}` = `{ at, actor, action, target, outcome, before, after }`: the
   * operators' log (issue 61, src/domain/operator/audit-log.ts), append-only, written by the
   * functions in the action's own transaction; pruned after AUDIT_LOG_DAYS by the retention job.
   */
  operatorLog: 'operatorLog',
  /**
   * `campusLaunches/{collegeId}` = `{ state, at, by, students }`: a campus's one launch from the
   * console (issue 61): 'scheduled' (cancellable until `at`), 'running', 'launched'.
   */
  campusLaunches: 'campusLaunches',
  /** `campusAdds/{pendingId}` = `{ collegeId, by, at }`: the console's claim on adding a request. */
  campusAdds: 'campusAdds',
  /**
   * `campusCounters/{collegeId}` = `{ joined, verified, invited, sellers, sellersVerified,
   * sellersBy, sources }`: a campus's launch-report figures, kept on write (issue 61).
   */
  campusCounters: 'campusCounters',
  /**
   * `campusTallies/{uid}` = `{ collegeId, verified, invited, categories, source }`: what the
   * counters count of one student now (they move by its difference, in one transaction).
   */
  campusTallies: 'campusTallies',
  /** `retentionRuns/{auto id}` = `{ at, deleted }`: each run of the retention job (issue 61). */
  retentionRuns: 'retentionRuns',
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/** The hero strip's kill switch: one document of heroSettings. */
export const HERO_STRIP_DOC = 'strip';

/**
 * The fields of a waitlist entry that the page writes, the rules check and the functions and
 * scripts read (`email` is the sign-in address, `timestamp` the server's time of joining).
 */
export const ENTRY_FIELDS = {
  email: 'email',
  collegeId: 'collegeId',
  timestamp: 'timestamp',
  /** The server's time of the last change of campus: the rules allow one a minute (issue 59). */
  collegeChangedAt: 'collegeChangedAt',
} as const;
