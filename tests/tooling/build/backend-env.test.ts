import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 51: the bundle carries only the VITE_* variables the app reads. src/composition/
// backend.ts names each variable a backend's module reads (Vite inlines a named one; handing
// `import.meta.env` over whole would inline every VITE_* variable of the build's environment).

const source = (path: string) => fs.readFileSync(path, 'utf8');
/** The VITE_* names a module reads, as string literals (its lists and its reads). */
const namesIn = (path: string) =>
  new Set([...source(path).matchAll(/'(VITE_[A-Z0-9_]+)'/g)].map((m) => m[1]!));
/** The names backend.ts hands over in one backend's case. */
function handedOver(backend: string): Set<string> {
  const text = source('src/composition/backend.ts');
  const start = text.indexOf(`case '${backend}': {`);
  const end = text.indexOf('case ', start + 10);
  const block = text.slice(start, end === -1 ? undefined : end);
  const pairs = [
    ...block.matchAll(/(VITE_[A-Z0-9_]+):\s*import\.meta\.env\s*\.(VITE_[A-Z0-9_]+)/g),
  ];
  for (const [, key, read] of pairs) expect(read, key).toBe(key);
  return new Set(pairs.map((m) => m[1]!));
}

describe('the VITE_* variables a build carries', () => {
  it('backend.ts never hands import.meta.env over whole', () => {
    for (const file of fs.readdirSync('src', { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      const text = source(`src/${file}`).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(text, file).not.toMatch(/import\.meta\.env(?!\s*\.[A-Z_])/);
    }
  });

  // And VITE_BACKEND, which the deploy guard reads in the build (scripts/deploy/deploy-guard.mjs).
  it('hands the Firebase module exactly the names it reads (and the backend, for the guard)', () => {
    expect([...handedOver('firebase')].sort()).toEqual(
      [...namesIn('src/composition/firebase.module.ts'), 'VITE_BACKEND'].sort(),
    );
  });

  it('hands the Supabase module exactly the names it reads (and the backend, for the guard)', () => {
    expect([...handedOver('supabase')].sort()).toEqual(
      [...namesIn('src/composition/supabase.module.ts'), 'VITE_BACKEND'].sort(),
    );
  });
});
