import type { Invites } from '@/ports/invites.port';
import { AppError } from '@/domain/errors';
import { parseInviteCode } from '@/domain/invite-code';
import { parseInvitePreview } from '@/domain/invite-preview';
import { type CallableOptions, callableFunction } from './firebase-callable';
import { toBackendError } from './firebase-errors';

/** The callable functions of functions/src/invites.ts: the caller's code and count, a credit. */
export const MY_INVITES_FUNCTION = 'get_my_invites';
export const ACCEPT_INVITE_FUNCTION = 'accept_invite';
/** Public: the campus and floored progress of an invite code (issue 48). */
export const INVITE_PREVIEW_FUNCTION = 'preview_invite';

/**
 * Invites through two callables; each is sent the uid asked for and refuses any but the caller's
 * own (`permission-denied`); no entry is `not-found`.
 */
export function createCallableInvites(options: CallableOptions): Invites {
  const mine = callableFunction(options, MY_INVITES_FUNCTION);
  const accept = callableFunction(options, ACCEPT_INVITE_FUNCTION);
  const preview = callableFunction(options, INVITE_PREVIEW_FUNCTION);
  const call = async (fn: (data?: unknown) => Promise<unknown>, data: unknown) => {
    try {
      return await fn(data);
    } catch (error) {
      throw toBackendError(error);
    }
  };
  return {
    async mine(uid) {
      const answer = (await call(mine, { uid })) as { code?: unknown; joined?: unknown } | null;
      const code = parseInviteCode(answer?.code);
      const joined = answer?.joined;
      if (!code || typeof joined !== 'number' || !Number.isInteger(joined) || joined < 0) {
        throw new AppError('internal', 'get_my_invites answered no code and count');
      }
      return { code, joined };
    },
    async accept(uid, code) {
      const answer = (await call(accept, { uid, code })) as { credited?: unknown } | null;
      return answer?.credited === true;
    },
    async preview(given) {
      const code = parseInviteCode(given);
      if (!code) return null;
      const answer = (await call(preview, { code })) as { campus?: unknown } | null;
      if (answer?.campus === null) return null;
      // The callable's names (functions/src/invites.ts, preview_invite), read here.
      const c = (
        typeof answer?.campus === 'object' && answer.campus !== null ? answer.campus : {}
      ) as Record<string, unknown>;
      const parsed = parseInvitePreview({
        collegeId: c.collegeId,
        name: c.name,
        subname: c.subname,
        shortName: c.shortName,
        verifiedCount: c.verifiedCount,
        threshold: c.threshold,
        state: c.state,
        opensOn: c.opensOn,
      });
      if (!parsed) throw new AppError('internal', 'preview_invite answered no campus');
      return parsed;
    },
  };
}
