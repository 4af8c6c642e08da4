import type { Invites } from '@/ports/invites.port';
import type { VisitRecord } from '@/ports/visit-record.port';
import { backendCall } from '@/domain/deadline';
import { inviteCodeOfSearch } from '@/domain/invite-code';
import type { InvitePreview } from '@/domain/invite-preview';

/**
 * What an invite link shows before sign-in (issue 48): the campus and its floored progress of the
 * code in the page's address (or the one this visit arrived with). Null for no code, an unknown
 * or malformed one, and a failed call: the plain page. Never rejects.
 */
export const createLoadInvitePreview =
  ({ invites, visit, timeoutMs }: { invites: Invites; visit: VisitRecord; timeoutMs?: number }) =>
  async (search: string): Promise<InvitePreview | null> => {
    const code = inviteCodeOfSearch(search) ?? visit.readInvite();
    if (!code) return null;
    try {
      return await backendCall(invites.preview(code), timeoutMs);
    } catch {
      return null;
    }
  };
