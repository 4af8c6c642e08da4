import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greetingName, mailContent, MAX_GREETING_NAME } from '@/domain/mail/mail-message';

// Issue 51, item 2: the name an e-mail greets with is never student-written text that makes a
// sentence. Our DKIM signs the message, so a display name set to a phishing line would be replayable
// to any inbox under our domain.

const ALLOWED = /^[\p{L}\p{M}'’\- ]+$/u;
const letter = fc.constantFrom(...'abcdefghijklmnñopqrstuvwxyzáéíóúüABCDEFGHÁÉÍÓÚÑ'.split(''));
const word = fc.array(letter, { minLength: 1, maxLength: 12 }).map((l) => l.join(''));
const cleanName = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
/** A character a name may not carry: digits, sentence punctuation, URL parts, controls, formats. */
const forbidden = fc.constantFrom(
  ...'0123456789:./@?!¡¿,;()[]{}<>"=&%#*+_|\\~$^`\u0000\u0007\u007f\u202e\u200b\u2066'.split(''),
);

describe('greetingName', () => {
  it('gives a name of letters, spaces, apostrophes and hyphens, at most 40 characters, or none', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (raw) => {
        const name = greetingName(raw);
        expect(name.length).toBeLessThanOrEqual(MAX_GREETING_NAME);
        if (name) {
          expect(name).toMatch(ALLOWED);
          expect(name).toMatch(/\p{L}/u);
          expect(name).toBe(name.trim());
        }
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), cleanName), (raw) => {
        expect(greetingName(greetingName(raw))).toBe(greetingName(raw));
      }),
    );
  });

  it('keeps a name of letters whole when it fits, and whole words when it does not', () => {
    fc.assert(
      fc.property(cleanName, (raw) => {
        const name = greetingName(raw);
        if (raw.length <= MAX_GREETING_NAME) expect(name).toBe(raw);
        else expect(raw.startsWith(name)).toBe(true);
        if (name) expect(raw.slice(name.length)).toMatch(/^( |$)/);
      }),
    );
  });

  it('drops the whole name when anything else is anywhere in it', () => {
    fc.assert(
      fc.property(cleanName, forbidden, fc.nat(), (raw, bad, at) => {
        const i = at % (raw.length + 1);
        expect(greetingName(`${raw.slice(0, i)}${bad}${raw.slice(i)}`)).toBe('');
      }),
    );
  });

  it('greets a phishing line, a URL or a digit run with no name at all', () => {
    for (const name of [
      'Tu cuenta será suspendida: entra a https://evil.example',
      'www.premio.example',
      'Ana 12345',
      'Gana dinero. Responde ya',
      'Ana\u202eadmin',
    ]) {
      const mail = mailContent({
        kind: 'welcome',
        name,
        campus: 'UDG - CUCEI',
        siteUrl: 'https://deestudiantes.example',
        leaveUrl: 'https://deestudiantes.example/salir?token=x',
      });
      expect(mail.text.startsWith('Hola:\n')).toBe(true);
      expect(mail.html).not.toContain('evil');
    }
    expect(greetingName("María José O'Connor-Pérez")).toBe("María José O'Connor-Pérez");
  });
});
