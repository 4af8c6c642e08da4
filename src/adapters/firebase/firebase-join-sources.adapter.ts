import { AppError } from '@/domain/errors';
import { parseVisitSource } from '@/domain/visit-source';
import type { JoinSources } from '@/ports/join-sources.port';
import { type CallableOptions, callableFunction } from './firebase-callable';
import { toBackendError } from './firebase-errors';

/** The callable that records where the caller came from (functions/src/join-sources.ts). */
export const RECORD_JOIN_SOURCE_FUNCTION = 'record_join_source';

/** Where the student came from, through the callable `record_join_source` (written once there). */
export function createCallableJoinSources(options: CallableOptions): JoinSources {
  const call = callableFunction(options, RECORD_JOIN_SOURCE_FUNCTION);
  return {
    async record(uid, source) {
      // The function checks again; this only spares it a call it would refuse.
      if (!parseVisitSource(source)) throw new AppError('invalid-argument', 'Not a clamped source');
      let answer: unknown;
      try {
        answer = await call({ uid, source });
      } catch (error) {
        throw toBackendError(error);
      }
      const recorded = (answer as { recorded?: unknown } | null)?.recorded;
      if (typeof recorded !== 'boolean') {
        throw new AppError('internal', `${RECORD_JOIN_SOURCE_FUNCTION} answered no boolean`);
      }
      return recorded;
    },
  };
}
