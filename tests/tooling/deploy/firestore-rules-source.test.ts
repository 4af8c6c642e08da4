import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLLEGE_CATALOGUE } from '@/data/college-catalogue';
import { COLLEGE_ID_PATTERN, MAX_COLLEGE_ID_LENGTH } from '@/domain/college';
import { JOIN_TERMS_GRACE_UNTIL, PUBLISHED_NOTICE_VERSIONS } from '@/domain/join-terms';
import { COLLEGE_CHANGE_INTERVAL_MS } from '@/domain/waitlist-entry';

// firestore.rules runs on Google's servers, so it cannot import the domain's college-id rule: it
// repeats it. This test reads the rules file and fails when its pattern or limit drift from the
// domain's (the rules' behaviour itself is tested against the Firestore emulator in
// tests/firebase/firestore-rules.test.ts).
const rules = fs.readFileSync('firestore.rules', 'utf8');
const isCollegeIdFunction = /function isCollegeId\(value\) \{([\s\S]*?)\n {4}\}/.exec(rules)?.[1];

describe('firestore.rules repeats the domain’s college-id rule', () => {
  it('has an isCollegeId function, used for the entry’s collegeId', () => {
    expect(isCollegeIdFunction).toBeDefined();
    expect(rules).toMatch(/&& isCollegeId\(data\.collegeId\)/);
  });

  it('with the domain’s pattern and length limit', () => {
    const pattern = /value\.matches\('([^']+)'\)/.exec(isCollegeIdFunction!)?.[1];
    const limit = /value\.size\(\) <= (\d+)/.exec(isCollegeIdFunction!)?.[1];
    expect(pattern).toBe(COLLEGE_ID_PATTERN.source);
    expect(Number(limit)).toBe(MAX_COLLEGE_ID_LENGTH);
    expect(isCollegeIdFunction).toMatch(/value is string/);
  });

  it('which every catalogue id satisfies (rules regexes match the whole string)', () => {
    const pattern = /value\.matches\('([^']+)'\)/.exec(isCollegeIdFunction!)![1]!;
    const whole = new RegExp(`^(?:${pattern})$`);
    const refused = COLLEGE_CATALOGUE.map((c) => c.id).filter(
      (id) => !whole.test(id) || id.length > MAX_COLLEGE_ID_LENGTH,
    );
    expect(refused).toEqual([]);
  });

  it('and checks the collegeId of a change of campus with the same function', () => {
    expect(rules).toMatch(
      /affectedKeys\(\)\.hasOnly\(\['collegeId', 'collegeChangedAt'\]\)\s*&& isCollegeId\(request\.resource\.data\.collegeId\)/,
    );
  });

  it('and trusts the e-mail only from a verified Google sign-in', () => {
    expect(rules).toMatch(/allow create: if isOwner\(uid\) && isVerifiedGoogleStudent\(\)/);
    expect(rules).toMatch(/allow update: if isOwner\(uid\) && isVerifiedGoogleStudent\(\)/);
    // The consent: created by a Google student on the list, never updated (the first date stands).
    expect(rules).toMatch(
      /allow create: if isOwner\(uid\) && isVerifiedGoogleStudent\(\) && isOnList\(uid\)/,
    );
    expect(rules).toMatch(/allow update, list: if false;/);
    expect(rules).toMatch(/exists\(\/databases\/\$\(database\)\/documents\/waitlist\/\$\(uid\)\)/);
    expect(rules).toMatch(/get\('email_verified', false\) == true/);
    expect(rules).toMatch(/get\('sign_in_provider', ''\) == 'google\.com'/);
  });
});

describe('firestore.rules repeats the domain’s entry rules (issue 59)', () => {
  it('the published versions of the privacy notice', () => {
    const listed = /function isPublishedNotice\(value\) \{\s*return value in \[([^\]]*)\];/.exec(
      rules,
    )?.[1];
    expect(listed?.split(',').map((v) => v.trim().replace(/^'|'$/g, ''))).toEqual([
      ...PUBLISHED_NOTICE_VERSIONS,
    ]);
  });

  it('the grace date of the join terms', () => {
    const [y, m, d] = JOIN_TERMS_GRACE_UNTIL.split('-').map(Number);
    expect(rules).toContain(`request.time < timestamp.date(${y}, ${m}, ${d})`);
  });

  it('the interval between two changes of campus', () => {
    expect(rules).toContain(
      `request.time >= resource.data.collegeChangedAt + duration.value(${COLLEGE_CHANGE_INTERVAL_MS / 1000}, 's')`,
    );
  });
});
