import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mailCampusLabel, PENDING_CAMPUS_MAIL_LABEL } from '@/domain/campus-request';
import { MAIL_KINDS, mailContent } from '@/domain/mail/mail-message';

// Issue 59: a pending campus's name is the text the first student typed; every e-mail names it
// 'tu campus (pendiente)' instead (memory's campusLabelOf, the functions' campusLabelOf, Supabase's
// private.claim_mail), and the messages read well with that label.

const facts = (kind: (typeof MAIL_KINDS)[number]) => ({
  kind,
  name: 'Ana',
  campus: PENDING_CAMPUS_MAIL_LABEL,
  siteUrl: 'https://deestudiantes.example',
  leaveUrl: kind === 'code' ? null : 'https://deestudiantes.example/salir?token=t',
  progress: { verified: 30, threshold: 100 },
  milestone: 25,
  code: '123456',
});

describe("a pending campus's e-mails (issue 59)", () => {
  it('a pending id is always the generic label, any other keeps its own', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{24}$/), fc.string(), (hex, typed) => {
        expect(mailCampusLabel(`pendiente-${hex}`, typed)).toBe('tu campus (pendiente)');
      }),
    );
    expect(mailCampusLabel('udg-cucei', 'UDG - CUCEI')).toBe('UDG - CUCEI');
  });

  it('every message reads well with the label: a sentence never starts in lower case', () => {
    for (const kind of MAIL_KINDS) {
      const { subject, text } = mailContent(facts(kind));
      for (const line of [subject, ...text.split('\n')].filter(Boolean)) {
        expect(line, `${kind}: ${line}`).not.toMatch(/^¡?tu campus \(pendiente\)/);
      }
    }
    expect(mailContent(facts('welcome')).subject).toBe(
      'Ya estás en la lista de espera de tu campus (pendiente)',
    );
    expect(mailContent(facts('milestone')).subject).toBe(
      'Tu campus (pendiente) ya va en el 25% de su meta',
    );
    expect(mailContent({ ...facts('milestone'), milestone: 100 }).subject).toBe(
      '¡Tu campus (pendiente) llegó a su meta!',
    );
  });
});
