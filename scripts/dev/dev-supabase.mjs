// Started by scripts/dev/dev-supabase.sh once PostgreSQL runs: the Supabase stand-in on the port
// .env.supabase names, then Vite's dev server in the `supabase` mode.
import { spawn } from 'node:child_process';
import { runnerImport } from 'vite';

const load = async (p) => (await runnerImport(p, { configFile: false })).module;
const { freshDatabase } = await load('./stand-ins/supabase-db.ts');
const { startSupabaseStandIn, STAND_IN_PORT } = await load('./stand-ins/supabase-stand-in.ts');
const db = await freshDatabase('dev');
const standIn = await startSupabaseStandIn({ databaseUrl: db.url, port: STAND_IN_PORT });
console.log(`Supabase stand-in on ${standIn.url} (database ${db.url})`);

// The Vite binary itself, not npx: stopping npx would leave Vite running.
const vite = spawn(
  process.execPath,
  ['node_modules/vite/bin/vite.js', '--mode', 'supabase', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
const stop = () => vite.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
vite.on('exit', async (code) => {
  await standIn.close();
  await db.drop();
  process.exit(code ?? 0);
});
