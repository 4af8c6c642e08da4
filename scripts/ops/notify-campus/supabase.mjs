// `notify:campus` on Supabase: mail-supabase.ts's `notify` (private.queue_launch records the
// messages of a campus of public.colleges, then the sender sends what is due).
import { projectModule } from '../shared/project.mjs';

/** Records the campus's launch (none with `dryRun`), sends, and says so: the exit status. */
export async function notify(options, usage, campus, dryRun) {
  const { main } = await projectModule('scripts/ops/mail-supabase.ts');
  return main([
    'notify',
    '--campus',
    campus,
    ...(dryRun ? ['--dry-run'] : []),
    ...(options.db ? ['--db', options.db] : []),
  ]);
}
