import { describe, expect, it } from 'vitest';
import { nextBudgetDay } from '@/domain/code-sends';
import type { SendOutcome } from '@/domain/email-verification';
import { retryText, sendText } from '@/ui/waitlist/verification-text';

// Issue 59: every answer to 'Enviar código' is one Spanish sentence, and a time to come back
// reads as the student's clock (Mexico City) says it.

const NOW = Date.parse('2026-12-01T18:00:00Z'); // 12:00 p.m. in Mexico City

describe('the card’s answers to a code request', () => {
  it('says each outcome in one sentence, with one period', () => {
    const outcomes: SendOutcome[] = [
      { outcome: 'sent', address: 'a@alumnos.udg.mx', expiresAt: NOW + 900_000 },
      { outcome: 'malformed' },
      { outcome: 'personal' },
      { outcome: 'limited', retryAt: NOW + 3_600_000 },
      { outcome: 'spent' },
      { outcome: 'waiting', retryAt: NOW + 900_000 },
      { outcome: 'busy', retryAt: NOW + 1_800_000 },
      { outcome: 'paused', retryAt: nextBudgetDay(NOW) },
      { outcome: 'suppressed' },
      { outcome: 'verified' },
    ];
    const texts = outcomes.map((o) => sendText(o, 'de la UdeG', NOW));
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) {
      expect(text).toMatch(/\.$/);
      expect(text).not.toMatch(/\.\.$/);
    }
    expect(texts[7]).toBe(
      `Por hoy no podemos enviar más códigos. Podrás pedir otro mañana a las ${retryText(nextBudgetDay(NOW), NOW).slice('mañana a las '.length)}`,
    );
  });

  it('names today’s time, tomorrow’s, and a later weekday', () => {
    expect(retryText(NOW + 3_600_000, NOW)).toMatch(/^a las 1:00\s?p\.\s?m\.$/);
    expect(retryText(nextBudgetDay(NOW), NOW)).toMatch(/^mañana a las 12:00\s?a\.\s?m\.$/);
    expect(retryText(NOW + 3 * 86_400_000, NOW)).toMatch(/^el viernes a las 12:00\s?p\.\s?m\.$/);
  });
});
