import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../../scripts/build/compile-hints';

type Chunk = {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
};

const chunk = (fileName: string, extra: Partial<Chunk> = {}): Chunk => ({
  type: 'chunk',
  fileName,
  code: `/* ${fileName} */`,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  ...extra,
});

function run(bundle: Record<string, Chunk | { type: 'asset'; fileName: string }>, ssr = false) {
  const hook = compileHints().generateBundle as unknown as {
    handler: (this: unknown, options: unknown, bundle: unknown) => void;
  };
  hook.handler.call({ environment: { config: { build: { ssr } } } }, {}, bundle);
}

describe('compileHints', () => {
  it('marks the entry, the container and the backend module with what they import, the backend its SDKs too, and no lazy UI', () => {
    const bundle = {
      'index.js': chunk('index.js', {
        isEntry: true,
        imports: ['runtime.js'],
        dynamicImports: ['container.js', 'memory.module.js', 'join-form.js'],
      }),
      'runtime.js': chunk('runtime.js'),
      'container.js': chunk('container.js', {
        facadeModuleId: '/repo/src/composition/container.ts',
        imports: ['inversify.js', 'runtime.js'],
      }),
      'inversify.js': chunk('inversify.js'),
      'memory.module.js': chunk('memory.module.js', {
        facadeModuleId: '/repo/src/composition/memory.module.ts',
        // Shared code the bundler left in the entry: its lazy UI chunks stay unmarked.
        imports: ['index.js'],
        dynamicImports: ['firebase-auth.js'],
      }),
      'join-form.js': chunk('join-form.js', { imports: ['runtime.js'] }),
      'firebase-auth.js': chunk('firebase-auth.js'),
      'firestore-lite.js': chunk('firestore-lite.js'),
      'index.css': { type: 'asset' as const, fileName: 'index.css' },
    };
    run(bundle);
    const marked = Object.values(bundle)
      .filter((c): c is Chunk => c.type === 'chunk' && c.code.startsWith(COMPILE_HINT))
      .map((c) => c.fileName)
      .sort();
    expect(marked).toEqual([
      'container.js',
      'firebase-auth.js',
      'index.js',
      'inversify.js',
      'memory.module.js',
      'runtime.js',
    ]);
    // Once each, the hint first (V8 reads it only at the very top of a file).
    expect(bundle['runtime.js'].code).toBe(`${COMPILE_HINT}/* runtime.js */`);
    expect(bundle['join-form.js'].code).toBe('/* join-form.js */');
    expect(bundle['firestore-lite.js'].code).toBe('/* firestore-lite.js */');
  });

  it('leaves the server build alone', () => {
    const bundle = { 'prerender.js': chunk('prerender.js', { isEntry: true }) };
    run(bundle, true);
    expect(bundle['prerender.js'].code).toBe('/* prerender.js */');
  });
});
