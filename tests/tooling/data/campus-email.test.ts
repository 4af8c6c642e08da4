import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CAMPUS_EMAIL_PATH,
  formattedCampusEmailSource,
} from '../../../scripts/data/campus-email.ts';

// The Cloud Functions' copy of the campuses' e-mail domains is generated from
// src/data/university-email.ts: a change there without `npm run campus:email -- --write` fails.
describe('functions/src/campus-email.ts', () => {
  it('is what `npm run campus:email -- --write` writes from the catalogue', async () => {
    expect(fs.readFileSync(CAMPUS_EMAIL_PATH, 'utf8')).toBe(await formattedCampusEmailSource());
  });
});
