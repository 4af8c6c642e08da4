import { describe, expect, it } from 'vitest';
import { createMemoryBackend } from '@/adapters/memory/memory-backend';
import type { MemoryMail } from '@/adapters/memory/memory-mail.adapter';
import { MEMORY_STATE_KEY } from '@/adapters/memory/memory-state';
import { CAMPUS_PAGE_IDS } from '@/data/campus-pages';
import { pendingCampusIdOf } from '@/domain/campus-request-rule';
import { codeOfNonce } from '@/domain/email-verification';
import {
  deliverOutbox,
  type DeliveryOptions,
  deliveryReport,
  type DeliveryReport,
  MAX_FAILURES_IN_A_ROW,
  outgoingMail,
} from '@/domain/mail/deliver-outbox';
import type { OutgoingMail, PendingMail } from '@/domain/mail/outbox';
import { RECIPIENT_DAILY_CAP, recipientKey } from '@/domain/mail/recipient-limits';
import type { Outbox } from '@/ports/outbox.port';
import { memoryStorage } from '../../support/memory-storage';

// Issue 51: the sender's rules the same on every backend, over the memory backend's outbox (the
// Firestore and Postgres outboxes run the same cases in tests/firebase and tests/supabase).
// - Item 3: a message that cannot be written fails alone, for good, and never counts as the
//   provider failing; a message is never sent under a lease that ran out; a mark that finds its
//   message gone (the student left mid-run) or failing never stops the run.
// - Item 1: one welcome per mailbox in 30 days, and a daily cap per mailbox that defers the rest.

const SITE = 'https://deestudiantes.example';
const SECRET = 'unit-test-secret-unit-test-secret-0123456789';
const T0 = Date.parse('2026-11-27T12:00:00Z');
const DAY = 24 * 60 * 60_000;

const report = deliveryReport;

const stored = (id: string, to: string, kind: MemoryMail['kind'] = 'launch'): MemoryMail => ({
  id,
  kind,
  uid: id.split(':').at(-1)!,
  joined: 1,
  to,
  name: 'Ana',
  collegeId: 'udg-cucei',
  status: 'pending',
  attempts: 0,
  dueAt: 0,
  leaseUntil: 0,
  sentAt: null,
  error: null,
});

/** The memory backend with these messages in its outbox, on a clock the test moves. */
function world(mails: MemoryMail[]) {
  const storage = memoryStorage();
  storage.setItem(
    MEMORY_STATE_KEY,
    JSON.stringify({ outbox: Object.fromEntries(mails.map((m) => [m.id, m])) }),
  );
  const clock = { at: T0 };
  const backend = createMemoryBackend({
    storage,
    config: { latencyMs: 0 },
    chooseAccount: async (accounts) => accounts[0]!,
    clock: { now: () => new Date(clock.at) },
    siteUrl: SITE,
    sendAutomatically: false,
  });
  const delivered: OutgoingMail[] = [];
  const run = (options: Partial<DeliveryOptions> = {}) =>
    deliverOutbox({
      outbox: backend.outbox,
      transport: { send: async (m) => void delivered.push(m) },
      secret: SECRET,
      from: 'De estudiantes a estudiantes <hola@deestudiantes.example>',
      siteUrl: SITE,
      oneClickUrl: (token) => `${SITE}/api/salir?token=${token}`,
      now: () => new Date(clock.at),
      concurrency: 1,
      ...options,
    });
  /** Records one more message in the outbox (as a join or a launch does). */
  const seed = (mail: MemoryMail) => {
    const state = JSON.parse(storage.getItem(MEMORY_STATE_KEY)!) as {
      outbox: Record<string, MemoryMail>;
    };
    state.outbox[mail.id] = mail;
    storage.setItem(MEMORY_STATE_KEY, JSON.stringify(state));
  };
  return { backend, storage, clock, delivered, run, seed };
}

describe('deliverOutbox', () => {
  it('sends nothing to a suppressed address, and a permanent refusal suppresses it (issue 59)', async () => {
    const { backend, delivered, run, seed, storage, clock } = world([
      stored('launch:udg-cucei:a', 'Ana+1@Alumnos.UDG.mx'),
      stored('launch:udg-cucei:b', 'beto@alumnos.udg.mx'),
    ]);
    await backend.outbox.suppress(
      (await recipientKey('ana@alumnos.udg.mx', SECRET))!,
      'bounce',
      new Date(T0),
    );
    let refuse = true;
    const transport = {
      send: async (m: OutgoingMail) => {
        if (refuse) throw Object.assign(new Error('550 5.1.1 no such user'), { permanent: true });
        delivered.push(m);
      },
    };
    expect(await run({ transport })).toEqual(report({ skipped: 1, failed: 1 }));
    const beto = (await recipientKey('beto@alumnos.udg.mx', SECRET))!;
    expect(await backend.outbox.isSuppressed(beto)).toBe(true);
    // Suppressed now: a later message to it is skipped, even with the provider accepting.
    refuse = false;
    clock.at += DAY;
    seed(stored('launch:udg-cucei:c', 'Beto@alumnos.udg.mx'));
    expect(await run({ transport })).toEqual(report({ skipped: 1 }));
    expect(delivered).toEqual([]);
    const kept = JSON.parse(storage.getItem(MEMORY_STATE_KEY)!) as {
      mailSuppressions: Record<string, { reason: string }>;
    };
    expect(kept.mailSuppressions[beto]).toMatchObject({ reason: 'failed' });
    expect(JSON.stringify(kept.mailSuppressions)).not.toContain('beto');
  });

  it('an unreadable suppression list sends nothing blind: the message is handed back', async () => {
    const { backend, delivered, run } = world([stored('launch:udg-cucei:a', 'a@alumnos.udg.mx')]);
    const outbox: Outbox = {
      ...backend.outbox,
      isSuppressed: () => Promise.reject(new Error('unavailable')),
    };
    expect(await run({ outbox })).toEqual(report({ handedBack: 1 }));
    expect(delivered).toEqual([]);
  });

  it("a code's message keeps no address and no nonce once sent (issue 59)", async () => {
    const code: MemoryMail = {
      ...stored('code:u1:0123456789abcdef0123456789abcdef', 'ana@alumnos.udg.mx', 'code'),
      nonce: '0123456789abcdef0123456789abcdef',
      expiresAt: T0 + 15 * 60_000,
    };
    const { run, storage, delivered } = world([code]);
    expect(await run()).toEqual(report({ sent: 1 }));
    expect(delivered[0]!.to).toBe('ana@alumnos.udg.mx');
    const { outbox } = JSON.parse(storage.getItem(MEMORY_STATE_KEY)!) as {
      outbox: Record<string, MemoryMail>;
    };
    const kept = outbox[code.id]!;
    expect(kept).toMatchObject({ status: 'sent', to: '' });
    expect(kept.nonce).toBeUndefined();
    expect(kept.recipient).toBe(await recipientKey('ana@alumnos.udg.mx', SECRET));
  });

  it('fails a message it cannot write alone, for good, and sends the others', async () => {
    // More unwritable messages than the provider's failures in a row that stop a run.
    // What a lookup by an inherited key (`constructor`) gave the sender: a function, no text.
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
    const broken = Array.from({ length: MAX_FAILURES_IN_A_ROW + 2 }, (_, i) => mail(i, Object));
    const pending = [...broken, mail(100), mail(101)];
    const sent: string[] = [];
    const failed: { id: string; retryAt: Date | null; error: string }[] = [];
    const outbox: Outbox = {
      claim: async (limit) => pending.splice(0, limit),
      markSent: async (id) => sent.push(id) > 0,
      markFailed: async (id, f) => failed.push({ id, retryAt: f.retryAt, error: f.error }) > 0,
      sentTo: async () => [],
      isSuppressed: async () => false,
      suppress: async () => {},
    };
    const delivered: OutgoingMail[] = [];
    const done = await deliverOutbox({
      outbox,
      transport: { send: async (m) => void delivered.push(m) },
      secret: SECRET,
      from: 'De estudiantes a estudiantes <hola@deestudiantes.example>',
      siteUrl: SITE,
      oneClickUrl: (token) => `${SITE}/api/salir?token=${token}`,
      concurrency: 1,
    });
    expect(done).toEqual(report({ sent: 2, failed: MAX_FAILURES_IN_A_ROW + 2 }));
    expect(sent).toEqual(['welcome:u100:1', 'welcome:u101:1']);
    expect(delivered.map((m) => m.to)).toEqual(['e100@alumnos.udg.mx', 'e101@alumnos.udg.mx']);
    expect(failed.every((f) => f.retryAt === null && f.error.startsWith('not written'))).toBe(true);
  });

  it('never sends under a lease that ran out: a second sender holds it, and it goes once', async () => {
    const mails = ['a', 'b', 'c'].map((s) =>
      stored(`launch:udg-cucei:${s}`, `${s}@alumnos.udg.mx`),
    );
    const { backend, clock, delivered, run } = world(mails);
    let second: DeliveryReport | undefined;
    let marks = 0;
    // Sender A: 100 s a send. After it marks its second message, its run is held up (a slow
    // database, a paused process) until its lease (5 min) has run out, and sender B claims and
    // sends what A still holds.
    const slow: Outbox = {
      ...backend.outbox,
      markSent: async (id, sent) => {
        const ours = await backend.outbox.markSent(id, sent);
        if (++marks === 2) {
          clock.at += 150_000;
          second = await run();
        }
        return ours;
      },
    };
    const first = await run({
      batch: 3,
      outbox: slow,
      transport: {
        send: async (m) => {
          delivered.push(m);
          clock.at += 100_000;
        },
      },
    });
    const ids = delivered.map((m) => m.id);
    expect(ids.sort()).toEqual(mails.map((m) => m.id).sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(second).toEqual(report({ sent: 1 }));
    // A handed its third back (too little lease left to send it), and that mark changed nothing:
    // B had marked it sent.
    expect(first).toEqual(report({ sent: 2, handedBack: 1, unmarked: 1 }));
  });

  it('a mark that fails or finds its message gone (the student left) never stops the run', async () => {
    const mails = ['a', 'b', 'c', 'd'].map((s) =>
      stored(`launch:udg-cucei:${s}`, `${s}@alumnos.udg.mx`),
    );
    const { backend, delivered, run } = world(mails);
    const outbox: Outbox = {
      ...backend.outbox,
      markSent: (id, sent) =>
        id.endsWith(':b')
          ? Promise.reject(new Error('5 NOT_FOUND: no entity to update'))
          : backend.outbox.markSent(id, sent),
    };
    expect(await run({ outbox })).toEqual(report({ sent: 4, unmarked: 1 }));
    expect(delivered).toHaveLength(4);
    // And the memory outbox itself: a message deleted while claimed is no error.
    const later = world([stored('launch:udg-cucei:e', 'e@alumnos.udg.mx')]);
    const gone: Outbox = {
      ...later.backend.outbox,
      claim: async (...args) => {
        const claimed = await later.backend.outbox.claim(...args);
        const state = JSON.parse(later.storage.getItem(MEMORY_STATE_KEY)!) as {
          outbox: Record<string, unknown>;
        };
        state.outbox = {};
        later.storage.setItem(MEMORY_STATE_KEY, JSON.stringify(state));
        return claimed;
      },
    };
    expect(await later.run({ outbox: gone })).toEqual(report({ sent: 1, unmarked: 1 }));
  });

  it('sends one welcome per mailbox in 30 days, however the address is written', async () => {
    const { backend, clock, delivered, run, seed } = world([
      stored('welcome:u1:1', 'ana@alumnos.udg.mx', 'welcome'),
    ]);
    expect(await run()).toEqual(report({ sent: 1 }));
    // The entry left and made again, and again under a +tag and in capitals: new welcomes
    // recorded, none sent.
    const again = ['ana@alumnos.udg.mx', 'Ana+2@Alumnos.UDG.mx', ' ANA+x@alumnos.udg.mx'];
    for (const [i, to] of again.entries()) {
      clock.at += 9 * DAY;
      seed(stored(`welcome:u${i + 2}:${i + 2}`, to, 'welcome'));
      expect(await run()).toEqual(report({ skipped: 1 }));
    }
    expect(delivered).toHaveLength(1);
    expect(backend.controls.outbox().filter((m) => m.status === 'failed')).toHaveLength(3);
    expect(backend.controls.outbox().find((m) => m.id === 'welcome:u2:2')!.error).toMatch(
      /^skipped: a welcome went to this address within 30 days/,
    );
    // Thirty days after the first, a welcome goes again.
    clock.at = T0 + 30 * DAY + 1;
    seed(stored('welcome:u9:9', 'ana@alumnos.udg.mx', 'welcome'));
    expect(await run()).toEqual(report({ sent: 1 }));
  });

  it('takes one message per mailbox at a time in a run, so two welcomes at once cannot both pass', async () => {
    const { delivered, run } = world([
      stored('welcome:u1:1', 'ana@alumnos.udg.mx', 'welcome'),
      stored('welcome:u2:2', 'Ana+otra@alumnos.udg.mx', 'welcome'),
      stored('welcome:u3:3', 'luis@alumnos.udg.mx', 'welcome'),
    ]);
    // A provider that takes its time: the first welcome is still in flight while the second
    // one's worker would read the ledger.
    const slow = {
      send: async (m: OutgoingMail) => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        delivered.push(m);
      },
    };
    expect(await run({ concurrency: 4, transport: slow })).toEqual(report({ sent: 2, skipped: 1 }));
    expect(delivered.map((m) => m.to).sort()).toEqual([
      'ana@alumnos.udg.mx',
      'luis@alumnos.udg.mx',
    ]);
  });

  it(`sends a mailbox at most ${RECIPIENT_DAILY_CAP} messages a day; the rest go the next day`, async () => {
    const launches = Array.from({ length: RECIPIENT_DAILY_CAP + 2 }, (_, i) =>
      stored(`launch:campus-${i}:u`, 'ana@alumnos.udg.mx'),
    );
    const { backend, clock, delivered, run } = world(launches);
    // Four at a time, yet one mailbox's messages one after another: the cap holds.
    const slow = {
      send: async (m: OutgoingMail) => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        delivered.push(m);
      },
    };
    expect(await run({ concurrency: 4, transport: slow })).toEqual(
      report({ sent: RECIPIENT_DAILY_CAP, deferred: 2 }),
    );
    const waiting = backend.controls.outbox().filter((m) => m.status === 'pending');
    expect(waiting).toHaveLength(2);
    expect(waiting.every((m) => m.attempts === 0 && m.dueAt === T0 + DAY)).toBe(true);
    expect(await run()).toEqual(report({}));
    clock.at = T0 + DAY;
    expect(await run()).toEqual(report({ sent: 2 }));
    expect(new Set(delivered.map((m) => m.id)).size).toBe(RECIPIENT_DAILY_CAP + 2);
  });
});

describe('outgoingMail: the links about a campus land on its page (issue 60)', () => {
  const options = {
    secret: SECRET,
    from: 'De estudiantes a estudiantes <hola@deestudiantes.example>',
    siteUrl: SITE,
    oneClickUrl: (token: string) => `${SITE}/api/salir?token=${token}`,
    // As the senders pass it: the catalogue's campuses have a page.
    campusPage: (campusId: string) => CAMPUS_PAGE_IDS.has(campusId),
  };
  const pending = (
    kind: PendingMail['kind'],
    campusId: string | null | undefined,
  ): PendingMail => ({
    id: `${kind}:${campusId}:u1`,
    kind,
    uid: 'u1',
    joined: T0,
    to: 'ana@alumnos.udg.mx',
    name: 'Ana',
    campus: 'UDG - CUCEI',
    campusId,
    attempts: 0,
    inviteCode: 'ABCD2345',
    progress: { verified: 10, threshold: 40 },
    milestone: kind === 'milestone' ? 25 : null,
  });
  /** The link of a message's paragraph with this label, in the text and in the HTML. */
  const linkOf = async (mail: PendingMail, label: string, opts: object = options) => {
    const out = await outgoingMail(mail, { ...options, ...opts }, new Date(T0));
    const text = new RegExp(`${label}: (\\S+)`).exec(out.text)?.[1];
    const html = new RegExp(`<a href="([^"]+)"[^>]*>${label}</a>`).exec(out.html)?.[1];
    expect(html?.replace(/&amp;/g, '&'), `${label} in the HTML`).toBe(text);
    return text;
  };

  it("sends a catalogue campus's welcome and milestone invite link to its page, with the code", async () => {
    expect(CAMPUS_PAGE_IDS.has('udg-cucei')).toBe(true);
    for (const kind of ['welcome', 'milestone'] as const) {
      expect(await linkOf(pending(kind, 'udg-cucei'), 'Tu enlace'), kind).toBe(
        `${SITE}/campus/udg-cucei?ref=ABCD2345`,
      );
    }
  });

  it('keeps the landing page for a campus without a page: pending, added after the build, none', async () => {
    const pendingId = await pendingCampusIdOf('universidad inventada|ciudad');
    for (const campusId of [pendingId, 'campus-agregado-despues', 'constructor', null, undefined]) {
      for (const kind of ['welcome', 'milestone'] as const) {
        expect(await linkOf(pending(kind, campusId), 'Tu enlace'), `${kind} ${campusId}`).toBe(
          `${SITE}/?ref=ABCD2345`,
        );
      }
      expect(await linkOf(pending('launch', campusId), 'Entrar al marketplace')).toBe(SITE);
      expect(await linkOf(pending('campus-added', campusId), 'Ir a la página')).toBe(SITE);
    }
    // A sender that says nothing of campus pages: none has one.
    expect(
      await linkOf(pending('welcome', 'udg-cucei'), 'Tu enlace', { campusPage: undefined }),
    ).toBe(`${SITE}/?ref=ABCD2345`);
  });

  it("sends a catalogue campus's launch and campus-added links to its page, without a code", async () => {
    expect(await linkOf(pending('launch', 'udg-cucei'), 'Entrar al marketplace')).toBe(
      `${SITE}/campus/udg-cucei`,
    );
    expect(await linkOf(pending('campus-added', 'udg-cucei'), 'Ir a la página')).toBe(
      `${SITE}/campus/udg-cucei`,
    );
    // A campus-added message to a student who joined nowhere (no leave link) too.
    expect(
      await linkOf({ ...pending('campus-added', 'udg-cucei'), joined: 0 }, 'Ir a la página'),
    ).toBe(`${SITE}/campus/udg-cucei`);
  });

  it("keeps the code e-mail's link to the site", async () => {
    const nonce = '0123456789abcdef0123456789abcdef';
    const code: PendingMail = {
      ...pending('code', 'udg-cucei'),
      joined: 0,
      nonce,
      expiresAt: T0 + 60_000,
    };
    expect(await linkOf(code, 'Ir a la página')).toBe(SITE);
    const out = await outgoingMail(code, options, new Date(T0));
    expect(out.text).toContain(await codeOfNonce(SECRET, nonce));
    expect(out.text).not.toContain('/campus/');
  });

  it("the memory backend's claim names the campus, and its sender links to the campus page", async () => {
    const { backend } = world([
      stored('launch:udg-cucei:u1', 'ana@alumnos.udg.mx'),
      {
        ...stored('launch:campus-agregado:u2', 'luis@alumnos.udg.mx'),
        collegeId: 'campus-agregado',
      },
    ]);
    // Claimed with a lease that is already over: still due for the sender's run below.
    const claimed = await backend.outbox.claim(10, new Date(T0), new Date(T0));
    expect(claimed.map((m) => m.campusId).sort()).toEqual(['campus-agregado', 'udg-cucei']);
    expect(await backend.controls.deliverMail()).toEqual(report({ sent: 2 }));
    const [ana, luis] = ['ana', 'luis'].map(
      (who) => backend.controls.mailbox().find((m) => m.to.startsWith(who))!.text,
    );
    expect(ana).toContain(`Entrar al marketplace: ${SITE}/campus/udg-cucei\n`);
    expect(luis).toContain(`Entrar al marketplace: ${SITE}\n`);
  });
});
