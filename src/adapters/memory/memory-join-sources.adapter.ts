import type { JoinSources } from '@/ports/join-sources.port';
import { AppError } from '@/domain/errors';
import { parseVisitSource, SOURCE_WINDOW_MS, type VisitSource } from '@/domain/visit-source';
import { assertSignedIn } from './memory-auth.adapter';
import type { MemoryContext, Slice } from './memory-store';
import { recordOf, without } from './memory-values';

declare module './memory-store' {
  interface MemoryState {
    /** Where each student came from (issue 49), keyed by uid: written once, at joining. */
    readonly joinSources: Readonly<Record<string, VisitSource>>;
  }
}

/** The join sources' slice (the entry's: leaving deletes a student's too). */
export const joinSourcesSlice: Slice<'joinSources'> = {
  empty: () => ({ joinSources: {} }),
  parse: (d) => ({
    joinSources: recordOf(d.joinSources, (v): v is VisitSource => parseVisitSource(v) !== null),
  }),
  withoutStudent: (state, uid) => ({ joinSources: without(state.joinSources, uid) }),
};

/** The join sources' operator control. */
export interface JoinSourcesControls {
  /** Where each student came from (issue 49), keyed by uid (admin-only). */
  joinSources(): Record<string, VisitSource>;
}

export const joinSourcesControls = ({ store }: MemoryContext): JoinSourcesControls => ({
  joinSources: () => ({ ...store.read().joinSources }),
});

/**
 * Where students came from (issue 49), as the real backends keep it: a record of its own beside
 * the entry, written once by the signed-in student in the join's own visit, deleted with the entry.
 */
export function createMemoryJoinSources({ store, controls, clock }: MemoryContext): JoinSources {
  return {
    async record(uid, source) {
      await controls.enter('recordSource');
      assertSignedIn(store.read(), uid, 'record their source');
      const parsed = parseVisitSource(source);
      if (!parsed) throw new AppError('invalid-argument', 'Not a clamped source');
      let written = false;
      store.update((state) => {
        const entry = Object.hasOwn(state.entries, uid) ? state.entries[uid] : undefined;
        // Once, and only in the join's own visit (within a day of joining).
        if (!entry || Object.hasOwn(state.joinSources, uid)) return state;
        if (clock.now().getTime() - Date.parse(entry.timestamp) > SOURCE_WINDOW_MS) return state;
        written = true;
        return { ...state, joinSources: { ...state.joinSources, [uid]: parsed } };
      });
      return written;
    },
  };
}
