import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CommandEvent,
  type CommandState,
  IDLE_COMMAND,
  isPending,
  nextCommand,
} from '@/ui/card/command-state';

// Issue 58 part 6 (architecture point 17): a panel's command as one small state of its own.

const event: fc.Arbitrary<CommandEvent<number>> = fc.oneof(
  fc.constant({ type: 'started' } as const),
  fc.constant({ type: 'failed' } as const),
  fc.constant({ type: 'ignored' } as const),
  fc.integer().map((value) => ({ type: 'succeeded', value }) as const),
);

describe('nextCommand', () => {
  it('runs idle -> pending -> done or failed, and a failed one runs again', () => {
    let state: CommandState<number> = IDLE_COMMAND;
    state = nextCommand(state, { type: 'started' });
    expect(isPending(state)).toBe(true);
    state = nextCommand(state, { type: 'failed' });
    expect(state).toEqual({ status: 'failed' });
    state = nextCommand(state, { type: 'started' });
    state = nextCommand(state, { type: 'succeeded', value: 3 });
    expect(state).toEqual({ status: 'done', value: 3 });
    state = nextCommand(nextCommand(state, { type: 'started' }), { type: 'ignored' });
    expect(state).toEqual(IDLE_COMMAND);
  });

  it('takes an answer only while pending: a late or second answer changes nothing', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let state: CommandState<number> = IDLE_COMMAND;
        for (const e of events) {
          const next: CommandState<number> = nextCommand(state, e);
          if (e.type !== 'started' && !isPending(state)) expect(next).toBe(state);
          if (e.type === 'started') expect(isPending(next)).toBe(true);
          if (e.type === 'started' && isPending(state)) expect(next).toBe(state);
          state = next;
        }
      }),
    );
  });
});
