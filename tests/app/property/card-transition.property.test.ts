import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { College } from '@/domain/college';
import { DEFAULT_COLLEGES } from '@/domain/default-colleges';
import type { User } from '@/domain/user';
import { type Card, type CardEvent, type EntryAction, STARTING } from '@/ui/card/card-state';
import { effectsOf } from '@/ui/card/card-effects';
import { cardUser, nextCard } from '@/ui/card/card-transition';
import { cardView } from '@/ui/card/card-view';

// Model-based tests of the waitlist card (issue 24): fast-check draws sequences of events, a
// student's gestures and the use cases' answers in any order, and applies them to nextCard. After
// every step the card must be one the card component can draw, and the rules below must hold.

const ana: User = { uid: 'ana', email: 'ana@alumnos.udg.mx', displayName: 'Ana García' };
const beto: User = { uid: 'beto', email: 'beto@alumnos.udg.mx', displayName: '' };
const college = fc.option(fc.constantFrom(...DEFAULT_COLLEGES), { nil: null });
const someCollege = fc.constantFrom(...DEFAULT_COLLEGES);
const timestamp = new Date('2026-11-22T12:00:00Z');
const entryOf = (user: User, chosen: College, heroConsent: boolean) => ({
  entry: { email: user.email, collegeId: chosen.id, timestamp },
  college: chosen,
  heroConsent,
});

/** The card as a test world holds it. */
interface Real {
  card: Card;
}
/** What the model remembers: the users that were signed in before the current one. */
interface Model {
  readonly earlier: Set<string>;
}

/** The current user's uid, or one nobody has. */
const uidOf = (card: Card) => cardUser(card)?.uid ?? 'nadie';

/** A card the component can draw: no field of one step next to another step's. */
function expectDrawable(card: Card): void {
  const view = cardView(card);
  const user = cardUser(card);
  expect(['starting', 'unavailable', 'signedOut', 'form', 'joined']).toContain(card.step);
  expect(view.user === null).toBe(!['form', 'joined'].includes(card.step));
  expect(view.email).toBe(card.step === 'joined' ? card.email : (user?.email ?? ''));
  expect(view.joined).toBe(view.submitStatus === 'success' || view.submitStatus === 'already');
  expect(view.myEntryStatus === 'idle').toBe(!view.joined);
  if (view.signingIn) expect(card.step).toBe('signedOut');
  if (view.submitStatus === 'processing') expect(card.step).toBe('form');
  if (view.wantsHeroConsent) expect(card.step).toBe('form');
  if (view.confirmed) expect(view.joined).toBe(true);
  if (view.entryAction !== null || view.editingCollege) expect(view.myEntryStatus).toBe('loaded');
  if (view.myEntry && !view.editingCollege) expect(card.college).toBe(view.myEntry.college);
  if (card.step === 'unavailable') expect(view.backendError).toEqual({ missing: card.missing });
}

/**
 * The follow-ups (effectsOf, issue 52): an accepted answer that makes the card wait for an entry
 * yields exactly one read, of its own student, and any other event none (a stale answer, one the
 * card refused); a list check only for a user the card newly follows; a campus kept in the
 * browser only for a choice taken before joining.
 */
function expectEffects(before: Card, after: Card, event: CardEvent): void {
  const effects = effectsOf(before, after, event);
  const taken = after !== before;
  const reads = effects.filter((e) => e.type === 'readEntry');
  const waits = taken && after.step === 'joined' && after.entry.status === 'loading';
  const asks = event.type === 'onList' || event.type === 'entryLoading';
  expect(reads).toHaveLength(asks && waits ? 1 : 0);
  for (const read of reads) expect(read.user.uid).toBe((event as { uid: string }).uid);
  const checks = effects.filter((e) => e.type === 'checkList');
  const arrived =
    event.type === 'user' &&
    event.user !== null &&
    taken &&
    cardUser(after)?.uid === event.user.uid;
  expect(checks).toEqual(arrived ? [{ type: 'checkList', user: event.user }] : []);
  const saves = effects.filter((e) => e.type === 'saveCollege');
  const chosen = event.type === 'collegeChosen' && taken && before.step !== 'joined';
  expect(saves).toHaveLength(chosen ? 1 : 0);
}

/** Sends one event and checks what every event must keep. */
class Send implements fc.Command<Model, Real> {
  constructor(
    readonly label: string,
    readonly event: (card: Card) => CardEvent,
    readonly then?: (before: Card, after: Card, model: Model) => void,
  ) {}
  check = () => true;
  run(model: Model, real: Real): void {
    const before = real.card;
    const event = this.event(before);
    const after = nextCard(before, event);
    expectDrawable(after);
    expectEffects(before, after, event);
    this.then?.(before, after, model);
    const user = cardUser(before);
    if (user && cardUser(after)?.uid !== user.uid) model.earlier.add(user.uid);
    real.card = after;
  }
  toString = () => this.label;
}

// The current student's gestures, and the use cases' answers about them (uid read from the card).
const gestures = [
  college.map(
    (c) => new Send(`localCollege(${c?.id})`, () => ({ type: 'localCollege', college: c })),
  ),
  college.map((c) => new Send(`choose(${c?.id})`, () => ({ type: 'collegeChosen', college: c }))),
  fc
    .boolean()
    .map((w) => new Send(`wantConsent(${w})`, () => ({ type: 'consentWanted', wanted: w }))),
  fc.boolean().map((b) => new Send(`signingIn(${b})`, () => ({ type: 'signingIn', busy: b }))),
  fc.constant(new Send('joinStarted', () => ({ type: 'joinStarted' }))),
  fc.boolean().map((e) => new Send(`editing(${e})`, () => ({ type: 'editing', editing: e }))),
];
const answers = [
  fc.constant(new Send('joinFailed', (c) => ({ type: 'joinFailed', uid: uidOf(c) }))),
  fc.tuple(someCollege, fc.boolean()).map(
    ([chosen, consent]) =>
      new Send(`joined(${chosen.id}, ${consent})`, (c) => ({
        type: 'joined',
        uid: uidOf(c),
        result: entryOf(cardUser(c) ?? ana, chosen, consent),
      })),
  ),
  fc.boolean().map(
    (confirmed) =>
      new Send(`onList(${confirmed})`, (c) => ({
        type: 'onList',
        uid: uidOf(c),
        status: { joined: true, confirmed, email: 'guardado@alumnos.udg.mx' },
      })),
  ),
  fc.constant(new Send('entryLoading', (c) => ({ type: 'entryLoading', uid: uidOf(c) }))),
  fc.option(fc.tuple(someCollege, fc.boolean()), { nil: null }).map(
    (read) =>
      new Send(`entryRead(${read?.[0].id})`, (c) => ({
        type: 'entryRead',
        uid: uidOf(c),
        entry: read && entryOf(cardUser(c) ?? ana, ...read),
      })),
  ),
  fc
    .constantFrom<EntryAction>('consent', 'college', 'leave')
    .map(
      (action) =>
        new Send(`start(${action})`, (c) => ({ type: 'actionStarted', uid: uidOf(c), action })),
    ),
  fc.constant(new Send('actionFailed', (c) => ({ type: 'actionFailed', uid: uidOf(c) }))),
  fc.boolean().map(
    (granted) =>
      new Send(`consentSaved(${granted})`, (c) => ({
        type: 'consentSaved',
        uid: uidOf(c),
        granted,
      })),
  ),
  someCollege.map(
    (chosen) =>
      new Send(`collegeChanged(${chosen.id})`, (c) => ({
        type: 'collegeChanged',
        uid: uidOf(c),
        college: chosen,
        entry: entryOf(cardUser(c) ?? ana, chosen, false).entry,
      })),
  ),
];

const signInAs = fc.constantFrom(ana, beto).map(
  (user) =>
    new Send(
      `user(${user.uid})`,
      () => ({ type: 'user', user }),
      (before, after) => {
        if (before.step === 'unavailable') return expect(after).toBe(before);
        expect(cardUser(after)).toBe(cardUser(before)?.uid === user.uid ? cardUser(before) : user);
      },
    ),
);

const signOut = fc.constant(
  new Send(
    'user(null)',
    () => ({ type: 'user', user: null }),
    (before, after) => {
      // Sign-out from any state ends signed out (the backend never reports before it starts).
      if (before.step === 'unavailable') return expect(after).toBe(before);
      expect(after.step).toBe('signedOut');
      if (cardUser(before)) expect(after.college).toBeNull();
    },
  ),
);

const leave = fc.constant(
  new Send(
    'left',
    (c) => ({ type: 'left', uid: uidOf(c) }),
    (before, after) => {
      if (before.step !== 'joined') return expect(after).toBe(before);
      // Leaving ends on an empty form for the same student.
      expect(after).toEqual({
        step: 'form',
        user: before.user,
        email: before.user.email,
        college: null,
        wantsHeroConsent: false,
        submitting: false,
      });
    },
  ),
);

const startUp = [
  fc
    .array(fc.constantFrom('VITE_X', 'VITE_Y'), { maxLength: 2 })
    .map((missing) => new Send('backendFailed', () => ({ type: 'backendFailed', missing }))),
  fc.constant(new Send('retried', () => ({ type: 'retried' }))),
];

/** An answer about the other student (not the current one: signed out, or never in) changes nothing. */
const staleAnswer = fc.oneof(...answers).map((answer) => {
  const other = (card: Card) => (uidOf(card) === ana.uid ? beto.uid : ana.uid);
  const event = (card: Card) => ({ ...answer.event(card), uid: other(card) }) as CardEvent;
  return new Send(`stale ${answer.toString()}`, event, (before, after) =>
    expect(after).toBe(before),
  );
});

const commands = fc.commands(
  [...gestures, ...answers, ...startUp, signInAs, signOut, leave, staleAnswer],
  { maxCommands: 60, size: 'max' },
);

/** Runs the commands on a new card; `seen` names each step reached (joined ones in detail). */
function play(cmds: Iterable<fc.Command<Model, Real>>) {
  const model: Model = { earlier: new Set() };
  const real: Real = { card: STARTING };
  const seen = new Set<string>();
  for (const cmd of cmds) {
    cmd.run(model, real);
    const { card } = real;
    seen.add(card.step === 'joined' ? `joined/${card.entry.status}` : card.step);
    if (card.step === 'joined' && card.entry.status === 'loaded') {
      if (card.entry.action) seen.add('joined/action');
      if (card.entry.editing) seen.add('joined/editing');
    }
  }
  return { model, real, seen };
}

describe('the waitlist card as one state (nextCard)', () => {
  it('every reachable card can be drawn; sign-out ends signed out; leaving ends on an empty form; stale answers change nothing', () => {
    fc.assert(
      fc.property(commands, (cmds) => {
        fc.modelRun(
          () => ({ model: { earlier: new Set<string>() }, real: { card: STARTING } }),
          cmds,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('an answer about any student signed in earlier changes nothing', () => {
    fc.assert(
      fc.property(commands, fc.oneof(...answers), (cmds, answer) => {
        const { model, real } = play(cmds);
        const now = cardUser(real.card)?.uid;
        for (const uid of [...model.earlier].filter((earlier) => earlier !== now)) {
          const event = { ...answer.event(real.card), uid } as CardEvent;
          expect(nextCard(real.card, event)).toBe(real.card);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('reaches every step of the card (the commands are strong enough to find them)', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(commands, (cmds) => {
        for (const step of play(cmds).seen) seen.add(step);
      }),
      // A coverage check, not a search for a counterexample: with a random seed, 300 runs missed
      // a step about one run in ten (a flaky suite). A fixed seed gives one answer every time; it
      // still fails when the commands can no longer reach a step.
      { numRuns: 1000, seed: 20261125 },
    );
    expect([...seen].sort()).toEqual([
      'form',
      'joined/action',
      'joined/editing',
      'joined/loaded',
      'joined/loading',
      'joined/unreadable',
      'signedOut',
      'starting',
      'unavailable',
    ]);
  });
});
