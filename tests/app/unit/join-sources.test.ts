// Issue 49, part 2: where students came from, through the use cases over the memory backend and
// the browser's visit record: kept for the visit (the first stands), recorded once when the
// student joins, kept after a failure for the next read of the campus; a corrupted record reads
// as none; a student who joined long ago records nothing from a later visit.
import { describe, expect, it } from 'vitest';
import { createMemoryBackend } from '@/adapters/memory/memory-backend';
import { createVisitRecord, SOURCE_KEY } from '@/adapters/browser/visit-record.adapter';
import { DEMO_ACCOUNTS } from '@/adapters/memory/memory-auth.adapter';
import { DEFAULT_COLLEGES } from '@/domain/default-colleges';
import { SOURCE_WINDOW_MS } from '@/domain/visit-source';
import { memoryStorage } from '../../support/memory-storage';
import { memoryWorld } from '../../support/memory-use-cases';

const cucei = DEFAULT_COLLEGES.find((c) => c.id === 'udg-cucei')!;
const flush = () => new Promise((r) => setTimeout(r, 5));

describe('the visit source (utm_*)', () => {
  it('is kept for the visit, the first link standing, and recorded once when the student joins', async () => {
    const { useCases, backend, visit } = memoryWorld();
    useCases.rememberInvite('?utm_source=WhatsApp&utm_medium=grupo&utm_campaign=bienvenida%202026');
    useCases.rememberInvite('?utm_source=instagram');
    expect(visit.readSource()).toEqual({ source: 'whatsapp', medium: 'grupo', campaign: 'otro' });
    const ana = await useCases.signIn();
    await useCases.joinWaitlist({ user: ana, college: cucei });
    await flush();
    expect(backend.controls.joinSources()).toEqual({
      [ana.uid]: { source: 'whatsapp', medium: 'grupo', campaign: 'otro' },
    });
    expect(visit.readSource()).toBeNull();
    // The card's next read sends nothing again.
    await useCases.loadMyCampus(ana);
    expect(backend.controls.calls('recordSource')).toBe(1);
  });

  it('a failed write keeps it, and the next read of the campus records it', async () => {
    const { useCases, backend, visit } = memoryWorld();
    useCases.rememberInvite('?utm_source=cartel');
    const ana = await useCases.signIn();
    backend.controls.failNext('recordSource', 'unavailable');
    await useCases.joinWaitlist({ user: ana, college: cucei });
    await flush();
    expect(backend.controls.joinSources()).toEqual({});
    expect(visit.readSource()).not.toBeNull();
    await useCases.loadMyCampus(ana);
    expect(backend.controls.joinSources()).toEqual({
      [ana.uid]: { source: 'cartel', medium: null, campaign: null },
    });
  });

  it('reads a corrupted or forged record as none, and never throws', () => {
    for (const stored of ['{', '"whatsapp"', '{"source":"Whats App"}', '{"source":null}', '[]']) {
      const storage = memoryStorage();
      storage.setItem(SOURCE_KEY, stored);
      expect(createVisitRecord(storage).readSource()).toBeNull();
    }
    expect(createVisitRecord(null).readSource()).toBeNull();
  });

  it('records nothing for a student who joined more than a day before (a later visit is not how they came)', async () => {
    let now = new Date('2026-11-22T12:00:00Z');
    const b = createMemoryBackend({
      storage: memoryStorage(),
      clock: { now: () => now },
      config: { latencyMs: 0 },
      chooseAccount: async () => DEMO_ACCOUNTS[0]!,
    });
    const ana = await b.auth.signInWithPopup();
    await b.waitlist.join(ana.uid, { email: ana.email, collegeId: 'udg-cucei', timestamp: now });
    now = new Date(now.getTime() + SOURCE_WINDOW_MS + 1);
    expect(await b.joinSources.record(ana.uid, { source: 'x', medium: null, campaign: null })).toBe(
      false,
    );
    expect(b.controls.joinSources()).toEqual({});
  });
});
