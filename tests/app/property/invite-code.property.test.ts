import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INVITE_ALPHABET,
  INVITE_CODE_LENGTH,
  inviteCodeFromBytes,
  inviteCodeOfSearch,
  parseInviteCode,
} from '@/domain/invite-code';
import { whatsappLink } from '@/ui/waitlist/campus-progress-text';
import { inviteLink } from '@/ui/waitlist/invite-link';

// Issue 28, invites: codes round-trip through a link, a paste and a WhatsApp message; anything
// that is not a code is ignored, never an error.

const bytes = fc.uint8Array({ minLength: INVITE_CODE_LENGTH, maxLength: INVITE_CODE_LENGTH });

describe('invite codes', () => {
  it('a drawn code is read back as itself, from a link, in any case and with spaces', () => {
    fc.assert(
      fc.property(bytes, fc.boolean(), (random, lower) => {
        const code = inviteCodeFromBytes(random);
        expect(code).toHaveLength(INVITE_CODE_LENGTH);
        expect(parseInviteCode(code)).toBe(code);
        expect(parseInviteCode(` ${lower ? code.toLowerCase() : code}\n`)).toBe(code);
        const link = new URL(inviteLink('https://deestudiantes.mx/', code));
        expect(inviteCodeOfSearch(link.search)).toBe(code);
      }),
    );
  });

  it('has no look-alike characters', () => {
    for (const c of '01ILOU') expect(INVITE_ALPHABET).not.toContain(c);
    expect(new Set(INVITE_ALPHABET).size).toBe(INVITE_ALPHABET.length);
  });

  it('ignores anything that is not a code: malformed text, other types, a page without one', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const code = parseInviteCode(value);
        if (code !== null) expect(code).toMatch(new RegExp(`^[${INVITE_ALPHABET}]{8}$`));
      }),
    );
    fc.assert(
      fc.property(fc.string(), (search) => {
        const code = inviteCodeOfSearch(search);
        if (code !== null) expect(parseInviteCode(code)).toBe(code);
      }),
    );
    for (const bad of ['', 'ABC', 'ABCDEFGH1', 'ABCD EFGH', 'O0O0O0O0', 'ABCDEFGU', '<script>']) {
      expect(parseInviteCode(bad)).toBeNull();
    }
    expect(inviteCodeOfSearch('')).toBeNull();
    expect(inviteCodeOfSearch('?ref=')).toBeNull();
    expect(inviteCodeOfSearch('?ref=%E0%A4%A')).toBeNull();
    expect(inviteCodeOfSearch('?utm=x&ref=abcdefgh')).toBe('ABCDEFGH');
  });

  it("WhatsApp's text carries the campus, accents and the link intact", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), bytes, (campus, random) => {
        const link = inviteLink('https://deestudiantes.mx', inviteCodeFromBytes(random));
        const url = new URL(whatsappLink(campus, link));
        expect(url.origin + url.pathname).toBe('https://wa.me/');
        const text = url.searchParams.get('text')!;
        expect(text).toContain(campus);
        expect(text.endsWith(` ${link}`)).toBe(true);
      }),
    );
    // 'Me uní' as UTF-8 percent-encoding, and the link's own '?' and '=' encoded too.
    const encoded = whatsappLink('UDG - CUCEI', 'https://x.mx/?ref=ABCDEFGH');
    expect(encoded).toContain('Me%20un%C3%AD');
    expect(encoded).toContain('https%3A%2F%2Fx.mx%2F%3Fref%3DABCDEFGH');
  });
});
