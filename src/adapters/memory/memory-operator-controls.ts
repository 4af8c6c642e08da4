import type { ErrorCode } from '@/domain/errors';
import { type AuthControls, authControls } from './memory-auth.adapter';
import { type CampusLaunchControls, campusLaunchControls } from './memory-campus-launch';
import {
  type CampusProgressControls,
  campusProgressControls,
} from './memory-campus-progress.adapter';
import {
  type CampusRequestsControls,
  campusRequestsControls,
} from './memory-campus-requests.adapter';
import { type CampusesControls, campusesControls } from './memory-campuses';
import type { MemoryOperation } from './memory-controls';
import {
  type EmailVerificationsControls,
  emailVerificationsControls,
} from './memory-email-verifications.adapter';
import {
  type FailureReportsControls,
  failureReportsControls,
} from './memory-failure-reports.adapter';
import { type HeroConsentControls, heroConsentControls } from './memory-hero-consent.adapter';
import { type HeroImagesControls, heroImagesControls } from './memory-hero-images.adapter';
import { type InvitesControls, invitesControls } from './memory-invites.adapter';
import { type JoinSourcesControls, joinSourcesControls } from './memory-join-sources.adapter';
import { type LeaveLinksControls, leaveLinksControls } from './memory-leave-links.adapter';
import { type MailControls, mailControls } from './memory-mail.adapter';
import { type DueLaunches, type OperatorControls, operatorControls } from './memory-operators';
import { type RetentionControls, retentionControls } from './memory-retention';
import { type SellerChoicesControls, sellerChoicesControls } from './memory-seller-choices.adapter';
import type { MemoryContext } from './memory-store';
import { type WaitlistControls, waitlistControls } from './memory-waitlist.adapter';

/** The test controls: planned failures and hangs, latency, call counts, a fresh start. */
export interface TestControls {
  /** Forgets the session and every entry, and clears planned failures and call counts. */
  reset(): void;
  /** Makes the next call of `op` fail with `code` (default 'unavailable'). */
  failNext(op: MemoryOperation, code?: ErrorCode): void;
  /** Makes the next call of `op` never answer (the request timeout then ends it). */
  hangNext(op: MemoryOperation): void;
  setLatency(ms: number): void;
  /** How many times `op` was called since start or the last reset. */
  calls(op: MemoryOperation): number;
}

const testControls = ({ store, controls }: MemoryContext): TestControls => ({
  reset() {
    store.clear();
    controls.resetCounters();
  },
  failNext: controls.failNext,
  hangNext: controls.hangNext,
  setLatency: (ms: number) => controls.setLatency(ms),
  calls: controls.calls,
});

/**
 * The developer and test controls exposed as `window.__memoryBackend` in memory builds: each
 * feature's own (README.md lists them all).
 */
export type MemoryBackendControls = TestControls &
  AuthControls &
  WaitlistControls &
  HeroConsentControls &
  HeroImagesControls &
  FailureReportsControls &
  CampusProgressControls &
  InvitesControls &
  EmailVerificationsControls &
  CampusRequestsControls &
  CampusesControls &
  SellerChoicesControls &
  JoinSourcesControls &
  CampusLaunchControls &
  MailControls &
  LeaveLinksControls &
  RetentionControls &
  OperatorControls;

/**
 * The operators' and developers' side of the memory backend (`window.__memoryBackend`): what the
 * real backends' commands and consoles do (campus settings, photo reviews, the launch, the
 * retention job, the sender), plus the test controls, merged from each feature's.
 */
export const createOperatorControls = (
  context: MemoryContext,
  dueLaunches: DueLaunches,
): MemoryBackendControls => ({
  ...testControls(context),
  ...authControls(context),
  ...waitlistControls(context),
  ...heroConsentControls(context),
  ...heroImagesControls(context),
  ...failureReportsControls(context),
  ...campusProgressControls(context),
  ...invitesControls(context),
  ...emailVerificationsControls(context),
  ...campusRequestsControls(context),
  ...campusesControls(context),
  ...sellerChoicesControls(context),
  ...joinSourcesControls(context),
  ...campusLaunchControls(context),
  ...mailControls(context),
  ...leaveLinksControls(context),
  ...retentionControls(context),
  ...operatorControls(context, dueLaunches),
});
