import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the build scripts, without type declarations
import { LOADER } from '../../scripts/loader.mjs';

// firebase.json's Content-Security-Policy allows exactly one inline script, by hash: the loader of
// the prerendered pages. A change to the loader must come with the new hash, or the production
// page would never start. (tests/e2e checks that the built pages carry this very loader.)
const hosting = JSON.parse(fs.readFileSync('firebase.json', 'utf8')).hosting;
const csp: string = hosting.headers
  .flatMap((h: { headers: { key: string; value: string }[] }) => h.headers)
  .find((h: { key: string }) => h.key === 'Content-Security-Policy').value;
const directive = (name: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? [];

describe('Content-Security-Policy of the hosting config', () => {
  it("allows the loader's inline script by its SHA-256, and no other inline script", () => {
    const body = /^<script>([\s\S]*)<\/script>$/.exec(LOADER as string)![1]!;
    const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(directive('script-src')).toContain(hash);
    expect(directive('script-src')).not.toContain("'unsafe-inline'");
    expect(directive('script-src').filter((s) => s.startsWith("'sha256-"))).toEqual([hash]);
  });

  it('names the origins the production page uses, and locks down the rest', () => {
    expect(directive('default-src')).toEqual(["'self'"]);
    expect(directive('connect-src')).toEqual(
      expect.arrayContaining([
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://firestore.googleapis.com',
        'https://*.cloudfunctions.net',
        'https://*.algolia.net',
        'https://*.algolianet.com',
      ]),
    );
    expect(directive('script-src')).toContain('https://apis.google.com');
    expect(directive('frame-src')).toEqual(['https://*.firebaseapp.com']);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('img-src')).not.toContain('*');
  });
});
