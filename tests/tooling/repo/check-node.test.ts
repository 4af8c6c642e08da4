import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { satisfies } from '../../../scripts/test/check-node.mjs';

// Issue 51: npm test refuses an unsupported Node.js at once (scripts/test/check-node.mjs).
const check = satisfies;
const RANGE = JSON.parse(fs.readFileSync('package.json', 'utf8')).engines.node as string;

describe('check-node.mjs', () => {
  it("reads package.json's range as npm does", () => {
    for (const ok of ['22.22.2', '22.30.0', 'v24.15.0', '24.21.0', '26.0.0'])
      expect(check(ok, RANGE), ok).toBe(true);
    for (const no of ['20.20.2', '22.22.1', '23.9.0', '24.14.9', '18.0.0'])
      expect(check(no, RANGE), no).toBe(false);
  });

  it('passes on the Node.js running the tests, which the range accepts', () => {
    expect(check(process.versions.node, RANGE)).toBe(true);
    expect(() => execFileSync('node', ['scripts/test/check-node.mjs'])).not.toThrow();
  });

  it('refuses a range it cannot read rather than guess', () => {
    expect(() => check('24.0.0', '~24.1.0')).toThrow(/does not read/);
  });
});
