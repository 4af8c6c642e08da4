// What git sees in the work tree: the status of every changed or untracked (not ignored) file, and
// a hash of the changes to tracked files. scripts/test/test-all.sh records it before the suite
// (`node scripts/test/worktree-state.mjs > test-results/worktree-before.json`) and the closing step
// (scripts/test/test-summary.mjs) fails the run when the suite changed it: test outputs belong in
// ignored folders, and installs must not rewrite lock files.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';

const git = (args, cwd) => execFileSync('git', args, { cwd, maxBuffer: 1 << 30, stdio: 'pipe' });

/** The work tree's state (of `cwd`, by default the current folder), or null outside git. */
export function worktreeState(cwd = process.cwd()) {
  try {
    const status = git(['status', '--porcelain=v1', '--untracked-files=all'], cwd).toString('utf8');
    const diff = createHash('sha256')
      .update(git(['diff', 'HEAD', '--binary'], cwd))
      .digest('hex');
    return { status: status.split('\n').filter(Boolean), diff };
  } catch {
    return null;
  }
}

/** The lines that tell how `after` differs from `before` (empty when they are the same). */
export function worktreeChanges(before, after) {
  if (!before || !after) return [];
  const was = new Set(before.status);
  const now = new Set(after.status);
  const changes = [
    ...after.status.filter((l) => !was.has(l)).map((l) => `now:    ${l}`),
    ...before.status.filter((l) => !now.has(l)).map((l) => `before: ${l}`),
  ];
  if (!changes.length && before.diff !== after.diff) {
    changes.push('the content of a file that was already changed before the run');
  }
  return changes;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${JSON.stringify(worktreeState())}\n`);
}
