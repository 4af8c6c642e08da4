import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { worktreeChanges, worktreeState } from '../../../scripts/test/worktree-state.mjs';

/** The closing step of `npm test` fails when the run changed what git sees (issue 16). */
describe('the work-tree check of the closing step', () => {
  let dir: string;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
  const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'worktree-'));
    git('init', '-q');
    write('.gitignore', 'test-results/\n');
    write('package-lock.json', '{}\n');
    git('add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'init');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sees nothing when the run only wrote to ignored folders', () => {
    const before = worktreeState(dir);
    fs.mkdirSync(path.join(dir, 'test-results'));
    write('test-results/report.json', '{}');
    expect(worktreeChanges(before, worktreeState(dir))).toEqual([]);
  });

  it('names a rewritten lock file and a new untracked file', () => {
    const before = worktreeState(dir);
    write('package-lock.json', '{"rewritten":true}\n');
    write('debug.txt', 'left behind');
    expect(worktreeChanges(before, worktreeState(dir))).toEqual([
      'now:     M package-lock.json',
      'now:    ?? debug.txt',
    ]);
  });

  it('leaves a developer’s own edits alone, but sees the run change them further', () => {
    write('package-lock.json', '{"mine":true}\n');
    const before = worktreeState(dir);
    expect(worktreeChanges(before, worktreeState(dir))).toEqual([]);
    write('package-lock.json', '{"mine":true,"run":true}\n');
    expect(worktreeChanges(before, worktreeState(dir))).toEqual([
      'the content of a file that was already changed before the run',
    ]);
  });

  it('is not checked outside a git checkout', () => {
    expect(worktreeState(os.tmpdir())).toBeNull();
  });
});
