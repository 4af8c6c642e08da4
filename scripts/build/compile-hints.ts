import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/** V8's explicit compile hint (Chrome 136+): compile every function of this file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The backend's start-up: the container and the backend modules (src/composition). */
const START_UP = /src\/composition\/(container|\w+\.module)\.ts$/;

/**
 * Marks the chunks that run during start-up with V8's compile hint: the entry with React and the
 * islands (and what it imports statically), the container and the chosen backend's module (and
 * what they import, statically or dynamically: the backend's SDKs, which it loads as it starts).
 * Without it V8 compiles each function the first time it is called, on the main thread:
 * hydrating the first island compiled most of React's hydration code inside one task, 14-18 ms
 * of it (55-75 ms at Lighthouse's 4x CPU slowdown), and evaluating the Firebase SDK was a 20 ms
 * task (issue 15). With it, the functions are compiled while the script streams in, on a
 * background thread. The UI's lazily loaded chunks (the join form, the toaster, the privacy
 * notice) keep V8's lazy compilation.
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
        const mark = (chunk: OutputChunk, withDynamic: boolean): void => {
          if (marked.has(chunk.fileName)) return;
          marked.add(chunk.fileName);
          chunk.code = COMPILE_HINT + chunk.code;
          for (const file of [...chunk.imports, ...(withDynamic ? chunk.dynamicImports : [])]) {
            const imported = chunks.get(file);
            if (imported) mark(imported, withDynamic);
          }
        };
        // The entry first: the backend's chunks import shared code from it, and the entry's own
        // dynamic imports are the UI's lazy chunks.
        for (const chunk of chunks.values()) if (chunk.isEntry) mark(chunk, false);
        for (const chunk of chunks.values()) {
          if (START_UP.test(chunk.facadeModuleId ?? '')) mark(chunk, true);
        }
      },
    },
  };
}
