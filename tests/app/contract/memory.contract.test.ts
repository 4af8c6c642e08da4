import { expect } from 'vitest';
import { AppError } from '@/domain/errors';
import { createMemoryBackend } from '@/adapters/memory/memory-backend';
import { DEMO_ACCOUNTS, DEMO_OPERATOR } from '@/adapters/memory/memory-auth.adapter';
import { campusEmail } from '@/adapters/memory/memory-campus-progress.adapter';
import { HERO_AVATARS } from '@/adapters/memory/hero-avatars';
import { OPERATOR_CONSOLE_METHODS } from '@/adapters/operator-console-methods';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import { SELLER_CATEGORIES } from '@/domain/seller-choice';
import type { OperatorConsole } from '@/ports/operator-console.port';
import { describeOperatorConsoleContract } from './operator-console.contract';
import { MEMORY_STATE_KEY } from '@/adapters/memory/memory-state';
import { describeAuthContract } from './auth.contract';
import { describeCampusProgressContract } from './campus-progress.contract';
import { describeCampusRequestsContract } from './campus-requests.contract';
import { describeInvitesContract } from './invites.contract';
import { describeEmailVerificationsContract } from './email-verifications.contract';
import { codeOfNonce } from '@/domain/email-verification';
import { recipientKey } from '@/domain/mail/recipient-limits';
import { identityKey } from '@/domain/code-sends';
import { MEMORY_LEAVE_SECRET } from '@/adapters/memory/memory-mail.adapter';
import { describeCollegeSearchContract } from './college-search.contract';
import { describeHeroConsentContract } from './hero-consent.contract';
import { describeHeroImagesContract } from './hero-images.contract';
import { describeWaitlistContract } from './waitlist-repo.contract';
import { describeSellerChoicesContract } from './seller-choices.contract';
import { describeJoinSourcesContract } from './join-sources.contract';
import { describeMilestonesContract } from './milestones.contract';
import { describeCampusAddContract, mailFromOutbox } from './campus-add.contract';
import { describeLeaveLinksContract } from './leave-links.contract';
import { describeFailureReportsContract } from './failure-reports.contract';
import { onList } from './on-list';
import { ERROR_CODES } from '@/domain/errors';
import { FAILURE_KINDS, failureCountKey, parseFailureReport } from '@/domain/failure-report';
import { LEAVE_PURPOSE, signLeaveToken } from '@/domain/mail/leave-token';
import { memoryStorage } from '../../support/memory-storage';
import { ageMemoryCollegeChange, spacedCollegeChanges } from '../../support/spaced-changes';

/** A memory backend with no latency whose popup outcome the test arranges. */
function backend({ sendAutomatically = true }: { sendAutomatically?: boolean } = {}) {
  let outcome: 'first' | 'close' = 'first';
  let accountIndex = 0;
  const storage = memoryStorage();
  const b = createMemoryBackend({
    storage,
    config: { latencyMs: 0 },
    sendAutomatically,
    chooseAccount: async (accounts) => {
      if (outcome === 'close') throw new AppError('auth/popup-closed-by-user');
      return accounts[accountIndex % accounts.length]!;
    },
  });
  return {
    b,
    storage,
    arrange(o: 'first' | 'close', index = 0) {
      outcome = o;
      accountIndex = index;
    },
  };
}

describeAuthContract('memory', async () => {
  const { b, arrange } = backend();
  return {
    auth: b.auth,
    arrangeSignIn: async () => {
      arrange('first');
      return DEMO_ACCOUNTS[0]!.email;
    },
    arrangeClose: async () => arrange('close'),
  };
});

let next = 0;
describeWaitlistContract('memory', async () => {
  const { b, arrange, storage } = backend();
  return {
    repo: b.waitlist,
    signIn: async () => {
      arrange('first', next++);
      const user = await b.auth.signInWithPopup();
      return { uid: user.uid, email: user.email };
    },
    countEntries: async (uid) => (Object.hasOwn(b.controls.entries(), uid) ? 1 : 0),
    ageCollegeChange: async (uid) => ageMemoryCollegeChange(storage, uid),
    joinWithTerms: async (uid, entry, terms) =>
      void (await b.controls.joinWithTerms(uid, entry, terms)),
  };
});

describeHeroConsentContract('memory', async () => {
  const { b, arrange } = backend();
  let index = 0;
  return {
    repo: b.heroConsent,
    waitlist: b.waitlist,
    signIn: async () => {
      arrange('first', index++);
      const user = await b.auth.signInWithPopup();
      return { uid: user.uid, email: user.email };
    },
    hasConsent: async (uid) => Object.hasOwn(b.controls.consents(), uid),
  };
});

describeCollegeSearchContract('memory', async () => backend().b.collegeSearch);
describeHeroImagesContract('memory', async () => backend().b.heroImages);

describeCampusProgressContract('memory', async () => {
  const { b, arrange } = backend();
  const udg = DEMO_ACCOUNTS.flatMap((a, i) => (a.email.endsWith('@alumnos.udg.mx') ? [i] : []));
  const personal = DEMO_ACCOUNTS.findIndex((a) => a.email.endsWith('@gmail.com'));
  let turn = 0;
  return {
    repo: b.campusProgress,
    waitlist: b.waitlist,
    signIn: async (kind) => {
      arrange('first', kind === 'personal' ? personal : udg[turn++ % udg.length]!);
      const user = await b.auth.signInWithPopup();
      return { uid: user.uid, email: user.email };
    },
    signOut: () => b.auth.signOut(),
    requests: b.campusRequests,
    addVerified: async (collegeId, count) => b.controls.addClassmates(collegeId, count),
    setCampus: async (collegeId, settings) => b.controls.setCampus(collegeId, settings),
    campuses: { a: 'udg-cucei', b: 'udg-cucea' },
  };
});

describeInvitesContract('memory', async () => {
  const { b, arrange, storage } = backend();
  let next = 0;
  const signInAt = async (index: number) => {
    arrange('first', index);
    const user = await b.auth.signInWithPopup();
    return { uid: user.uid, email: user.email };
  };
  return {
    repo: b.invites,
    // Changes of campus a minute apart (issue 59), behind the port.
    waitlist: spacedCollegeChanges(b.waitlist, async (uid) => ageMemoryCollegeChange(storage, uid)),
    newStudent: (kind) =>
      signInAt(
        kind === 'personal'
          ? DEMO_ACCOUNTS.findIndex((a) => a.email.endsWith('@gmail.com'))
          : next++,
      ),
    verify: async (student) => {
      const state = JSON.parse(storage.getItem(MEMORY_STATE_KEY)!) as {
        verifications: Record<string, { address: string; at: string }>;
      };
      state.verifications[student.uid] = {
        address: `${student.uid}@alumnos.udg.mx`,
        at: new Date().toISOString(),
      };
      storage.setItem(MEMORY_STATE_KEY, JSON.stringify(state));
    },
    signInAs: async (student) => {
      await signInAt(DEMO_ACCOUNTS.findIndex((a) => a.uid === student.uid));
    },
    ageEntry: async (student, ms) => {
      const state = JSON.parse(storage.getItem(MEMORY_STATE_KEY)!) as {
        entries: Record<string, { timestamp: string }>;
      };
      state.entries[student.uid]!.timestamp = new Date(Date.now() - ms).toISOString();
      storage.setItem(MEMORY_STATE_KEY, JSON.stringify(state));
    },
    ageAccount: async (student, ms) => {
      const state = JSON.parse(storage.getItem(MEMORY_STATE_KEY)!) as {
        created: Record<string, string>;
      };
      state.created[student.uid] = new Date(Date.now() - ms).toISOString();
      storage.setItem(MEMORY_STATE_KEY, JSON.stringify(state));
    },
    creditedToday: async (inviter, n) => {
      const state = JSON.parse(storage.getItem(MEMORY_STATE_KEY)!) as {
        invitedBy: Record<string, string>;
        invitedAt: Record<string, number>;
      };
      for (let i = 0; i < n; i++) {
        state.invitedBy[`elsewhere-${i}`] = inviter.uid;
        (state.invitedAt ??= {})[`elsewhere-${i}`] = Date.now();
      }
      storage.setItem(MEMORY_STATE_KEY, JSON.stringify(state));
    },
  };
});

describeCampusRequestsContract('memory', async () => {
  const { b, signIn, signInAs } = withAccounts();
  return {
    repo: b.campusRequests,
    waitlist: b.waitlist,
    signIn: () => signIn(),
    signInAs,
    held: async () =>
      b.controls.campusRequests().map(({ name, city, requests }) => ({ name, city, requests })),
  };
});

describeEmailVerificationsContract('memory', async () => {
  const { b, arrange, storage } = backend();
  let made = 0;
  const state = () =>
    JSON.parse(storage.getItem(MEMORY_STATE_KEY) ?? '{}') as {
      accounts?: { uid: string; email: string; displayName: string }[];
      codes: Record<string, { expiresAt: number }>;
    };
  const signInAs = async (student: { uid: string }) => {
    const accounts = state().accounts ?? [];
    arrange(
      'first',
      accounts.findIndex((a) => a.uid === student.uid),
    );
    const user = await b.auth.signInWithPopup();
    return { uid: user.uid, email: user.email };
  };
  return {
    repo: b.emailVerifications,
    // Changes of campus a minute apart (issue 59), behind the port.
    waitlist: spacedCollegeChanges(b.waitlist, async (uid) => ageMemoryCollegeChange(storage, uid)),
    campusProgress: b.campusProgress,
    newStudent: async () => {
      // An account of the provider's own, with a personal address.
      const s = state();
      const uid = `personal-${made++}`;
      const accounts = [
        ...(s.accounts ?? DEMO_ACCOUNTS),
        { uid, email: `${uid}@gmail.com`, displayName: 'Estudiante' },
      ];
      storage.setItem(MEMORY_STATE_KEY, JSON.stringify({ ...s, accounts }));
      return signInAs({ uid });
    },
    signInAs: async (student) => void (await signInAs(student)),
    // The memory sender runs by itself half a second after a send: a message may be sent (its
    // address and nonce cleared, its recipient key kept) by the time a test looks.
    lastCode: async (address) => {
      const key = await recipientKey(address, MEMORY_LEAVE_SECRET);
      const mail = b.controls
        .outbox()
        .filter((m) => m.kind === 'code' && (m.to === address || m.recipient === key))
        .at(-1);
      if (mail?.nonce) return codeOfNonce(MEMORY_LEAVE_SECRET, mail.nonce);
      const text = b.controls
        .mailbox()
        .filter((m) => m.to === address)
        .at(-1)?.text;
      return text ? (/\b(\d{6})\b/.exec(text)?.[1] ?? null) : null;
    },
    queued: async (address) => {
      const key = await recipientKey(address, MEMORY_LEAVE_SECRET);
      return b.controls
        .outbox()
        .filter((m) => m.kind === 'code' && (m.to === address || m.recipient === key)).length;
    },
    expireCode: async (student) => {
      const s = state();
      s.codes[student.uid]!.expiresAt = Date.now() - 1;
      storage.setItem(MEMORY_STATE_KEY, JSON.stringify(s));
    },
    verifiedCount: async (collegeId) => b.controls.verifiedCount(collegeId),
    reSignIn: async (student) => {
      await signInAs(student);
      await b.waitlist.leave(student.uid).catch(() => {});
      await b.auth.deleteAccount();
      // The provider keeps the account: chosen again, it is the same Google identity.
      return signInAs(student);
    },
    bounce: async (address, type) => {
      if (!(await b.controls.reportBounce({ type, address }))) throw new Error('Notice refused');
    },
    fillCap: async (cap) => {
      const before = storage.getItem(MEMORY_STATE_KEY)!;
      const { codeLedger, codeBudget } = JSON.parse(before) as Record<string, unknown>;
      b.controls.fillCodeCap(cap);
      return async () => {
        const now = JSON.parse(storage.getItem(MEMORY_STATE_KEY)!) as Record<string, unknown>;
        storage.setItem(MEMORY_STATE_KEY, JSON.stringify({ ...now, codeLedger, codeBudget }));
      };
    },
    budgetSpentOn: async () => b.controls.codeBudgetSpentOn(),
    // A memory account stands for its Google identity by its uid (the adapter's identityKey).
    ageSends: async (student, ms) => {
      const s = JSON.parse(storage.getItem(MEMORY_STATE_KEY)!) as {
        codeLedger: Record<string, number[]>;
      };
      const key = await identityKey(MEMORY_LEAVE_SECRET, student.uid);
      expect(s.codeLedger[key]?.length ?? 0).toBeGreaterThan(0);
      s.codeLedger[key] = s.codeLedger[key]!.map((at) => at - ms);
      storage.setItem(MEMORY_STATE_KEY, JSON.stringify(s));
    },
  };
});

/**
 * A memory backend whose accounts a test makes as it needs them (the provider's side: they exist
 * before any sign-in), each signed in by choosing it.
 */
function withAccounts(options: { sendAutomatically?: boolean } = {}) {
  const { b, arrange, storage } = backend(options);
  let made = 0;
  const accounts = (): { uid: string; email: string; displayName: string }[] =>
    (JSON.parse(storage.getItem(MEMORY_STATE_KEY) ?? '{}') as { accounts?: [] }).accounts ?? [
      ...DEMO_ACCOUNTS,
    ];
  const signInAs = async (student: { uid: string }) => {
    arrange(
      'first',
      accounts().findIndex((a) => a.uid === student.uid),
    );
    const user = await b.auth.signInWithPopup();
    return { uid: user.uid, email: user.email };
  };
  const signIn = async (email?: (uid: string) => string) => {
    const uid = `student-${made++}`;
    const state = JSON.parse(storage.getItem(MEMORY_STATE_KEY) ?? '{}') as object;
    storage.setItem(
      MEMORY_STATE_KEY,
      JSON.stringify({
        ...state,
        accounts: [
          ...accounts(),
          { uid, email: email ? email(uid) : `${uid}@gmail.com`, displayName: 'Estudiante' },
        ],
      }),
    );
    return signInAs({ uid });
  };
  return { b, signIn, signInAs: async (s: { uid: string }) => void (await signInAs(s)) };
}

describeSellerChoicesContract('memory', async () => {
  const { b, signIn, signInAs } = withAccounts();
  return {
    repo: b.sellerChoices,
    waitlist: b.waitlist,
    signIn: () => signIn(),
    signInAs,
    held: async (uid) => {
      const held = b.controls.sellerChoices();
      return Object.hasOwn(held, uid) ? [...held[uid]!] : null;
    },
  };
});

describeJoinSourcesContract('memory', async () => {
  const { b, signIn } = withAccounts();
  return {
    repo: b.joinSources,
    waitlist: b.waitlist,
    signIn: () => signIn(),
    held: async (uid) => b.controls.joinSources()[uid] ?? null,
  };
});

describeMilestonesContract('memory', async () => {
  const { b, signIn, signInAs } = withAccounts();
  const join = async (collegeId: string, email?: (uid: string) => string) => {
    const s = await signIn(email);
    await b.waitlist.join(s.uid, { email: s.email, collegeId, timestamp: new Date() });
    return s.uid;
  };
  return {
    freshCampus: async () => 'udg-cucei',
    setThreshold: async (collegeId, threshold) => b.controls.setCampus(collegeId, { threshold }),
    joinVerified: (collegeId) => join(collegeId, (uid) => `${uid}@alumnos.udg.mx`),
    joinUnverified: (collegeId) => join(collegeId),
    leave: async (uid) => {
      await signInAs({ uid });
      await b.waitlist.leave(uid);
    },
    milestoneMail: async (collegeId) =>
      b.controls
        .outbox()
        .filter((m) => m.kind === 'milestone' && m.collegeId === collegeId)
        .map((m) => ({ milestone: m.milestone!, uid: m.uid })),
  };
});

describeCampusAddContract('memory', async () => {
  // Unsent: the messages wait in the outbox, as a real backend's do until its sender runs.
  const { b, signIn, signInAs } = withAccounts({ sendAutomatically: false });
  return {
    requests: b.campusRequests,
    waitlist: b.waitlist,
    invites: b.invites,
    mailTo: (address) => mailFromOutbox(b.outbox, address),
    signIn: () => signIn(),
    signInAs,
    addCampus: async (input) => {
      const { added, moved, queued } = b.controls.addCampus(input);
      return { added, moved, queued };
    },
    myCampus: (uid) => b.campusProgress.mine(uid),
    search: (query) => b.collegeSearch.search(query),
    addedMail: async (collegeId) =>
      b.controls
        .outbox()
        .filter((m) => m.kind === 'campus-added' && m.collegeId === collegeId)
        .map((m) => m.uid),
    launchDryRun: async (collegeId) => {
      const { students, alreadyQueued } = b.controls.notifyCampus(collegeId, { dryRun: true });
      return students - alreadyQueued;
    },
  };
});

describeLeaveLinksContract('memory', async () => {
  const storage = memoryStorage();
  let choosing = '';
  // Unsent: the welcomes wait in the outbox, as a real backend's do until its sender runs.
  const b = createMemoryBackend({
    storage,
    config: { latencyMs: 0 },
    sendAutomatically: false,
    chooseAccount: async (accounts) => accounts.find((a) => a.uid === choosing)!,
  });
  const state = () =>
    JSON.parse(storage.getItem(MEMORY_STATE_KEY) ?? '{}') as {
      accounts?: unknown[];
      users?: Record<string, string>;
    };
  let made = 0;
  return {
    links: b.leaveLinks,
    onList: async () => {
      choosing = `salir-${made++}`;
      const s = state();
      const accounts = [
        ...(s.accounts ?? DEMO_ACCOUNTS),
        { uid: choosing, email: `${choosing}@alumnos.udg.mx`, displayName: 'Estudiante' },
      ];
      storage.setItem(MEMORY_STATE_KEY, JSON.stringify({ ...s, accounts }));
      const student = await onList(b, b.auth.signInWithPopup());
      await b.auth.signOut();
      return {
        uid: student.uid,
        joined: Date.parse(b.controls.entries()[student.uid]!.timestamp),
      };
    },
    token: async ({ uid, joined }, { expires, purpose = LEAVE_PURPOSE } = {}) =>
      signLeaveToken(
        { purpose, uid, joined, expires: expires ?? Math.floor(Date.now() / 1000) + 3600 },
        MEMORY_LEAVE_SECRET,
      ),
    held: async (uid) => ({
      entry: Object.hasOwn(b.controls.entries(), uid),
      account: Object.hasOwn(state().users ?? {}, uid),
      pending: b.controls.outbox().filter((m) => m.uid === uid && m.status === 'pending').length,
    }),
    claim: () => {
      const now = new Date();
      return b.outbox.claim(1000, now, now);
    },
  };
});

describeFailureReportsContract('memory', async () => {
  const { b } = backend();
  // Every report there can be, to read a count's key back.
  const reports = FAILURE_KINDS.flatMap((kind) =>
    ERROR_CODES.flatMap((code) => parseFailureReport({ kind, code }) ?? []),
  );
  return {
    reports: b.failureReports,
    counts: async () =>
      Object.entries(b.controls.failureReports()).map(([key, count]) => {
        const day = key.slice(0, 10);
        const { kind, code } = reports.find((r) => failureCountKey(day, r) === key)!;
        return { day, kind, code, count };
      }),
    drops: async () =>
      Object.entries(b.controls.failureDrops()).map(([day, dropped]) => ({ day, dropped })),
    dropsWrittenAtOnce: true,
  };
});

describeOperatorConsoleContract('memory', async () => {
  const storage = memoryStorage();
  let choosing = DEMO_OPERATOR.uid;
  // Unsent: the launch messages wait in the outbox, as a real backend's do until its sender runs.
  const b = createMemoryBackend({
    storage,
    config: { latencyMs: 0 },
    sendAutomatically: false,
    chooseAccount: async (accounts) => accounts.find((a) => a.uid === choosing)!,
  });
  const state = () => JSON.parse(storage.getItem(MEMORY_STATE_KEY) ?? '{}') as { accounts?: [] };
  const signInAs = async (uid: string) => {
    choosing = uid;
    await b.auth.signInWithPopup();
  };
  let made = 0;
  /** A new account of the provider's, signed in. */
  const newAccount = async (email: (uid: string) => string) => {
    const uid = `consola-${made++}`;
    const s = state();
    const accounts = [
      ...(s.accounts ?? DEMO_ACCOUNTS),
      { uid, email: email(uid), displayName: 'Estudiante' },
    ];
    storage.setItem(MEMORY_STATE_KEY, JSON.stringify({ ...s, accounts }));
    await signInAs(uid);
    return { uid, email: email(uid) };
  };
  /** The console as someone: each call signs them in first (one session in a memory backend). */
  const as = (who: () => Promise<void>): OperatorConsole =>
    Object.fromEntries(
      OPERATOR_CONSOLE_METHODS.map((method) => [
        method,
        async (...args: unknown[]) => {
          await who();
          return (b.operatorConsole[method] as (...a: unknown[]) => Promise<unknown>)(...args);
        },
      ]),
    ) as unknown as OperatorConsole;
  const student = await newAccount((uid) => `${uid}@alumnos.udg.mx`);
  await b.waitlist.join(student.uid, {
    email: student.email,
    collegeId: 'udg-cucei',
    timestamp: new Date(),
  });
  // Catalogue campuses with university domains, one per fresh campus.
  const fresh = COLLEGE_CATALOGUE.filter((c) => (campusEmail(c.id)?.domains.length ?? 0) > 0)
    .map((c) => c.id)
    .filter((id) => id !== 'udg-cucei');
  let nextCampus = 0;
  let requests = 0;
  return {
    asOperator: async () => ({
      console: as(() => signInAs(DEMO_OPERATOR.uid)),
      email: DEMO_OPERATOR.email,
    }),
    asStudent: async () => as(() => signInAs(student.uid)),
    asAnonymous: async () => as(() => b.auth.signOut()),
    freshCampus: async () => fresh[nextCampus++]!,
    seedStudent: async (collegeId, { verified, seller = false }) => {
      const domain = campusEmail(collegeId)!.domains[0]!;
      const s = await newAccount((uid) => (verified ? `${uid}@${domain}` : `${uid}@gmail.com`));
      await b.waitlist.join(s.uid, { email: s.email, collegeId, timestamp: new Date() });
      if (seller) await b.sellerChoices.save(s.uid, [SELLER_CATEGORIES[0]]);
      return s;
    },
    seedRequest: async (students, domain = 'gmail.com') => {
      const asked = { name: `Universidad Pedida ${requests}`, city: 'Manzanillo' };
      if (domain === 'gmail.com') requests++;
      let pendingId = '';
      for (let n = 0; n < students; n++) {
        const s = await newAccount((uid) => `${uid}@${domain}`);
        pendingId = (await b.campusRequests.request(s.uid, asked)).id;
        await b.waitlist.join(s.uid, {
          email: s.email,
          collegeId: pendingId,
          timestamp: new Date(),
        });
      }
      return pendingId;
    },
    seedHeroPhoto: async () => {
      const s = await newAccount((uid) => `${uid}@alumnos.udg.mx`);
      await b.waitlist.join(s.uid, {
        email: s.email,
        collegeId: 'udg-cucei',
        timestamp: new Date(),
      });
      await b.heroConsent.grant(s.uid);
      b.controls.setProfilePhoto(s.uid, HERO_AVATARS.at(-1)!);
      return s.uid;
    },
    launchMail: async (collegeId) =>
      b.controls
        .outbox()
        .filter((m) => m.kind === 'launch' && m.collegeId === collegeId)
        .map((m) => m.uid),
    runDueLaunches: async (now) => void b.controls.runDueLaunches(now),
    studentExists: async (uid) =>
      Object.hasOwn(b.controls.entries(), uid) || Object.hasOwn(b.controls.accounts(), uid),
  };
});
