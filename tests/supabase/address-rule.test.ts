import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailInDomains } from '@/domain/email-domain';
import { withFreshDatabase } from '../support/fresh-database';
import { dnsLabel, domainName, localPart } from '../support/arbitraries';

// The database's address rule (private.email_in_domains, last in …_one_mailbox_one_count.sql)
// answers as the domain's (src/domain/email-domain.ts) for any address: the campus, its
// subdomains, look-alikes, and (issue 51) a +tag alias, which never counts.

const db = withFreshDatabase('address_rule');

const address = fc
  .tuple(
    fc.oneof(localPart, fc.constantFrom('ana', 'Ana.Garcia', 'ana+2', '+', 'a@b', '')),
    fc.array(dnsLabel, { maxLength: 2 }),
    domainName,
    fc.boolean(),
  )
  .map(([local, sub, domain, upper]) => {
    const text = `${local}@${[...sub, domain].join('.')}`;
    return { email: upper ? text.toUpperCase() : text, domain };
  });

describe("the database's address rule", () => {
  it('answers as the domain for any address, +tag aliases refused', async () => {
    const samples = fc.sample(address, { numRuns: 400, seed: 51 });
    const { rows } = await db.admin.query<{ ok: boolean }>(
      `select private.email_in_domains(e, array[d]) as ok
       from unnest($1::text[], $2::text[]) with ordinality as x(e, d, i) order by i`,
      [samples.map((s) => s.email), samples.map((s) => s.domain)],
    );
    const differ = samples.filter((s, i) => rows[i]!.ok !== emailInDomains(s.email, [s.domain]));
    expect(differ).toEqual([]);
    expect(samples.some((s) => s.email.includes('+'))).toBe(true);
  });
});
