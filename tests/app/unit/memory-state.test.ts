import { describe, expect, it } from 'vitest';
import { MEMORY_STATE_KEY, parseMemoryState } from '@/adapters/memory/memory-state';

// The memory backend's stored state (issue 58, part 2): composed of the features' slices, it is
// still one flat JSON object under the same key, and every state an earlier version stored reads
// as the one parser of 388f319 read it. The shapes below are those the versions of
// src/adapters/memory/memory-state.ts wrote (git log -p --follow on that file).

const DEMO = [
  { uid: 'demo-ana', email: 'ana.garcia@alumnos.udg.mx', displayName: 'Ana García' },
  { uid: 'demo-luis', email: 'luis.hernandez@alumnos.udg.mx', displayName: 'Luis Hernández' },
  { uid: 'demo-sofia', email: 'sofia.ramirez@tec.mx', displayName: 'Sofía Ramírez' },
  { uid: 'demo-diego', email: 'diego.lopez@iteso.mx', displayName: 'Diego López' },
];
const MARIANA = {
  uid: 'demo-mariana',
  email: 'mariana.cruz.mx@gmail.com',
  displayName: 'Mariana Cruz',
};
/** The demo operator (issue 61), offered after the students. */
const OPERADORA = {
  uid: 'demo-operadora',
  email: 'operadora@deestudiantes.example',
  displayName: 'Operadora Demo',
};

/** A new backend's state: every field of every slice, by its stored name. */
const EMPTY = {
  accounts: [...DEMO, MARIANA, OPERADORA],
  users: {},
  created: {},
  sessionUid: null,
  entries: {},
  consents: {},
  joinNotices: {},
  collegeChanges: {},
  consentNotices: {},
  failureCounts: {},
  failureDrops: {},
  photos: {},
  reviews: {},
  heroStripOn: true,
  campusSettings: {},
  classmates: {},
  inviteCodes: {},
  invitedBy: {},
  invitedAt: {},
  verifications: {},
  codes: {},
  codeLedger: {},
  codeTotals: {},
  codeBudget: { day: '', count: 0, spentAt: null },
  campusRequests: {},
  addedCampuses: {},
  sellerChoices: {},
  joinSources: {},
  milestones: {},
  outbox: {},
  mailbox: [],
  mailRecipients: {},
  mailSuppressions: {},
  mailStopped: {},
  launchRuns: [],
  operators: [OPERADORA.email],
  operatorLog: [],
  campusLaunches: {},
  retentionRuns: [],
};

const read = (stored: unknown) => parseMemoryState(JSON.stringify(stored));

const ANA_ENTRY = {
  email: 'ana.garcia@alumnos.udg.mx',
  collegeId: 'udg-cucei',
  timestamp: '2026-11-22T10:00:00.000Z',
};
const PENDING = 'pendiente-0123456789abcdef01234567';
const WELCOME = {
  id: 'welcome-demo-ana-1763805600000',
  kind: 'welcome',
  uid: 'demo-ana',
  joined: 1763805600000,
  to: 'ana.garcia@alumnos.udg.mx',
  name: 'Ana García',
  collegeId: 'udg-cucei',
  status: 'sent',
  attempts: 1,
  dueAt: 0,
  leaseUntil: 0,
  sentAt: '2026-11-25T10:00:01.000Z',
  error: null,
};
const DELIVERED = {
  id: WELCOME.id,
  to: WELCOME.to,
  subject: 'Ya estás en la lista',
  text: 'Hola',
  html: '<p>Hola</p>',
  headers: { 'List-Unsubscribe': '<https://deestudiantes.example/salir>' },
  at: '2026-11-25T10:00:01.000Z',
};

describe('the memory backend’s stored state', () => {
  it('keeps its key and its flat layout: one field per name, as every version wrote them', () => {
    expect(MEMORY_STATE_KEY).toBe('de-estudiantes:memory-backend:v1');
    expect(parseMemoryState(null)).toEqual(EMPTY);
    expect(Object.keys(parseMemoryState(null)).sort()).toEqual(Object.keys(EMPTY).sort());
  });

  it('reads what is no JSON object as a new backend', () => {
    for (const raw of ['', '[[[', 'null', '42', '"text"', 'true', '{']) {
      expect(parseMemoryState(raw)).toEqual(EMPTY);
    }
    // An array is an object to the parser: it has none of the fields.
    expect(parseMemoryState('[1, 2]')).toEqual(EMPTY);
  });

  it('reads the first version’s state (accounts, session, entries; 2026-11-22)', () => {
    expect(
      read({ accounts: DEMO, sessionUid: 'demo-ana', entries: { 'demo-ana': ANA_ENTRY } }),
    ).toEqual({
      ...EMPTY,
      // The accounts it stored stand (the fifth demo account came later).
      accounts: DEMO,
      // A session kept from before accounts were recorded is an account held, made at 0.
      users: { 'demo-ana': '1970-01-01T00:00:00.000Z' },
      created: { 'demo-ana': '1970-01-01T00:00:00.000Z' },
      sessionUid: 'demo-ana',
      entries: { 'demo-ana': ANA_ENTRY },
    });
  });

  it('reads the hero strip’s state (consents, users, photos, reviews, the switch; issue 23)', () => {
    const stored = {
      accounts: [...DEMO, MARIANA],
      users: { 'demo-ana': '2026-11-24T09:00:00.000Z' },
      sessionUid: null,
      entries: { 'demo-ana': ANA_ENTRY },
      consents: { 'demo-ana': '2026-11-24T09:01:00.000Z' },
      photos: { 'demo-ana': '/nueva.png' },
      reviews: { 'demo-ana': { photo: '/nueva.png', approved: true } },
      heroStripOn: false,
    };
    expect(read(stored)).toEqual({
      ...EMPTY,
      ...stored,
      // Made when it last signed in: its creation was not recorded yet.
      created: { 'demo-ana': '2026-11-24T09:00:00.000Z' },
    });
  });

  it('reads the state of issues 28 and 25 (campuses, invites, requests, the outbox)', () => {
    const stored = {
      accounts: [...DEMO, MARIANA],
      users: { 'demo-ana': '2026-11-25T09:00:00.000Z' },
      sessionUid: 'demo-ana',
      entries: { 'demo-ana': ANA_ENTRY },
      consents: {},
      photos: {},
      reviews: {},
      heroStripOn: true,
      campusSettings: { 'udg-cucei': { threshold: 150, state: 'opening', opensOn: '2027-01-15' } },
      classmates: { 'udg-cucei': 60 },
      inviteCodes: { 'demo-ana': 'ABCD2345' },
      invitedBy: { 'demo-luis': 'demo-ana' },
      // A request of issue 28 had no pending id yet: today's parser drops it.
      campusRequests: {
        'colima|manzanillo': { name: 'UCOL', city: 'Manzanillo', by: ['demo-ana'] },
      },
      outbox: { [WELCOME.id]: WELCOME },
      mailbox: [DELIVERED],
    };
    expect(read(stored)).toEqual({
      ...EMPTY,
      ...stored,
      created: { 'demo-ana': '2026-11-25T09:00:00.000Z' },
      campusRequests: {},
    });
  });

  it('reads the state of 388f319, every field written, as it was written', () => {
    const stored = {
      accounts: [...DEMO, MARIANA],
      users: { 'demo-ana': '2026-11-28T09:00:00.000Z', 'demo-luis': '2026-11-28T09:05:00.000Z' },
      created: {
        'demo-ana': '2026-11-27T09:00:00.000Z',
        'demo-luis': '2026-11-28T09:05:00.000Z',
      },
      sessionUid: 'demo-luis',
      entries: {
        'demo-ana': ANA_ENTRY,
        'demo-luis': { ...ANA_ENTRY, email: 'luis.hernandez@alumnos.udg.mx', collegeId: PENDING },
      },
      consents: { 'demo-ana': '2026-11-28T09:01:00.000Z' },
      joinNotices: { 'demo-ana': '2026-11-30', 'demo-luis': '2026-11-30' },
      consentNotices: { 'demo-ana': '2026-11-30' },
      failureCounts: { '2026-11-28_join_unavailable': 2 },
      photos: { 'demo-ana': '/nueva.png' },
      reviews: { 'demo-ana': { photo: '/nueva.png', approved: false } },
      heroStripOn: true,
      campusSettings: { 'udg-cucei': { threshold: 150, state: 'open', opensOn: null } },
      classmates: { 'udg-cucei': 60 },
      inviteCodes: { 'demo-ana': 'ABCD2345' },
      invitedBy: { 'demo-luis': 'demo-ana' },
      invitedAt: { 'demo-luis': 1764320700000 },
      verifications: {
        'demo-ana': { address: 'ana.garcia@alumnos.udg.mx', at: '2026-11-28T09:02:00.000Z' },
      },
      codes: {
        'demo-luis': {
          address: 'luis.hernandez@alumnos.udg.mx',
          hash: 'f00d',
          expiresAt: 1764321600000,
          tries: 1,
        },
      },
      codeSends: {
        'account:demo-luis': [1764320700000],
        'address:luis.hernandez@alumnos.udg.mx': [1764320700000],
      },
      campusRequests: {
        'colima|manzanillo': { id: PENDING, name: 'UCOL', city: 'Manzanillo', by: ['demo-luis'] },
        'colima|colima': {
          id: 'pendiente-abcdefabcdefabcdefabcdef',
          name: 'UCOL',
          city: 'Colima',
          by: [],
          addedAs: 'ucol-colima',
        },
      },
      addedCampuses: {
        'ucol-colima': {
          name: 'UCOL',
          subname: 'Colima',
          shortName: 'UCOL Colima',
          pendingId: 'pendiente-abcdefabcdefabcdefabcdef',
        },
      },
      sellerChoices: { 'demo-ana': ['postres', 'snacks'] },
      joinSources: { 'demo-ana': { source: 'instagram', medium: null, campaign: null } },
      milestones: { 'udg-cucei': [25, 50] },
      outbox: {
        [WELCOME.id]: WELCOME,
        'milestone-udg-cucei-50-demo-ana': {
          ...WELCOME,
          id: 'milestone-udg-cucei-50-demo-ana',
          kind: 'milestone',
          status: 'pending',
          attempts: 0,
          sentAt: null,
          milestone: 50,
          figure: { verified: 75, threshold: 150 },
        },
        'code-demo-luis-n1': {
          ...WELCOME,
          id: 'code-demo-luis-n1',
          kind: 'code',
          uid: 'demo-luis',
          status: 'failed',
          error: 'smtp down',
          nonce: 'n1',
          expiresAt: 1764321600000,
        },
      },
      mailbox: [DELIVERED],
      mailRecipients: { digest: [{ id: WELCOME.id, kind: 'welcome', at: 1764061201000 }] },
      mailStopped: { 'demo-sofia': 1763805600000 },
      launchRuns: [{ collegeId: 'udg-cucei', at: 1764320000000, queued: 2 }],
    };
    // The hourly sends of before issue 59 (keyed by uid and address) are not the code ledger
    // (keyed digests): read as none, and the rest as written; fields added later read empty.
    const kept: Record<string, unknown> = { ...stored };
    delete kept.codeSends;
    expect(read(stored)).toEqual({
      ...kept,
      codeLedger: {},
      codeTotals: {},
      codeBudget: EMPTY.codeBudget,
      mailSuppressions: {},
      failureDrops: {},
      collegeChanges: {},
      // Issue 61: the demo operator holds the role, as in a fresh state.
      operators: EMPTY.operators,
      operatorLog: [],
      campusLaunches: {},
      retentionRuns: [],
    });
  });

  it('drops what is corrupt, field by field, and keeps the rest as today', () => {
    const mailbox = Array.from({ length: 60 }, (_, i) => ({ ...DELIVERED, id: `m${i}` }));
    const stored = {
      accounts: [{ uid: 1 }, 'x', { uid: 'otra', email: 'otra@x.mx', displayName: 'Otra' }],
      // Not among the stored accounts: no session.
      sessionUid: 'demo-ana',
      users: { otra: '2026-11-28T09:00:00.000Z', nadie: 'ayer' },
      created: { otra: 5, fantasma: '2026-11-28T09:00:00.000Z' },
      // An array of entries reads by index, as the parser always read it.
      entries: [ANA_ENTRY, { email: 1 }],
      consents: { a: 'ayer', b: '2026-11-28T09:00:00.000Z' },
      joinNotices: { a: 'mañana', b: '2026-11-30' },
      collegeChanges: { a: 'ayer', b: '2026-11-28T09:00:00.000Z', c: 5 },
      consentNotices: { otro: 7 },
      failureCounts: { a: -1, b: 1.5, c: 2, d: '3' },
      photos: { a: 5, b: '/b.png' },
      reviews: { a: { photo: '/a.png', approved: 'sí' }, b: { photo: '/b.png', approved: true } },
      heroStripOn: 'false',
      campusSettings: {
        'udg-cucei': { threshold: -5, state: 'raro', opensOn: '2026-02-30' },
        'No Es Id': { threshold: 10 },
        'itesm-gdl': 7,
      },
      classmates: { 'udg-cucei': 3, 'x y': 2, 'itesm-gdl': -1 },
      inviteCodes: { a: 'abc', b: 'abcd2345', c: 'ABCD2345' },
      invitedBy: { a: 3, b: 'demo-ana' },
      invitedAt: { a: -1, b: 1.5, c: 1764320700000 },
      verifications: {
        a: { address: 'Ana@Alumnos.udg.mx', at: '2026-11-28T09:00:00.000Z' },
        b: { address: 'b@alumnos.udg.mx', at: 'nunca' },
        c: { address: 'c@alumnos.udg.mx', at: '2026-11-28T09:00:00.000Z' },
      },
      codes: {
        a: { address: 'a@alumnos.udg.mx', hash: 'h', expiresAt: 1, tries: -1 },
        b: { address: 'b@alumnos.udg.mx', hash: 'h', expiresAt: 1, tries: 0 },
      },
      codeLedger: { a: [1, 'x'], b: Array.from({ length: 1001 }, () => 1), c: [1, 2] },
      codeTotals: { a: -1, b: 'x', c: 3 },
      codeBudget: { day: '2026-12-01', count: 'x', spentAt: null },
      mailSuppressions: { a: { reason: 'raro', at: 1 }, b: { reason: 'bounce', at: 2 } },
      campusRequests: {
        a: { id: 'pendiente-xyz', name: 'A', city: 'B', by: [] },
        b: { id: PENDING, name: 'A', city: 'B', by: [1] },
        c: { id: PENDING, name: 'A', city: 'B', by: ['x'], addedAs: 'No Es Id' },
        d: { id: PENDING, name: 'A', city: 'B', by: ['x'] },
      },
      addedCampuses: {
        'No Es Id': { name: 'A', subname: 'B', shortName: 'C', pendingId: PENDING },
        'ucol-a': { name: 'A', subname: 'B', shortName: 'C', pendingId: 'otro' },
        'ucol-b': { name: 'A', subname: 'B', shortName: 'C', pendingId: PENDING },
      },
      sellerChoices: { a: [], b: ['snacks', 'nada'], c: ['snacks', 'postres', 'snacks'] },
      joinSources: {
        a: { source: null, medium: null, campaign: null },
        b: { source: 'tiktok', medium: 5, campaign: null },
        c: { source: 'tiktok' },
      },
      milestones: { a: [25, 30], b: [25, 50, 75, 100, 25], c: [100] },
      outbox: { a: { ...WELCOME, status: 'queued' }, b: { ...WELCOME, milestone: 30 }, c: WELCOME },
      mailbox: [{ ...DELIVERED, headers: { x: 1 } }, ...mailbox],
      mailRecipients: {
        a: [{ id: 'x', kind: 'spam', at: 1 }],
        b: [{ id: 'x', kind: 'launch', at: 1 }],
      },
      mailStopped: { a: 'x', b: 1763805600000 },
      launchRuns: [{ collegeId: 'udg-cucei', at: 1, queued: 2 }, { collegeId: 3 }],
    };
    expect(read(stored)).toEqual({
      accounts: [{ uid: 'otra', email: 'otra@x.mx', displayName: 'Otra' }],
      users: { otra: '2026-11-28T09:00:00.000Z' },
      created: { otra: '2026-11-28T09:00:00.000Z' },
      sessionUid: null,
      entries: { '0': ANA_ENTRY },
      consents: { b: '2026-11-28T09:00:00.000Z' },
      joinNotices: { b: '2026-11-30' },
      collegeChanges: { b: '2026-11-28T09:00:00.000Z' },
      consentNotices: {},
      failureCounts: { c: 2 },
      failureDrops: {},
      photos: { b: '/b.png' },
      reviews: { b: { photo: '/b.png', approved: true } },
      heroStripOn: true,
      campusSettings: { 'udg-cucei': { threshold: 100, state: 'gathering', opensOn: null } },
      classmates: { 'udg-cucei': 3 },
      inviteCodes: { c: 'ABCD2345' },
      invitedBy: { b: 'demo-ana' },
      invitedAt: { c: 1764320700000 },
      verifications: {
        c: { address: 'c@alumnos.udg.mx', at: '2026-11-28T09:00:00.000Z' },
      },
      codes: { b: { address: 'b@alumnos.udg.mx', hash: 'h', expiresAt: 1, tries: 0 } },
      codeLedger: { c: [1, 2] },
      codeTotals: { c: 3 },
      codeBudget: EMPTY.codeBudget,
      campusRequests: { d: { id: PENDING, name: 'A', city: 'B', by: ['x'] } },
      addedCampuses: {
        'ucol-b': { name: 'A', subname: 'B', shortName: 'C', pendingId: PENDING },
      },
      // A valid list is kept as written.
      sellerChoices: { c: ['snacks', 'postres', 'snacks'] },
      joinSources: { c: { source: 'tiktok' } },
      milestones: { c: [100] },
      outbox: { c: WELCOME },
      // The newest 50 only.
      mailbox: mailbox.slice(-50),
      mailRecipients: { b: [{ id: 'x', kind: 'launch', at: 1 }] },
      mailSuppressions: { b: { reason: 'bounce', at: 2 } },
      mailStopped: { b: 1763805600000 },
      launchRuns: [{ collegeId: 'udg-cucei', at: 1, queued: 2 }],
      operators: EMPTY.operators,
      operatorLog: [],
      campusLaunches: {},
      retentionRuns: [],
    });
  });
});
