import { useCallback, useReducer, useRef } from 'react';
import {
  type CommandEvent,
  type CommandState,
  IDLE_COMMAND,
  nextCommand,
} from '@/ui/card/command-state';
import { IGNORED, type Ignored, type Outcome } from '@/ui/store/outcome';

/**
 * A panel's command in the card's one idiom (`card/command-state.ts`): its state, and `start`,
 * which runs the store's action once at a time and moves the state with its outcome.
 */
export function useCommand<A extends unknown[], T>(
  run: (...args: A) => Promise<Outcome<T> | Ignored>,
): readonly [CommandState<T>, (...args: A) => Promise<Outcome<T> | Ignored>] {
  const [state, dispatch] = useReducer(
    nextCommand as (s: CommandState<T>, e: CommandEvent<T>) => CommandState<T>,
    IDLE_COMMAND,
  );
  const running = useRef(false);
  const start = useCallback(
    async (...args: A): Promise<Outcome<T> | Ignored> => {
      if (running.current) return IGNORED;
      running.current = true;
      dispatch({ type: 'started' });
      const outcome = await run(...args);
      running.current = false;
      if (outcome.ok) dispatch({ type: 'succeeded', value: outcome.value });
      else dispatch({ type: outcome.code === 'ignored' ? 'ignored' : 'failed' });
      return outcome;
    },
    [run],
  );
  return [state, start] as const;
}
