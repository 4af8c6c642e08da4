// npm run bench [-- --runs N] [-- --backend firebase] [-- --port P]: builds the production bundle, serves it with
// `vite preview` and prints the figures the budgets are judged by: first-load JS/CSS (gzip) and
// Lighthouse medians (mobile and desktop). Figures are printed, never asserted.
// `-- --bare` measures a bare page instead (a heading and a paragraph, served the same way): the
// floor this machine and Lighthouse give any page, to read the page's own figures against.
// The mobile runs are calibrated: before each one, Lighthouse reads this machine's benchmark index
// (the median of LH_CALIBRATION_READS passes, default 3) and the run slows the CPU by index / 625
// (the preset's 4x at an index of 2,500), so that the figures compare across machines
// (`-- --calibrate N` for another target, `-- --uncalibrated` for the preset's fixed 4x). Each run
// prints its index and slowdown, and the calibration it met (its own index / its slowdown).
// `-- --pin` (Linux, 2 CPUs or more) gives the page's main thread a CPU of its own while Lighthouse
// measures, as a phone's main thread has a core (LH_PIN in scripts/perf/lighthouse.sh).
// `-- --path /campus/udg-cucei` measures another page of the build (a campus page, issue 60).
import { backendOf } from '../../src/composition/backends.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { arg, refuseTakenPort, startPreview } from './preview-server.mjs';

const runs = arg('runs', '5');
const backend = backendOf(arg('backend', process.env.VITE_BACKEND));
if (!backend) throw new Error(`No backend named "${arg('backend', process.env.VITE_BACKEND)}"`);
const port = arg('port', '4199');
const bare = process.argv.includes('--bare');
/** index / slowdown: 625 is the preset's 4x on a machine of index 2,500. */
const calibrate = process.argv.includes('--uncalibrated') ? null : arg('calibrate', '625');
const skipBuild = bare || process.argv.includes('--no-build');
const pinned = process.argv.includes('--pin');

const root = `http://127.0.0.1:${port}/`;
await refuseTakenPort(root);
/** The page measured: the landing page, or `--path` (a bare build has only its one page). */
const url = bare ? root : new URL(arg('path', '/'), root).href;

const env = { ...process.env, VITE_BACKEND: backend };
if (bare) {
  env.DIST_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));
  process.on('exit', () => fs.rmSync(env.DIST_DIR, { recursive: true, force: true }));
  fs.writeFileSync(
    path.join(env.DIST_DIR, 'index.html'),
    '<!doctype html><html lang="es-MX"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Página mínima</title>' +
      '<meta name="description" content="Una página mínima, para medir el piso de la máquina."></head>' +
      '<body><main><h1>De estudiantes a estudiantes</h1><p>Una página sin nada más.</p></main></body></html>',
  );
  console.log(`bare page (control): ${env.DIST_DIR}/index.html`);
}
if (!skipBuild) execFileSync('npm', ['run', 'build'], { stdio: 'inherit', env });
const dist = env.DIST_DIR ?? 'dist';

const size = JSON.parse(
  execFileSync('node', ['scripts/perf/bundle-size.mjs', dist], {
    encoding: 'utf8',
  }),
);
console.log(
  `\nbundle (${bare ? 'bare page' : backend}): first-load JS ${size.firstLoad.js.gz} B gzip (${size.firstLoad.js.br} B brotli), CSS ${size.firstLoad.css.gz} B gzip; budget JS 90 KB gzip`,
);

// The page's HTML on the wire decides whether it arrives in the first round trip of a new
// connection (about 14 KB with the headers) or needs a second one (150 ms on slow 4G).
const pathname = new URL(url).pathname;
const page = pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`;
const html = fs.readFileSync(path.join(dist, page));
const htmlBr = zlib.brotliCompressSync(html, {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
}).length;
console.log(
  `HTML of ${pathname}: ${html.length} B, ${zlib.gzipSync(html, { level: 9 }).length} B gzip, ${htmlBr} B brotli (served brotli by the preview, as by the host); first round trip about 14,000 B`,
);

const stopPreview = await startPreview(port, root, env);
try {
  for (const preset of ['mobile', 'desktop']) {
    // LH_OUT_DIR=DIR LH_SAVE_ASSETS=1 keeps each run's trace beside its report (docs/performance.md).
    const extra = process.env.LH_SAVE_ASSETS ? ['--save-assets'] : [];
    const out = execFileSync('bash', ['scripts/perf/lighthouse.sh', url, runs, preset, ...extra], {
      encoding: 'utf8',
      env: {
        ...process.env,
        ...(calibrate ? { LH_CALIBRATE: calibrate } : {}),
        ...(pinned ? { LH_PIN: '1' } : {}),
      },
    });
    const lh = JSON.parse(out.trim().split('\n').at(-1));
    console.log(
      `lighthouse ${preset} (median of ${lh.runs}): perf ${lh.perf}, a11y ${lh.a11y}, bp ${lh.bp}, seo ${lh.seo}, ` +
        `FCP ${lh.fcp_ms} ms, LCP ${lh.lcp_ms} ms, TBT ${lh.tbt_ms} ms, CLS ${lh.cls}, ` +
        `longest task ${lh.max_task_ms} ms, ` +
        `JS ${lh.js_bytes} B, requests ${lh.requests}, third-party ${lh.third_party_requests}`,
    );
    // Every run, so a budget met only on a good run shows (the longest task: 0 = none over 50 ms).
    const list = (xs) => xs.map((x) => x ?? '?').join(' ');
    const calibrated =
      preset === 'mobile' && lh.calibration_index_runs
        ? ` | calibrated to ${calibrate}: index ${list(lh.calibration_index_runs)} (median of ` +
          `${list(lh.calibration_reads_runs)} reads), slowdown ${list(lh.slowdown_runs)}x, ` +
          `met at the run (its own index / slowdown) ${list(lh.at_run_runs)}`
        : ` | slowdown ${lh.slowdown}x`;
    // The longest task after the first paint by its CPU time, slowed: a floor of the page's own
    // work, every wait left out (for a core on a busy host, and the phone's own too). The paint
    // observed in the trace, no 50 ms threshold (lighthouse.sh, docs/performance.md).
    // Beside it, the same without the tracer's own source rundown (scripts/perf/trace-main.mjs).
    const withoutRundown = list(lh.max_page_task_cpu_after_fcp_ms_runs ?? []);
    const byCpu = lh.max_task_cpu_after_fcp_ms_runs
      ? `; by its CPU time, slowed: ${list(lh.max_task_cpu_after_fcp_ms_runs)} ms, ` +
        `Lighthouse's source rundown left out: ${withoutRundown} ms`
      : '';
    console.log(
      `  per run: perf ${lh.perf_runs.join(' ')} | LCP ${lh.lcp_ms_runs.join(' ')} ms | ` +
        `TBT ${lh.tbt_ms_runs.join(' ')} ms | longest task ${lh.max_task_ms_runs.join(' ')} ms ` +
        `(after the first paint: ${lh.max_task_after_fcp_ms_runs.join(' ')} ms${byCpu}) | ` +
        `CLS ${lh.cls_runs.join(' ')} | benchmark index ${lh.benchmark_index_runs.join(' ')}${calibrated}`,
    );
    // --pin: how many renderers ran their main thread on a CPU of its own (none: not pinned).
    if (pinned) {
      console.log(
        lh.pinned_renderers > 0
          ? `  pinned (--pin): ${lh.pinned_renderers} renderers' main threads on the last CPU`
          : '  --pin pinned no renderer: these figures are NOT pinned',
      );
    }
  }
  console.log(
    'budgets (mobile, every run): perf 100, LCP <= 850 ms (median), TBT 0 (no task over 50 ms), CLS 0, a11y/bp/seo 100',
  );
  console.log(
    `machine load while measuring (1, 5, 15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  stopPreview();
}
