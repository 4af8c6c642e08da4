/**
 * 'Mi campus no aparece' on Firebase (issue 28): the request checked again (lengths, no control
 * character or markup; the page's domain rule, src/domain/campus-request.ts, is stricter), and
 * counted by the key the domain uses (tests/function/campus-function.test.ts holds them equal).
 * `campusRequests/{uid}__{hash of the key}` = `{ uid, key, name, city, at }`, admin-only: one
 * document per student and requested campus, at most MAX_REQUESTS_PER_STUDENT per student.
 */
import { createHash } from 'node:crypto';

export const REQUESTS_COLLECTION = 'campusRequests';
export const MAX_REQUESTS_PER_STUDENT = 5;

const tidy = (value: unknown): string =>
  typeof value === 'string' ? value.normalize('NFC').replace(/\s+/g, ' ').trim() : '';

const UNSAFE = /[\p{Cc}<>"\\{}[\]]/u;

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The request tidied with its key and document id, or null when it is not one to keep. */
export function checkedRequest(
  uid: string,
  input: unknown,
): { id: string; key: string; name: string; city: string } | null {
  const v = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const name = tidy(v.name);
  const city = tidy(v.city);
  const length = (s: string) => [...s].length;
  if (length(name) < 3 || length(name) > 120 || length(city) < 2 || length(city) > 80) return null;
  if (UNSAFE.test(name) || UNSAFE.test(city)) return null;
  const key = `${fold(name)}|${fold(city)}`;
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 24);
  return { id: `${uid}__${hash}`, key, name, city };
}

/** The key of src/domain/campus-request.ts (campusRequestKey). */
export const requestKey = (name: string, city: string): string => `${fold(name)}|${fold(city)}`;
