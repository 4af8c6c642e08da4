import type { Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';

/** V8's explicit compile hint (Chrome 136+): compile every function of this file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The chunks whose code runs while the page starts: the entry and the backend's start-up. */
const START_UP = /src\/composition\/(container|\w+\.module)\.ts$/;

/**
 * Marks the chunks that run during start-up (the entry with React and the islands, the
 * container and the chosen backend's module, with the chunks they import statically) with V8's
 * compile hint. Without it V8 compiles each function the first time it is called, on the main
 * thread: hydrating the first island compiled most of React's hydration code inside one task,
 * 14-18 ms of it (55-75 ms at Lighthouse's 4x CPU slowdown, issue 15). With it, the functions
 * are compiled while the script streams in, on a background thread. Lazily loaded chunks (the
 * join form, the toaster, the backend SDKs) keep V8's lazy compilation: much of them never runs.
 */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own hooks, which put `__vite__mapDeps` in front of the entry's code.
      order: 'post',
      handler(_options, bundle) {
        if (this.environment?.config.build.ssr) return;
        const chunks = new Map<string, OutputChunk>();
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk') chunks.set(output.fileName, output);
        }
        const marked = new Set<string>();
        const mark = (chunk: OutputChunk): void => {
          if (marked.has(chunk.fileName)) return;
          marked.add(chunk.fileName);
          chunk.code = COMPILE_HINT + chunk.code;
          for (const file of chunk.imports) {
            const imported = chunks.get(file);
            if (imported) mark(imported);
          }
        };
        for (const chunk of chunks.values()) {
          if (chunk.isEntry || START_UP.test(chunk.facadeModuleId ?? '')) mark(chunk);
        }
      },
    },
  };
}
