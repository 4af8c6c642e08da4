/**
 * Every Firestore collection the Firebase backend uses, named once (issue 58): the web adapters,
 * the Cloud Functions (through their mirror of src/), the rules' tests and the operator commands
 * import these names; none writes a collection's name as a literal of its own. The names are
 * deployed: renaming one strands every document already written, so a value here never changes.
 */
export const COLLECTIONS = {
  /** `waitlist/{uid}`: the student's entry (email, collegeId, timestamp, ...). */
  waitlist: 'waitlist',
  /** `heroConsent/{uid}`: consent to show the account's photo in the hero strip. */
  heroConsent: 'heroConsent',
  /** `heroApproval/{uid}`: the operator's approval of that exact photo. */
  heroApproval: 'heroApproval',
  /** `heroSettings/strip`: the strip's kill switch. */
  heroSettings: 'heroSettings',
  /** `campusMembers/{uid}`: who counts for which campus (kept by the entry trigger). */
  campusMembers: 'campusMembers',
  /** `campusSettings/{collegeId}`: a campus's threshold, state and opening date. */
  campusSettings: 'campusSettings',
  /** `campusMilestones/{collegeId_percent}`: a milestone reached, mailed once. */
  campusMilestones: 'campusMilestones',
  /** `campusRequests/{requestKey}`: 'Mi campus no aparece', counted per campus named. */
  campusRequests: 'campusRequests',
  /** `campusRequesters/{uid}`: how many requests a student made. */
  campusRequesters: 'campusRequesters',
  /** `pendingCampuses/{pendingId}`: a requested campus its askers may join. */
  pendingCampuses: 'pendingCampuses',
  /** `campuses/{collegeId}`: a campus added after the build (campus:add). */
  campuses: 'campuses',
  /** `addedCampuses/{pendingId}`: which catalogue id a pending campus became. */
  addedCampuses: 'addedCampuses',
  /** `sellerChoices/{uid}`: what the student will sell. */
  sellerChoices: 'sellerChoices',
  /** `joinSources/{uid}`: where the student came from. */
  joinSources: 'joinSources',
  /** `inviteOwners/{uid}`: the student's invite code. */
  inviteOwners: 'inviteOwners',
  /** `inviteCodes/{code}`: whose code it is. */
  inviteCodes: 'inviteCodes',
  /** `invites/{inviteeUid}`: who joined with whose invite. */
  invites: 'invites',
  /** `inviteDays/{uid_day}`: invites accepted per inviter and day. */
  inviteDays: 'inviteDays',
  /** `emailVerifications/{addressKey}`: a university address verified by a code. */
  emailVerifications: 'emailVerifications',
  /** `verificationCodes/{uid}`: the live code of an account. */
  verificationCodes: 'verificationCodes',
  /** `verificationSends/{key}`: code e-mails sent, for the send limits. */
  verificationSends: 'verificationSends',
  /** `mailOutbox/{mailId}`: every e-mail recorded, sent exactly once. */
  mailOutbox: 'mailOutbox',
  /** `launchRuns/{collegeId}`: a launch mailing, resumable. */
  launchRuns: 'launchRuns',
  /** `mailRecipients/{keyed digest}`: the sender's per-mailbox ledger. */
  mailRecipients: 'mailRecipients',
  /** `mailStops/{keyed digest}`: addresses that left by a leave link. */
  mailStops: 'mailStops',
  /** `failureCounts/{day_kind_code}`: failed sign-ins and joins, counted. */
  failureCounts: 'failureCounts',
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];
