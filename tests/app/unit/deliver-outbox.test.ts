import { describe, expect, it } from 'vitest';
import { deliverOutbox, MAX_FAILURES_IN_A_ROW } from '@/domain/mail/deliver-outbox';
import type { OutgoingMail, PendingMail } from '@/domain/mail/outbox';
import type { Outbox } from '@/ports/outbox.port';

// Issue 51, item 3: a message that cannot be written (a malformed outbox record) fails alone, for
// good, and never counts as the mail provider failing: the rest of the run is sent.

const SITE = 'https://deestudiantes.example';

function outboxOf(mails: PendingMail[]) {
  const pending = [...mails];
  const sent: string[] = [];
  const failed: { id: string; retryAt: Date | null; error: string }[] = [];
  const outbox: Outbox = {
    claim: async (limit) => pending.splice(0, limit),
    markSent: async (id) => void sent.push(id),
    markFailed: async (id, f) => void failed.push({ id, retryAt: f.retryAt, error: f.error }),
  };
  return { outbox, sent, failed };
}

const mail = (i: number, campus: unknown = 'UDG - CUCEI'): PendingMail => ({
  id: `welcome:u${i}:1`,
  kind: 'welcome',
  uid: `u${i}`,
  joined: 1,
  to: `e${i}@alumnos.udg.mx`,
  name: 'Ana',
  campus: campus as string,
  attempts: 0,
});

describe('deliverOutbox', () => {
  it('fails a message it cannot write alone, for good, and sends the others', async () => {
    // More unwritable messages than the provider's failures in a row that stop a run.
    // What a lookup by an inherited key (`constructor`) gave the sender: a function, no text.
    const broken = Array.from({ length: MAX_FAILURES_IN_A_ROW + 2 }, (_, i) => mail(i, Object));
    const { outbox, sent, failed } = outboxOf([...broken, mail(100), mail(101)]);
    const delivered: OutgoingMail[] = [];
    const report = await deliverOutbox({
      outbox,
      transport: { send: async (m) => void delivered.push(m) },
      secret: 'unit-test-secret-unit-test-secret-0123456789',
      from: 'De estudiantes a estudiantes <hola@deestudiantes.example>',
      siteUrl: SITE,
      oneClickUrl: (token) => `${SITE}/api/salir?token=${token}`,
      concurrency: 1,
    });
    expect(report).toEqual({
      sent: 2,
      retried: 0,
      failed: MAX_FAILURES_IN_A_ROW + 2,
      providerDown: false,
    });
    expect(sent).toEqual(['welcome:u100:1', 'welcome:u101:1']);
    expect(delivered.map((m) => m.to)).toEqual(['e100@alumnos.udg.mx', 'e101@alumnos.udg.mx']);
    expect(failed.every((f) => f.retryAt === null && f.error.startsWith('not written'))).toBe(true);
  });
});
