import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBackend, type MemoryBackend } from '@/adapters/memory/memory-backend';
import { MEMORY_LEAVE_SECRET } from '@/adapters/memory/memory-mail.adapter';
import { MEMORY_STATE_KEY } from '@/adapters/memory/memory-state';
import { createSmtpTransport } from '@/adapters/smtp/smtp-transport.adapter';
import { collegeOfId } from '@/domain/college-of-id';
import { deliverOutbox, deliveryReport, MAX_FAILURES_IN_A_ROW } from '@/domain/mail/deliver-outbox';
import { leaveTokenOfSearch } from '@/domain/mail/leave-token';
import { createUseCases } from '@/domain/use-cases/create-use-cases';
import { createVisitRecord } from '@/adapters/browser/visit-record.adapter';
import { type LocalSmtp, startLocalSmtp } from '../../../stand-ins/smtp-server';
import { memoryLocalRecord } from '../../support/local-record';
import { memoryStorage } from '../../support/memory-storage';

// Issue 25: the sender against a real SMTP server on this machine (smtp-server), each message
// parsed by mailparser. The outbox is the memory backend's, filled by joining and by the launch.

const SITE = 'https://deestudiantes.example';
const HOSTILE = '<script>alert("x")</script> Ana "La Jefa" García';
const STUDENTS = [
  { uid: 's-ana', email: 'ana@alumnos.udg.mx', displayName: HOSTILE },
  { uid: 's-luis', email: 'luis@alumnos.udg.mx', displayName: 'Luis Hernández' },
  { uid: 's-sofia', email: 'sofia@alumnos.udg.mx', displayName: '' },
  { uid: 's-diego', email: 'diego@alumnos.udg.mx', displayName: 'Diego' },
  { uid: 's-vale', email: 'vale@alumnos.udg.mx', displayName: 'Vale' },
  ...Array.from({ length: 6 }, (_, i) => ({
    uid: `s-more-${i}`,
    email: `estudiante${i}@alumnos.udg.mx`,
    displayName: `Estudiante ${i}`,
  })),
  { uid: 's-gone', email: 'nadie@alumnos.udg.mx', displayName: 'Nadie' },
];

let smtp: LocalSmtp;
let backend: MemoryBackend;
let useCases: ReturnType<typeof createUseCases>;
let index = 0;
let now = new Date('2026-11-25T12:00:00Z');
const transport = () => createSmtpTransport({ url: smtp.url, connections: 2 });
/** One run of the sender; one message at a time, so that an outage falls between two of them. */
const run = (t = transport()) =>
  deliverOutbox({
    concurrency: 1,
    outbox: backend.outbox,
    transport: t,
    secret: MEMORY_LEAVE_SECRET,
    from: 'De estudiantes a estudiantes <hola@deestudiantes.example>',
    siteUrl: SITE,
    oneClickUrl: (token) => `${SITE}/api/salir?token=${encodeURIComponent(token)}`,
    now: () => now,
  }).finally(() => t.close());
const counts = deliveryReport;
const to = (mail: { to?: unknown }) => JSON.stringify(mail.to).match(/[\w.]+@[\w.]+/)?.[0];

beforeAll(async () => {
  smtp = await startLocalSmtp();
  const storage = memoryStorage();
  storage.setItem(MEMORY_STATE_KEY, JSON.stringify({ accounts: STUDENTS }));
  backend = createMemoryBackend({
    storage,
    config: { latencyMs: 0 },
    chooseAccount: async (accounts) => accounts[index]!,
    clock: { now: () => now },
    siteUrl: SITE,
    sendAutomatically: false,
  });
  useCases = createUseCases({
    ...backend,
    local: memoryLocalRecord(memoryStorage()).record,
    visit: createVisitRecord(memoryStorage()),
    clock: { now: () => now },
  });
  for (index = 0; index < 3; index++) {
    const user = await useCases.signIn();
    await useCases.joinWaitlist({ user, college: collegeOfId('udg-cucei') });
  }
});

afterAll(() => smtp.close());

describe('the sender over SMTP', () => {
  it('sends each new entry one welcome, with the headers, both bodies and the name as text', async () => {
    const first = await run();
    expect(first).toEqual(counts({ sent: 3, failed: 0 }));
    expect(smtp.received.map(to).sort()).toEqual(
      STUDENTS.slice(0, 3)
        .map((s) => s.email)
        .sort(),
    );
    const ana = smtp.received.find((m) => to(m) === 'ana@alumnos.udg.mx')!;
    expect(ana.subject).toBe('Ya estás en la lista de espera de UDG - CUCEI');
    expect(ana.from?.value).toEqual([
      { name: 'De estudiantes a estudiantes', address: 'hola@deestudiantes.example' },
    ]);
    // The header as written (mailparser also reads List-* headers into objects).
    const header = (key: string) =>
      ana.headerLines
        .find((h) => h.key === key)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\r?\n\s+/g, '');
    const unsubscribe = header('list-unsubscribe') ?? '';
    expect(unsubscribe).toMatch(/^<https:\/\/deestudiantes\.example\/api\/salir\?token=[^>]+>$/);
    expect(header('subject')).toMatch(/^=\?UTF-8\?/i); // encoded: 'estás' survives any relay
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(ana.messageId).toMatch(/^<welcome=3As-ana=3A\d+@deestudiantes\.example>$/);
    // A name that is not letters alone is not greeted with at all (issue 51): nothing the student
    // wrote reaches the message.
    expect(ana.text?.startsWith('Hola:\n')).toBe(true);
    expect(ana.html).not.toContain('script');
    expect(ana.html).not.toContain('La Jefa');
    const luis = smtp.received.find((m) => to(m) === 'luis@alumnos.udg.mx')!;
    expect(luis.text?.startsWith('Hola, Luis Hernández:\n')).toBe(true);
    expect(ana.text).toContain(
      'Te escribiremos cuando el marketplace esté disponible en tu campus.',
    );
    expect(ana.text).toContain('Tu campus apenas está empezando');
    // The personal link of the body and the header's both leave this student, and only her.
    const link = new URL(/Salir de la lista de espera: (\S+)/.exec(ana.text ?? '')![1]!);
    expect(link.origin + link.pathname).toBe(`${SITE}/salir`);
    const headerToken = new URL(unsubscribe.slice(1, -1)).searchParams.get('token');
    expect(leaveTokenOfSearch(link.search)).toBe(headerToken);
    expect(await backend.leaveLinks.check(headerToken!)).toBe('valid');
    const sofia = smtp.received.find((m) => to(m) === 'sofia@alumnos.udg.mx')!;
    expect(sofia.text?.startsWith('Hola:\n')).toBe(true);
    expect(backend.controls.outbox().every((m) => m.status === 'sent')).toBe(true);
  });

  it('refuses to run without a signing secret, before claiming anything', async () => {
    const outbox = backend.controls.outbox();
    const t = transport();
    await expect(
      deliverOutbox({
        outbox: backend.outbox,
        transport: t,
        secret: '',
        from: 'hola@deestudiantes.example',
        siteUrl: SITE,
        oneClickUrl: (token) => token,
      }),
    ).rejects.toThrow(/signing secret/);
    t.close();
    expect(backend.controls.outbox()).toEqual(outbox);
  });

  it('sends nothing on a rerun', async () => {
    expect(await run()).toEqual(counts({ sent: 0, failed: 0 }));
    expect(smtp.accepted()).toBe(3);
  });

  it('loses nothing and sends nothing twice across an outage in the middle of a launch', async () => {
    const launch = backend.controls.notifyCampus('udg-cucei');
    expect(launch).toEqual({ students: 3, queued: 3, alreadyQueued: 0 });
    expect(backend.controls.notifyCampus('udg-cucei')).toEqual({
      students: 3,
      queued: 0,
      alreadyQueued: 3,
    });
    // The provider takes the first message, then goes down for the rest of the run.
    const t = transport();
    let sends = 0;
    const report = await run({
      send: async (mail) => {
        if (++sends === 2) smtp.set('down');
        await t.send(mail);
      },
      close: () => t.close(),
    });
    expect(report.sent).toBe(1);
    expect(report.retried).toBe(2);
    expect(smtp.received.filter((m) => m.subject?.startsWith('¡El marketplace'))).toHaveLength(1);
    // Nothing is due until the retry's time: a run now sends nothing.
    smtp.set('accept');
    expect((await run()).sent).toBe(0);
    now = new Date(now.getTime() + 61_000);
    expect(await run()).toEqual(counts({ sent: 2, failed: 0 }));
    const launches = smtp.received.filter(
      (m) => m.subject === '¡El marketplace ya abrió en UDG - CUCEI!',
    );
    expect(launches.map(to).sort()).toEqual(
      STUDENTS.slice(0, 3)
        .map((s) => s.email)
        .sort(),
    );
    expect(launches[0]!.text).toContain('Entrar al marketplace: https://deestudiantes.example');
  });

  it(`stops after ${MAX_FAILURES_IN_A_ROW} failures in a row, hands the rest back, and gives up on a refused address`, async () => {
    for (index = 3; index < STUDENTS.length; index++) {
      const user = await useCases.signIn();
      await useCases.joinWaitlist({ user, college: collegeOfId('udg-cucei') });
    }
    const due = STUDENTS.length - 3;
    expect(due).toBeGreaterThan(MAX_FAILURES_IN_A_ROW);
    smtp.set('down');
    const down = await run();
    expect(down).toEqual(counts({ retried: MAX_FAILURES_IN_A_ROW, providerDown: true }));
    const pending = backend.controls.outbox().filter((m) => m.status === 'pending');
    expect(pending).toHaveLength(due);
    expect(pending.filter((m) => m.attempts === 0)).toHaveLength(due - MAX_FAILURES_IN_A_ROW);

    smtp.set('accept');
    smtp.refused.add('nadie@alumnos.udg.mx');
    now = new Date(now.getTime() + 10 * 60_000);
    expect(await run()).toEqual(counts({ sent: due - 1, failed: 1 }));
    const gone = backend.controls.outbox().find((m) => m.to === 'nadie@alumnos.udg.mx')!;
    expect(gone.status).toBe('failed');
    expect(gone.error).toMatch(/550|No such mailbox/);
    now = new Date(now.getTime() + 24 * 60 * 60_000);
    expect((await run()).sent).toBe(0);
    // Every student got exactly one welcome; the refused one none.
    const welcomes = smtp.received.filter((m) => m.subject?.startsWith('Ya estás')).map(to);
    expect(welcomes.sort()).toEqual(
      STUDENTS.filter((s) => s.uid !== 's-gone')
        .map((s) => s.email)
        .sort(),
    );
  });

  it('leaving and joining again, five times over, sends one welcome (issue 51)', async () => {
    index = 0; // Ana, welcomed in the first test.
    const welcomes = () =>
      smtp.received.filter(
        (m) => m.subject?.startsWith('Ya estás') && to(m) === STUDENTS[0]!.email,
      );
    expect(welcomes()).toHaveLength(1);
    for (let round = 0; round < 5; round++) {
      const user = await useCases.signIn();
      await useCases.leaveWaitlist(user);
      const again = await useCases.signIn();
      now = new Date(now.getTime() + 60_000);
      await useCases.joinWaitlist({ user: again, college: collegeOfId('udg-cucei') });
      expect(await run()).toEqual(counts({ skipped: 1 }));
    }
    expect(welcomes()).toHaveLength(1);
  });
});
