// The memory backend's operator console beyond the shared contract (issue 61): the role's
// controls, the log's retention and the retention run the console reads, the settings' seller
// minimum in old and new stored states, the launches scheduled that run by themselves, and the
// sample e-mail written as the sender writes it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from '@/adapters/memory/memory-backend';
import { DEMO_ACCOUNTS, DEMO_OPERATOR } from '@/adapters/memory/memory-auth.adapter';
import { MEMORY_STATE_KEY, parseMemoryState } from '@/adapters/memory/memory-state';
import { AUDIT_LOG_DAYS } from '@/domain/operator/audit-log';
import { mexicoCityLocal } from '@/domain/operator/launch-plan';
import { memoryStorage } from '../../support/memory-storage';

const DAY = 86_400_000;
const ANA = DEMO_ACCOUNTS[0]!;

function world(seed: object = {}, now: () => Date = () => new Date()) {
  const storage = memoryStorage();
  storage.setItem(MEMORY_STATE_KEY, JSON.stringify({ accounts: DEMO_ACCOUNTS, ...seed }));
  let chosen = DEMO_OPERATOR.uid;
  const b = createMemoryBackend({
    storage,
    config: { latencyMs: 0 },
    sendAutomatically: false,
    siteUrl: 'https://deestudiantes.example',
    clock: { now },
    chooseAccount: async (list) => list.find((a) => a.uid === chosen)!,
  });
  const as = async (uid: string) => {
    chosen = uid;
    await b.auth.signInWithPopup();
  };
  const state = () => parseMemoryState(storage.getItem(MEMORY_STATE_KEY));
  return { b, storage, as, state };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the operator role (memory)', () => {
  it('is the demo operator’s in a fresh state, and the chooser offers the account', async () => {
    const { b, as } = world();
    expect(DEMO_ACCOUNTS).toContainEqual(DEMO_OPERATOR);
    await as(DEMO_OPERATOR.uid);
    expect(await b.operatorConsole.access()).toEqual({ email: DEMO_OPERATOR.email });
    await as(ANA.uid);
    await expect(b.operatorConsole.access()).rejects.toMatchObject({ code: 'permission-denied' });
    await b.auth.signOut();
    await expect(b.operatorConsole.access()).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('is granted and revoked by the controls, by e-mail in any case, each logged', async () => {
    const { b, as } = world();
    b.controls.grantOperator(ANA.email.toUpperCase());
    await as(ANA.uid);
    expect(await b.operatorConsole.access()).toEqual({ email: ANA.email });
    b.controls.revokeOperator(DEMO_OPERATOR.email);
    await as(DEMO_OPERATOR.uid);
    await expect(b.operatorConsole.campuses()).rejects.toMatchObject({
      code: 'permission-denied',
    });
    expect(b.controls.operatorLog().map((e) => [e.action, e.target, e.actor])).toEqual([
      ['role-revoke', DEMO_OPERATOR.email, 'terminal:memory'],
      ['role-grant', ANA.email, 'terminal:memory'],
    ]);
    expect(() => b.controls.grantOperator('no es correo')).toThrow(TypeError);
  });

  it('keeps the role of an old stored state for the demo operator, and a revoked one revoked', () => {
    const { state } = world({ operators: undefined });
    expect(state().operators).toEqual([DEMO_OPERATOR.email]);
    expect(world({ operators: [] }).state().operators).toEqual([]);
    expect(world({ operators: ['QA@X.MX', 3, 'qa@x.mx'] }).state().operators).toEqual(['qa@x.mx']);
  });

  it('a student’s call writes nothing, whatever it sends', async () => {
    const { b, as, storage } = world();
    await as(ANA.uid);
    const before = storage.getItem(MEMORY_STATE_KEY);
    await expect(b.operatorConsole.setStrip(false)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(
      b.operatorConsole.launch('udg-cucei', { confirm: 'udg-cucei', at: null }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    expect(storage.getItem(MEMORY_STATE_KEY)).toBe(before);
  });
});

describe('the operators’ log and the retention (memory)', () => {
  it('prunes the entries older than AUDIT_LOG_DAYS, records the run, and the console reads it', async () => {
    let now = new Date('2026-11-29T18:00:00Z');
    const { b, as } = world({}, () => now);
    await as(DEMO_OPERATOR.uid);
    await b.operatorConsole.setStrip(false);
    expect((await b.operatorConsole.health()).retention).toBeNull();
    now = new Date(now.getTime() + 100 * DAY);
    await b.operatorConsole.setStrip(true);
    now = new Date(now.getTime() + (AUDIT_LOG_DAYS - 50) * DAY);
    b.controls.applyRetention({ dryRun: true });
    expect(b.controls.operatorLog()).toHaveLength(2);
    b.controls.applyRetention();
    // The first entry is AUDIT_LOG_DAYS + 50 days old: gone; the second is kept.
    expect(b.controls.operatorLog().map((e) => e.after)).toEqual([{ enabled: true }]);
    // The operator's account, idle 30 days without an entry, is kept: it holds the role.
    await as(DEMO_OPERATOR.uid);
    expect((await b.operatorConsole.health()).retention).toEqual({
      at: now.toISOString(),
      deleted: {
        idleAccounts: 0,
        launchedStudents: 0,
        operatorLog: 1,
        verificationCodes: 0,
        codeLedger: 0,
        codeMessages: 0,
      },
    });
  });

  it('reads the failure counts by day, newest first, with what the budget dropped', async () => {
    const { b, as } = world({
      failureCounts: {
        '2026-11-27_join_unavailable': 2,
        '2026-11-28_sign-in_auth-sign-in-failed': 1,
        '2026-11-28_join_unavailable': 3,
        basura: 4,
      },
      failureDrops: { '2026-11-28': 130 },
    });
    await as(DEMO_OPERATOR.uid);
    expect((await b.operatorConsole.health()).failures).toEqual([
      {
        day: '2026-11-28',
        counts: { 'sign-in/auth/sign-in-failed': 1, 'join/unavailable': 3 },
        dropped: 130,
      },
      { day: '2026-11-27', counts: { 'join/unavailable': 2 }, dropped: 0 },
    ]);
  });
});

describe('settings with a seller minimum (memory)', () => {
  it('reads an old stored campus without one as the default, and keeps a saved one', async () => {
    const { b, as, state } = world({
      campusSettings: { 'udg-cucei': { threshold: 40, state: 'open', opensOn: null } },
      entries: {
        [ANA.uid]: { email: ANA.email, collegeId: 'udg-cucei', timestamp: '2026-11-20T10:00:00Z' },
      },
    });
    await as(DEMO_OPERATOR.uid);
    const row = (await b.operatorConsole.campuses()).find((c) => c.report.campus === 'udg-cucei');
    expect(row?.settings).toEqual({
      threshold: 40,
      sellerMinimum: 10,
      state: 'open',
      opensOn: null,
    });
    await b.operatorConsole.saveSettings('udg-cucei', {
      threshold: 40,
      sellerMinimum: 0,
      state: 'open',
      opensOn: null,
    });
    expect(state().campusSettings['udg-cucei']).toEqual({
      threshold: 40,
      sellerMinimum: 0,
      state: 'open',
      opensOn: null,
    });
    // The command keeps it when it changes another field.
    b.controls.setCampus('udg-cucei', { threshold: 50 });
    expect(state().campusSettings['udg-cucei']?.sellerMinimum).toBe(0);
    expect(() => b.controls.setCampus('udg-cucei', { sellerMinimum: -1 })).toThrow(TypeError);
  });

  it('counts each day of joining in Mexico City, verified now apart', async () => {
    const { b, as } = world({
      entries: {
        // 05:00 UTC on the 21st is the 20th in Mexico City.
        [ANA.uid]: { email: ANA.email, collegeId: 'udg-cucei', timestamp: '2026-11-21T05:00:00Z' },
        'demo-mariana': {
          email: 'mariana.cruz.mx@gmail.com',
          collegeId: 'udg-cucei',
          timestamp: '2026-11-21T07:00:00Z',
        },
      },
    });
    await as(DEMO_OPERATOR.uid);
    expect(await b.operatorConsole.campusDays('udg-cucei')).toEqual([
      { day: '2026-11-20', joined: 1, verified: 1 },
      { day: '2026-11-21', joined: 1, verified: 0 },
    ]);
  });
});

describe('the launch (memory)', () => {
  const onCucei = {
    entries: {
      [ANA.uid]: { email: ANA.email, collegeId: 'udg-cucei', timestamp: '2026-11-20T10:00:00Z' },
    },
  };

  it('writes the sample as the sender writes it, with the campus page and a leave link', async () => {
    const { b, as } = world(onCucei);
    await as(DEMO_OPERATOR.uid);
    const preview = await b.operatorConsole.launchPreview('udg-cucei');
    expect(preview.students).toBe(1);
    expect(preview.sample?.text).toContain('https://deestudiantes.example/salir?token=');
    expect(preview.sample?.text).toContain('https://deestudiantes.example/campus/udg-cucei');
    expect(b.controls.outbox()).toEqual([]);
    await expect(
      b.operatorConsole.launchPreview('pendiente-0123456789abcdef01234567'),
    ).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'unknown-campus',
    });
  });

  it('runs a scheduled launch by itself at its time while the page is open', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T18:00:00Z') });
    const { b, as } = world(onCucei);
    await as(DEMO_OPERATOR.uid);
    const at = mexicoCityLocal(new Date(Date.now() + 3_600_000));
    await b.operatorConsole.launch('udg-cucei', { confirm: 'udg-cucei', at });
    await vi.advanceTimersByTimeAsync(3_600_000 - 5_000);
    expect(b.controls.outbox()).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(b.controls.outbox().map((m) => [m.kind, m.uid])).toEqual([['launch', ANA.uid]]);
    const [ran] = b.controls.operatorLog();
    expect(ran).toMatchObject({ action: 'launch', target: 'udg-cucei', outcome: 'done' });
  });

  it('runs a due launch on the next console call after a reload', async () => {
    let now = new Date('2026-11-29T18:00:00Z');
    const first = world(onCucei, () => now);
    await first.as(DEMO_OPERATOR.uid);
    await first.b.operatorConsole.launch('udg-cucei', {
      confirm: 'udg-cucei',
      at: mexicoCityLocal(new Date(now.getTime() + 3_600_000)),
    });
    now = new Date(now.getTime() + 2 * 3_600_000);
    // A new page over the same storage, a console call: the launch runs.
    const again = createMemoryBackend({
      storage: first.storage,
      config: { latencyMs: 0 },
      sendAutomatically: false,
      clock: { now: () => now },
      chooseAccount: async (list) => list.find((a) => a.uid === DEMO_OPERATOR.uid)!,
    });
    const row = (await again.operatorConsole.campuses()).find(
      (c) => c.report.campus === 'udg-cucei',
    );
    expect(row?.launch).toMatchObject({ state: 'launched', students: 1, at: now.toISOString() });
    expect(again.controls.runDueLaunches()).toBe(0);
  });
});

describe('adding a requested campus (memory)', () => {
  it('keeps the operator’s city, state and domains, and logs a refused add with its reason', async () => {
    const pending = 'pendiente-0123456789abcdef01234567';
    const { b, as, state } = world({
      campusRequests: {
        'colima|manzanillo': { id: pending, name: 'ucol manz', city: 'manzanillo', by: [] },
      },
    });
    await as(DEMO_OPERATOR.uid);
    const input = {
      request: pending,
      id: 'ucol-manzanillo',
      name: 'Universidad de Colima',
      shortName: 'UCOL - Manzanillo',
      city: 'Manzanillo',
      state: 'Colima',
      domains: ['UCOL.mx'],
    };
    await expect(
      b.operatorConsole.addCampus({ ...input, domains: ['no valido'] }),
    ).rejects.toMatchObject({ code: 'invalid-argument', message: 'campus-add:domains' });
    await expect(b.operatorConsole.addCampus(input)).resolves.toEqual({
      added: true,
      moved: 0,
      queued: 0,
    });
    expect(state().addedCampuses['ucol-manzanillo']).toEqual({
      name: 'Universidad de Colima',
      subname: 'Manzanillo',
      shortName: 'UCOL - Manzanillo',
      pendingId: pending,
      state: 'Colima',
      domains: ['ucol.mx'],
    });
    expect(b.controls.operatorLog().map((e) => [e.action, e.outcome])).toEqual([
      ['campus-add', 'done'],
      ['campus-add', 'domains'],
    ]);
  });
});

describe('the ARCO export (memory)', () => {
  it('holds everything kept under the uid, a pending code’s nonce apart', async () => {
    const { b, as } = world({
      entries: {
        [ANA.uid]: { email: ANA.email, collegeId: 'udg-cucei', timestamp: '2026-11-20T10:00:00Z' },
      },
      users: { [ANA.uid]: '2026-11-20T10:00:00.000Z' },
      sellerChoices: { [ANA.uid]: ['postres'] },
      joinSources: { [ANA.uid]: { source: 'instagram', medium: null, campaign: null } },
      outbox: {
        'code-demo-ana-n1': {
          id: 'code-demo-ana-n1',
          kind: 'code',
          uid: ANA.uid,
          joined: 0,
          to: ANA.email,
          name: '',
          collegeId: 'udg-cucei',
          status: 'pending',
          attempts: 0,
          dueAt: 0,
          leaseUntil: 0,
          sentAt: null,
          error: null,
          nonce: 'secreto',
          expiresAt: Date.now() + 600_000,
        },
      },
    });
    await as(DEMO_OPERATOR.uid);
    const { data } = await b.operatorConsole.exportStudent(ANA.uid);
    expect(data).toMatchObject({
      account: ANA,
      entries: { collegeId: 'udg-cucei' },
      users: '2026-11-20T10:00:00.000Z',
      sellerChoices: ['postres'],
      joinSources: { source: 'instagram' },
      outbox: [{ id: 'code-demo-ana-n1', kind: 'code' }],
    });
    expect(JSON.stringify(data)).not.toContain('secreto');
    await expect(b.operatorConsole.exportStudent('nadie')).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});
