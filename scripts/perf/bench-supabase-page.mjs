// Part of npm run bench:supabase: the Supabase stand-in on 127.0.0.1:54321 (the build's
// .env.supabase) over a fresh migrated database while scripts/perf/bench.mjs builds the Supabase
// bundle, serves it and runs Lighthouse, so the page's own calls (session, hero avatars) succeed
// as they do against a real project. Arguments go to bench.mjs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { runnerImport } from 'vite';
import { lowerBackendPriority } from './backend-priority.mjs';

const load = async (p) => (await runnerImport(p, { configFile: false })).module;
// runnerImport sets NODE_ENV=development, which would make the build below a development build.
const nodeEnv = process.env.NODE_ENV;
const { freshDatabase } = await load('./stand-ins/supabase-db.ts');
const { startSupabaseStandIn, STAND_IN_PORT } = await load('./stand-ins/supabase-stand-in.ts');
function withNodeEnv(value) {
  const env = { ...process.env };
  if (value === undefined) delete env.NODE_ENV;
  else env.NODE_ENV = value;
  return env;
}
const db = await freshDatabase('benchpage');
const standIn = await startSupabaseStandIn({ databaseUrl: db.url, port: STAND_IN_PORT });
try {
  // Not spawnSync: the stand-in answers the page from this process's event loop meanwhile
  // (blocked, the hero call waited for its 15 s deadline and logged an error).
  const bench = spawn(
    'node',
    ['scripts/perf/bench.mjs', '--backend', 'supabase', '--port', '4374', ...process.argv.slice(2)],
    { stdio: 'inherit', env: withNodeEnv(nodeEnv) },
  );
  // The stand-in (this process) and PostgreSQL (its postmaster and the backends it forks) at the
  // lowest priority while the page is measured; the bench, Lighthouse and the browser spared.
  const pidFile = `${process.env.PG_DIR}/data/postmaster.pid`;
  const postmaster = fs.existsSync(pidFile)
    ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
    : undefined;
  const lowered =
    lowerBackendPriority(process.pid, { spare: [bench.pid] }) +
    (postmaster ? lowerBackendPriority(postmaster) : 0);
  console.log(
    `backend at nice 19 while measuring: ${lowered} processes (scripts/perf/backend-priority.mjs)`,
  );
  process.exitCode = await new Promise((resolve) => bench.on('exit', (code) => resolve(code ?? 1)));
} finally {
  await standIn.close();
  await db.drop();
}
