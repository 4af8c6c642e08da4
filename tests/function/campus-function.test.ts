import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as functionsCampus from '../../functions/src/campus-progress.logic';
import { CAMPUS_EMAIL } from '../../functions/src/mirror/data/campus-email';
import * as functionsInvites from '../../functions/src/invites.logic';
import * as functionsRequests from '../../functions/src/campus-requests.logic';
import { campusRequestKey, parseCampusRequest } from '@/domain/campus-request';
import { inviteCodeFromBytes } from '@/domain/invite-code';
import {
  CAMPUS_STATES,
  DEFAULT_THRESHOLD,
  parseSettings,
  PROGRESS_FLOOR,
  publicProgress,
} from '@/domain/campus-progress';
import { emailInDomains } from '@/domain/email-domain';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import { universityEmailOf } from '@/data/university-email';
import { campusRequestText } from '../support/arbitraries';

// The functions' campus and invite rules are the domain's own, mirrored into functions/src/mirror/
// (tests/tooling/data/functions-copies.test.ts holds the copies equal, issue 52). These properties
// check what the functions build on them, and the design of the campus records: each
// reconciliation sets a student's record to what their entry says now, so any order and any
// repetition of trigger events leaves the records, and so the counts, equal to a recount.

describe('the functions build on the domain rules', () => {
  it("the function's campus answer is the domain's floored progress", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            threshold: fc.oneof(fc.integer({ min: -2, max: 200_000 }), fc.anything()),
            state: fc.oneof(fc.constantFrom(...CAMPUS_STATES), fc.string()),
            opensOn: fc.oneof(fc.constantFrom('2027-01-15', '2027-02-30', null), fc.string()),
          }),
        ),
        fc.integer({ min: -3, max: 50_000 }),
        (raw, count) => {
          const settings = parseSettings(raw);
          expect(functionsCampus.parseSettings(raw)).toEqual(settings);
          const answer = functionsCampus.campusAnswer(
            'udg-cucei',
            'a@alumnos.udg.mx',
            count,
            settings,
          );
          const progress = publicProgress('udg-cucei', count, settings);
          expect(answer.verifiedCount).toBe(progress.verified);
          expect(answer).toMatchObject({
            threshold: progress.threshold,
            state: progress.state,
            opensOn: progress.opensOn,
            verified: true,
            universityOf: 'de la UdeG',
          });
        },
      ),
    );
    expect(functionsCampus.PROGRESS_FLOOR).toBe(PROGRESS_FLOOR);
    expect(functionsCampus.DEFAULT_THRESHOLD).toBe(DEFAULT_THRESHOLD);
  });

  it("the function's drawing of a code is the domain's", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (bytes) => {
        expect(functionsInvites.newInviteCode(bytes)).toBe(inviteCodeFromBytes(bytes));
      }),
    );
  });

  it("the function's wall refuses whatever the domain refuses, and keeps what it accepts under the same key (issue 51)", () => {
    fc.assert(
      fc.property(fc.record({ name: campusRequestText, city: campusRequestText }), (input) => {
        const parsed = parseCampusRequest(input);
        const checked = functionsRequests.checkedRequest(input);
        expect(checked !== null).toBe(parsed.ok);
      }),
      { numRuns: 500 },
    );
    for (const name of [
      'Visita https://evil.example/premio',
      'Universidad www.evil.example',
      'Universidad \u202Eoloc',
    ]) {
      expect(functionsRequests.checkedRequest({ name, city: 'León' })).toBeNull();
    }
  });

  it('the function keeps every request the domain accepts, under the same key', () => {
    fc.assert(
      fc.property(fc.record({ name: fc.string(), city: fc.string() }), (input) => {
        const parsed = parseCampusRequest(input);
        const checked = functionsRequests.checkedRequest(input);
        if (parsed.ok) {
          expect(checked).toMatchObject({
            name: parsed.request.name,
            city: parsed.request.city,
            key: campusRequestKey(parsed.request),
          });
        }
        if (checked) expect(checked.key).toBe(campusRequestKey(checked));
      }),
    );
  });

  it("the functions' campus e-mail table is the catalogue's", () => {
    const expected = Object.fromEntries(
      COLLEGE_CATALOGUE.flatMap((entry) => {
        const email = universityEmailOf(entry);
        return email ? [[entry.id, { domains: [...email.domains], of: email.of }]] : [];
      }),
    );
    expect(CAMPUS_EMAIL).toEqual(expected);
  });
});

type Entry = { email: string; collegeId: string };
type Event =
  | { kind: 'join'; uid: number; email: number; campus: number }
  | { kind: 'change'; uid: number; campus: number }
  | { kind: 'leave'; uid: number };

const CAMPUSES = ['udg-cucei', 'udg-cucea', 'itesm-gdl'];
const EMAILS = ['a@alumnos.udg.mx', 'b@tec.mx', 'c@gmail.com', 'd@cucei.alumnos.udg.mx'];

const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({
    kind: fc.constant('join' as const),
    uid: fc.nat(5),
    email: fc.nat(EMAILS.length - 1),
    campus: fc.nat(CAMPUSES.length - 1),
  }),
  fc.record({
    kind: fc.constant('change' as const),
    uid: fc.nat(5),
    campus: fc.nat(CAMPUSES.length - 1),
  }),
  fc.record({ kind: fc.constant('leave' as const), uid: fc.nat(5) }),
);

describe('campus records: reconciled from the entry as it is now', () => {
  it('any order and repetition of trigger deliveries leaves every count equal to a recount', () => {
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 40 }),
        // Deliveries: which write's trigger runs when (index into the writes), with repeats.
        fc.array(fc.nat(60), { maxLength: 80 }),
        (events, deliveries) => {
          const entries = new Map<string, Entry>();
          const members = new Map<string, { collegeId: string; verified: boolean }>();
          const reconcile = (uid: string) => {
            const member = functionsCampus.memberOf(entries.get(uid) ?? null);
            if (member) members.set(uid, member);
            else members.delete(uid);
          };
          const written: string[] = [];
          let delivered = 0;
          const deliver = (upTo: number) => {
            // Some deliveries of earlier writes, late and repeated, interleaved with the writes.
            while (delivered < deliveries.length && deliveries[delivered]! % (upTo + 1) < upTo) {
              reconcile(written[deliveries[delivered]! % upTo]!);
              delivered++;
            }
          };
          for (const e of events) {
            const uid = `u${e.uid}`;
            const entry = entries.get(uid);
            if (e.kind === 'join' && !entry) {
              entries.set(uid, { email: EMAILS[e.email]!, collegeId: CAMPUSES[e.campus]! });
            } else if (e.kind === 'change' && entry) {
              entries.set(uid, { ...entry, collegeId: CAMPUSES[e.campus]! });
            } else if (e.kind === 'leave') {
              entries.delete(uid);
            } else continue;
            written.push(uid);
            deliver(written.length);
          }
          // Every write's trigger runs at least once in the end (retried until it succeeds).
          for (const uid of written) reconcile(uid);
          for (const campus of CAMPUSES) {
            const counted = [...members.values()].filter(
              (m) => m.collegeId === campus && m.verified,
            ).length;
            const recount = [...entries.values()].filter(
              (e) =>
                e.collegeId === campus && emailInDomains(e.email, CAMPUS_EMAIL[campus]!.domains),
            ).length;
            expect(counted).toBe(recount);
          }
          expect(new Set(members.keys())).toEqual(new Set(entries.keys()));
        },
      ),
    );
  });
});
