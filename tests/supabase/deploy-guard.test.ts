import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the deploy scripts, without type declarations
import { checkSupabaseDeployBuild } from '../../scripts/deploy/deploy-supabase.mjs';

// `npm run deploy:supabase` refuses the real builds a checkout holds (issue 23): the memory demo
// that `npm test` leaves in dist/, and the Supabase build pointed at the local stand-in that
// scripts/test/test-supabase.sh makes in dist-supabase/ (built before this file runs).
const check = checkSupabaseDeployBuild as (dir: string, o: { projectUrl: string }) => string[];
const PROJECT = 'https://abcdefghijklmnop.supabase.co';

describe.skipIf(!fs.existsSync('dist/index.html'))(
  'the memory build in dist/ (skipped when there is none: npm run build makes it)',
  () => {
    it('is refused: the demo backend, not supabase', () => {
      const problems = check('dist', { projectUrl: PROJECT }).join('\n');
      expect(problems).toMatch(/memory \(demo\) backend in the build/);
      expect(problems).toMatch(/not supabase/);
    });
  },
);

describe.skipIf(!fs.existsSync('dist-supabase/index.html'))(
  'the stand-in build in dist-supabase/ (skipped when there is none: test-supabase.sh makes it)',
  () => {
    it('is refused: it talks to this machine over http, and shows privacy placeholders', () => {
      const problems = check('dist-supabase', { projectUrl: PROJECT }).join('\n');
      expect(problems).toMatch(/local stand-in/);
      expect(problems).toMatch(/must be https/);
      expect(problems).toMatch(/placeholders/);
    });
  },
);
