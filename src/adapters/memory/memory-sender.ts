import type { Clock } from '@/ports/clock.port';
import type { Outbox } from '@/ports/outbox.port';
import { CAMPUS_PAGE_IDS } from '@/data/campus-pages';
import { deliverOutbox, type DeliveryReport, leaveUrlOf } from '@/domain/mail/deliver-outbox';
import { FIRST_BACKOFF_MS } from '@/domain/mail/outbox';
import type { Controls } from './memory-controls';
import {
  createMemoryOutbox,
  createMemoryTransport,
  MEMORY_LEAVE_SECRET,
} from './memory-mail.adapter';
import type { StateStore } from './memory-store';

/** How soon the memory sender sends what a join or a launch recorded ("within minutes"). */
export const MEMORY_SEND_DELAY_MS = 500;
/** The memory sender's From (the real backends' comes from MAIL_FROM). */
export const MEMORY_MAIL_FROM = 'De estudiantes a estudiantes <hola@deestudiantes.example>';

/** How the memory sender writes a message (the operator console's sample is written the same). */
export const memoryDeliveryOptions = (siteUrl: string) => ({
  secret: MEMORY_LEAVE_SECRET,
  from: MEMORY_MAIL_FROM,
  siteUrl,
  // No server here to take a mail provider's one-click POST: the header names the page.
  oneClickUrl: (token: string) => leaveUrlOf(siteUrl, token),
  // The campuses of the build's catalogue have a page (issue 60): their links land there.
  campusPage: (campusId: string) => CAMPUS_PAGE_IDS.has(campusId),
});

/** The memory backend's sender (issue 25): its outbox, a run now, and the next run scheduled. */
export interface MemorySender {
  readonly outbox: Outbox;
  readonly deliverMail: () => Promise<DeliveryReport>;
  /** The sender's next run (after `ms`, default MEMORY_SEND_DELAY_MS); one timer at a time. */
  readonly scheduleDelivery: (ms?: number) => void;
}

/**
 * The sender as a real backend runs it, every minute, here after a join, a code or a launch:
 * claims from the memory outbox and sends to the memory mailbox. `sendAutomatically: false`
 * leaves the sending to another sender (a test's SMTP one). What was pending when the page
 * loaded is sent at once.
 */
export function createMemorySender({
  store,
  controls,
  clock,
  siteUrl,
  sendAutomatically = true,
}: {
  store: StateStore;
  controls: Controls;
  clock: Clock;
  siteUrl: string;
  sendAutomatically?: boolean;
}): MemorySender {
  const outbox = createMemoryOutbox({ store });
  const transport = createMemoryTransport({ store, controls, clock });
  const deliverMail = () =>
    deliverOutbox({
      outbox,
      transport,
      ...memoryDeliveryOptions(siteUrl),
      now: () => clock.now(),
    });
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The sender's next run, as a real backend's runs every minute; one timer at a time. */
  const scheduleDelivery = (ms = MEMORY_SEND_DELAY_MS): void => {
    if (timer !== undefined || sendAutomatically === false) return;
    timer = setTimeout(() => {
      timer = undefined;
      void deliverMail().then(
        (report) => {
          if (report.retried > 0 || report.providerDown) scheduleDelivery(FIRST_BACKOFF_MS);
        },
        (error: unknown) => console.error('Memory mail sender failed', error),
      );
    }, ms);
  };
  if (Object.values(store.read().outbox).some((m) => m.status === 'pending')) scheduleDelivery();
  return { outbox, deliverMail, scheduleDelivery };
}
