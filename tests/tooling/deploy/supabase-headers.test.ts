import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the build scripts, without type declarations
import { LOADER, SECTION_STYLES } from '../../../scripts/build/loader.mjs';
// @ts-expect-error: a plain JavaScript module of the build scripts, without type declarations
import { supabaseCsp, supabaseHostingHeaders } from '../../../scripts/deploy/supabase-headers.mjs';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? [];

describe('Content-Security-Policy of the Supabase build', () => {
  const csp: string = supabaseCsp('https://abcdefghijklmnop.supabase.co/');

  it("lets the page talk to the project's URL and to nothing of Firebase or Algolia", () => {
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://abcdefghijklmnop.supabase.co',
    ]);
    expect(csp).not.toMatch(/googleapis|cloudfunctions|algolia|firebaseapp/);
  });

  it("allows only the loader's two inline scripts, by their SHA-256", () => {
    const hash = (script: string) => {
      const body = /^<script>([\s\S]*)<\/script>$/.exec(script)![1]!;
      return `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    };
    expect(directive(csp, 'script-src')).toEqual([
      "'self'",
      hash(SECTION_STYLES as string),
      hash(LOADER as string),
    ]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
  });

  it('refuses a project URL that is not https, and writes the whole headers file', () => {
    expect(() => supabaseCsp('http://abc.supabase.co')).toThrow(/https/);
    const file: string = supabaseHostingHeaders('https://abc.supabase.co');
    expect(file).toMatch(
      /^\/\*\n {2}Content-Security-Policy: .*connect-src 'self' https:\/\/abc\.supabase\.co/m,
    );
    expect(file).toContain('Cross-Origin-Opener-Policy: same-origin-allow-popups');
    expect(file).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
  });
});
