import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { functionsCopies } from '../../../scripts/data/functions-copies.ts';

// What the Cloud Functions share with the app is generated from src/ (the campuses' e-mail
// domains and names, the e-mails' domain and sender): a change there without
// `npm run functions:copies -- --write` fails here.
describe('the functions copies', () => {
  it('are what `npm run functions:copies -- --write` writes from src/', async () => {
    const copies = await functionsCopies();
    expect(copies.length).toBeGreaterThan(5);
    for (const { path, text } of copies) {
      expect(fs.existsSync(path) ? fs.readFileSync(path, 'utf8') : `${path} is missing`).toBe(text);
    }
  });
});
