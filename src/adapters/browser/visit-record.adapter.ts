import type { KeyValueStorage } from '@/ports/key-value-storage.port';
import type { VisitRecord } from '@/ports/visit-record.port';
import { parseInviteCode } from '@/domain/invite-code';
import { parseVisitSource } from '@/domain/visit-source';

/** The key under which the tab's session keeps the invite code it arrived with. */
export const INVITE_KEY = 'de-estudiantes:invite';
/** The key under which it keeps the visit's first source (issue 49). */
export const SOURCE_KEY = 'de-estudiantes:source';

/**
 * The visit's record over a string storage (the tab's sessionStorage: it survives a sign-in by
 * redirect, and ends with the tab). A stored value that is not a code (or a source) reads as none.
 */
export function createVisitRecord(storage: KeyValueStorage | null): VisitRecord {
  return {
    readSource() {
      try {
        return parseVisitSource(JSON.parse(storage?.getItem(SOURCE_KEY) ?? 'null'));
      } catch {
        return null;
      }
    },
    saveSource(source) {
      try {
        if (source === null) storage?.removeItem(SOURCE_KEY);
        else storage?.setItem(SOURCE_KEY, JSON.stringify(source));
      } catch {
        // A disabled or full storage: the source is not remembered, and the page goes on.
      }
    },
    readInvite() {
      try {
        return parseInviteCode(storage?.getItem(INVITE_KEY) ?? null);
      } catch {
        return null;
      }
    },
    saveInvite(code) {
      try {
        if (code === null) storage?.removeItem(INVITE_KEY);
        else storage?.setItem(INVITE_KEY, code);
      } catch {
        // A disabled or full storage: the code is not remembered, and the page goes on.
      }
    },
  };
}

/** The browser's: sessionStorage when the browser gives one. */
export function createBrowserVisitRecord(): VisitRecord {
  return createVisitRecord(sessionStorageOrNull());
}

/** The tab's sessionStorage; null where there is none or reading it throws (privacy settings). */
function sessionStorageOrNull(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
