import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailDomain, emailInDomains, normalizeDomain } from '@/domain/email-domain';
import { UNIVERSITY_EMAIL } from '@/data/university-email';
import { dnsLabel, domainName, localPart, mailboxLocalPart } from '../../support/arbitraries';

// Issue 28, verified students: the domain rule accepts a university's domain and every
// subdomain of it, in any case, and refuses look-alikes.

/** Upper-cases the letters where `flags` says so (cycling): the rule ignores case. */
const recase = (text: string, flags: readonly boolean[]) =>
  [...text].map((c, i) => (flags.length && flags[i % flags.length] ? c.toUpperCase() : c)).join('');

describe('emailInDomains', () => {
  it('accepts the domain itself and any subdomain of it, in any case', () => {
    fc.assert(
      fc.property(
        mailboxLocalPart,
        domainName,
        fc.array(dnsLabel, { maxLength: 3 }),
        fc.array(fc.boolean(), { maxLength: 12 }),
        (local, domain, sub, flags) => {
          const full = [...sub, domain].join('.');
          expect(emailInDomains(`${local}@${recase(full, flags)}`, [domain])).toBe(true);
          expect(emailInDomains(`${local}@${full}`, [recase(domain, flags)])).toBe(true);
        },
      ),
    );
  });

  it('never counts a +tag alias of a mailbox (issue 51: one person, one count)', () => {
    fc.assert(
      fc.property(mailboxLocalPart, localPart, domainName, (mailbox, tag, domain) => {
        expect(emailInDomains(`${mailbox}@${domain}`, [domain])).toBe(true);
        expect(emailInDomains(`${mailbox}+${tag}@${domain}`, [domain])).toBe(false);
      }),
    );
  });

  it('refuses a look-alike: the domain followed by more labels, or glued to a longer label', () => {
    fc.assert(
      fc.property(localPart, domainName, dnsLabel, domainName, (local, domain, glue, tail) => {
        // ('a.b' followed by 'a.b' is a subdomain of 'a.b' after all: not a look-alike.)
        if (!`${domain}.${tail}`.endsWith(`.${domain}`)) {
          expect(emailInDomains(`${local}@${domain}.${tail}`, [domain])).toBe(false);
        }
        expect(emailInDomains(`${local}@${glue}${domain}`, [domain])).toBe(false);
        expect(emailInDomains(`${local}@${glue}-${domain}`, [domain])).toBe(false);
      }),
    );
  });

  it('refuses a trailing dot, an empty label, a second @, no local part, and text that is not a domain', () => {
    fc.assert(
      fc.property(localPart, domainName, (local, domain) => {
        for (const bad of [
          `${local}@${domain}.`,
          `${local}@.${domain}`,
          `${local}@sub..${domain}`,
          `${local}@x@${domain}`,
          `@${domain}`,
          `${local}@ ${domain}`,
          `${local}@${domain} `,
          `${local}@-x.${domain}`,
          `${local}`,
        ]) {
          expect(emailInDomains(bad, [domain]), bad).toBe(false);
        }
      }),
    );
  });

  it('never answers true for any text unless the domain is on the list (any input)', () => {
    fc.assert(
      fc.property(fc.anything(), domainName, (value, domain) => {
        const accepted = emailInDomains(value, [domain]);
        if (accepted) {
          const found = emailDomain(value)!;
          expect(found === domain || found.endsWith(`.${domain}`)).toBe(true);
        }
      }),
    );
  });

  it('refuses letters that only lowercase to ASCII (the Kelvin sign, the long s) and non-ASCII look-alikes', () => {
    expect(emailInDomains('ana@alumnos.udg.mx', ['alumnos.udg.mx'])).toBe(true);
    expect(emailInDomains('ana@\u212Aalumnos.udg.mx', ['kalumnos.udg.mx'])).toBe(false);
    expect(emailInDomains('ana@alumno\u017F.udg.mx', ['alumnos.udg.mx'])).toBe(false);
    expect(emailInDomains('ana@alumnos.udg.mх', ['alumnos.udg.mx'])).toBe(false); // Cyrillic х
    expect(emailInDomains('ana@alumnos.udg.mx.example.com', ['alumnos.udg.mx'])).toBe(false);
    expect(emailInDomains('ana@xalumnos.udg.mx', ['alumnos.udg.mx'])).toBe(false);
    expect(emailInDomains('ana@cucei.alumnos.udg.mx', ['alumnos.udg.mx'])).toBe(true);
    expect(emailInDomains('ana@ALUMNOS.UDG.MX', ['alumnos.udg.mx'])).toBe(true);
    expect(emailInDomains('ana@alumnos.udg.mx', ['alumnos.udg.mx.'])).toBe(false);
    expect(emailInDomains('', ['alumnos.udg.mx'])).toBe(false);
    expect(emailInDomains('ana@alumnos.udg.mx', [])).toBe(false);
  });

  it('every domain of the university table is one the rule reads, written in lowercase', () => {
    for (const { domains, of } of Object.values(UNIVERSITY_EMAIL)) {
      expect(domains.length).toBeGreaterThan(0);
      for (const d of domains) expect(normalizeDomain(d)).toBe(d);
      expect(of).toMatch(/^(de la|del|de) \S/);
    }
  });
});
