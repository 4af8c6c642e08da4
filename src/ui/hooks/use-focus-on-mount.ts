import { type RefObject, useEffect } from 'react';

/** Focuses the element once, when it mounts, if `when` is true (a step the student moved to). */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>, when: boolean): void {
  useEffect(() => {
    if (when) ref.current?.focus();
    // Only on mount: later changes of `when` concern the next step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
