/**
 * A panel's command (save, send, verify, read) as one small state of its own (issue 58 part 6,
 * the same idiom in every panel of the card): idle, pending while it runs, failed (the panel
 * offers 'Reintentar') or done with its answer. A second start while one runs is refused. Pure.
 */
export type CommandState<T> =
  | { readonly status: 'idle' }
  | { readonly status: 'pending' }
  | { readonly status: 'failed' }
  | { readonly status: 'done'; readonly value: T };

export type CommandEvent<T> =
  | { readonly type: 'started' }
  | { readonly type: 'succeeded'; readonly value: T }
  | { readonly type: 'failed' }
  /** The store refused it (another student, or the same action under way): back to idle. */
  | { readonly type: 'ignored' };

export const IDLE_COMMAND = { status: 'idle' } as const;

/** The command's next state; an answer arriving when nothing runs changes nothing. */
export function nextCommand<T>(state: CommandState<T>, event: CommandEvent<T>): CommandState<T> {
  if (event.type === 'started') return state.status === 'pending' ? state : { status: 'pending' };
  if (state.status !== 'pending') return state;
  switch (event.type) {
    case 'succeeded':
      return { status: 'done', value: event.value };
    case 'failed':
      return { status: 'failed' };
    case 'ignored':
      return IDLE_COMMAND;
  }
}

export const isPending = (state: CommandState<unknown>): boolean => state.status === 'pending';
