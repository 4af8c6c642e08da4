import { lazyPort } from '../lazy-port';
import { OPERATOR_CONSOLE_METHODS } from '../operator-console-methods';
import type { BackendPorts } from '@/domain/use-cases/create-use-cases';
import type { Clock } from '@/ports/clock.port';
import { type ChooseAccount, createMemoryAuth } from './memory-auth.adapter';
import { createMemoryCampusProgress } from './memory-campus-progress.adapter';
import { createMemoryCampusRequests } from './memory-campus-requests.adapter';
import { createMemoryInvites } from './memory-invites.adapter';
import { createMemoryEmailVerifications } from './memory-email-verifications.adapter';
import { createMemoryCollegeSearch } from './memory-college-search.adapter';
import { createControls, type MemoryBackendConfig } from './memory-controls';
import { createMemoryHeroConsent } from './memory-hero-consent.adapter';
import { createMemoryHeroImages } from './memory-hero-images.adapter';
import type { KeyValueStorage } from '@/ports/key-value-storage.port';
import { createStateStore } from './memory-state';
import type { MemoryContext } from './memory-store';
import { withMilestoneTrigger } from './memory-campus-launch';
import { createMemoryJoinSources } from './memory-join-sources.adapter';
import { createMemorySellerChoices } from './memory-seller-choices.adapter';
import { createMemoryWaitlist } from './memory-waitlist.adapter';
import { createMemoryLeaveLinks } from './memory-leave-links.adapter';
import { createMemoryFailureReports } from './memory-failure-reports.adapter';
import type { Outbox } from '@/ports/outbox.port';

export interface MemoryBackendOptions {
  readonly storage: KeyValueStorage;
  readonly chooseAccount: ChooseAccount;
  readonly config?: MemoryBackendConfig;
  readonly onExternalChange?: (listener: () => void) => () => void;
  /** Dates the consents and the messages (default: the system clock). */
  readonly clock?: Clock;
  /** The site's address, for the e-mails' links (default http://localhost). */
  readonly siteUrl?: string;
  /**
   * Whether the memory sender sends what is recorded by itself, to the memory mailbox (default
   * true). Off, another sender (a test's SMTP one) claims from `outbox`.
   */
  readonly sendAutomatically?: boolean;
}

import { createOperatorControls, type MemoryBackendControls } from './memory-operator-controls';
import { createMemorySender } from './memory-sender';
import { createDueLaunches } from './memory-operators';
export type { MemoryBackendControls };
export { MEMORY_MAIL_FROM, MEMORY_SEND_DELAY_MS } from './memory-sender';

/** Every backend port (the one list: src/composition/tokens.ts). */
export interface MemoryBackend extends BackendPorts {
  /** The outbox as a sender claims from it (server-side on the real backends). */
  readonly outbox: Outbox;
  readonly controls: MemoryBackendControls;
}

/** Every port, in memory, over one storage key; deterministic, offline, production code. */
export function createMemoryBackend(options: MemoryBackendOptions): MemoryBackend {
  const config = options.config ?? {};
  // Every write reaches the milestones it crosses in the same write (issue 49), as the databases'
  // triggers do; the sender is told of what they record once it exists.
  let onMilestoneMail = () => {};
  const store = withMilestoneTrigger(createStateStore(options.storage), () => onMilestoneMail());
  const controls = createControls(config);
  const clock = options.clock ?? { now: () => new Date() };
  const siteUrl = (options.siteUrl ?? 'http://localhost').replace(/\/+$/, '');
  const sender = createMemorySender({
    store,
    controls,
    clock,
    siteUrl,
    sendAutomatically: options.sendAutomatically !== false,
  });
  onMilestoneMail = () => sender.scheduleDelivery();
  const context: MemoryContext = { store, controls, clock, sender };
  // Scheduled launches run by themselves while the page is open (and on each console call).
  const dueLaunches = createDueLaunches(context);
  dueLaunches.check();
  return {
    auth: createMemoryAuth(context, {
      chooseAccount: options.chooseAccount,
      ...(options.onExternalChange ? { onExternalChange: options.onExternalChange } : {}),
    }),
    waitlist: createMemoryWaitlist(context),
    heroConsent: createMemoryHeroConsent(context),
    collegeSearch: createMemoryCollegeSearch(context),
    heroImages: createMemoryHeroImages(context, config.heroImages),
    campusProgress: createMemoryCampusProgress(context),
    invites: createMemoryInvites(context),
    emailVerifications: createMemoryEmailVerifications(context),
    campusRequests: createMemoryCampusRequests(context),
    sellerChoices: createMemorySellerChoices(context),
    joinSources: createMemoryJoinSources(context),
    leaveLinks: createMemoryLeaveLinks(context),
    failureReports: createMemoryFailureReports(context),
    operatorConsole: lazyPort(
      () =>
        import('./memory-operator-console.adapter').then((m) =>
          m.createMemoryOperatorConsole(context, { siteUrl, dueLaunches }),
        ),
      OPERATOR_CONSOLE_METHODS,
    ),
    outbox: sender.outbox,
    controls: createOperatorControls(context, dueLaunches),
  };
}
