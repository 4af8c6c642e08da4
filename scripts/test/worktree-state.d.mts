// Types of worktree-state.mjs for the TypeScript tests.
export interface WorktreeState {
  readonly status: readonly string[];
  readonly diff: string;
}
export function worktreeState(cwd?: string): WorktreeState | null;
export function worktreeChanges(
  before: WorktreeState | null,
  after: WorktreeState | null,
): string[];
