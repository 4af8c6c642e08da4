// node scripts/perf/pin-main-thread.mjs CPU MATCH COUNT_FILE: while Lighthouse measures with
// LH_PIN=1 (scripts/perf/lighthouse.sh), gives each measured renderer's main thread a CPU of its
// own: CPU, the last of 0-CPU (the CPUs this process may use; lighthouse.sh checks). Every 20 ms
// it moves the main thread of each renderer whose command line holds MATCH (the run's profile
// directory) to CPU, and every other thread on the machine that may run there to the others
// (REST). Threads started later inherit REST from their parents, so after the first sweep it
// mostly moves each new renderer's main thread. COUNT_FILE holds how many renderers it has pinned.
// It affects every process of the host (all users' when run as root) while it runs. Stopped
// (SIGTERM or SIGINT), it gives the threads it moved, those still running, the CPUs they had, and
// every thread started meanwhile that is left on REST or on CPU all of 0-CPU. Killed with SIGKILL,
// it restores nothing: `taskset -a -p -c 0-CPU PID` gives a process its CPUs back.
// Why: on a phone the page's main thread has a core to itself; on a 2-core host it otherwise
// waits, inside its tasks, for the browser and GPU processes (each frame, and its screenshot for
// the trace) and Lighthouse itself, and Lighthouse's simulation multiplies those waits by the CPU
// slowdown (docs/performance.md). Linux only (reads /proc, needs taskset from util-linux).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const [cpu, match, countFile] = process.argv.slice(2);
if (!/^[1-9]\d*$/.test(cpu ?? '') || !match || !countFile) {
  console.error('usage: node scripts/perf/pin-main-thread.mjs CPU MATCH COUNT_FILE (CPU >= 1)');
  process.exit(2);
}
/** The CPUs as /proc prints them (`Cpus_allowed_list`): every one, and every one but CPU. */
const all = `0-${cpu}`;
const rest = cpu === '1' ? '0' : `0-${Number(cpu) - 1}`;

const read = (file) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null; // the process or thread ended meanwhile
  }
};
const list = (dir) => {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
};
/** The CPUs a thread may run on, as /proc prints them ("0-1", "0", "0,2-3"), or null. */
const allowedOf = (pid, tid) =>
  /Cpus_allowed_list:\s*(\S+)/.exec(read(`/proc/${pid}/task/${tid}/status`) ?? '')?.[1] ?? null;
const setAllowed = (tid, cpus) => {
  try {
    execFileSync('taskset', ['-p', '-c', cpus, String(tid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false; // it ended meanwhile, or it may not move (a kernel thread bound to one CPU)
  }
};

/**
 * How long a new process's command line is read again: a renderer forked from the browser's
 * zygote takes its own command line a moment after it starts.
 */
const NAMING_MS = 2000;
/** Threads done with ("pid/tid"), and when each process was first seen. */
const seen = new Set();
const firstSeen = new Map();
/** Threads running when the watcher started, with the CPUs they had. */
const before = new Map();
/** Threads started meanwhile ("pid/tid"). */
const started = new Set();
let first = true;
let pinned = 0;
function sweep() {
  const now = Date.now();
  for (const pid of list('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    if (!firstSeen.has(pid)) firstSeen.set(pid, now);
    for (const tid of list(`/proc/${pid}/task`)) {
      const key = `${pid}/${tid}`;
      if (seen.has(key)) continue;
      const allowed = allowedOf(pid, tid);
      if (allowed == null) continue;
      if (first) before.set(key, allowed);
      else if (!before.has(key)) started.add(key); // a main thread looked at again is not new
      const command = tid === pid ? (read(`/proc/${pid}/cmdline`) ?? '') : '';
      const measured = command.includes('--type=renderer') && command.includes(match);
      // A main thread is looked at again until its process has had time to take its name.
      if (measured || tid !== pid || now - firstSeen.get(pid) > NAMING_MS) seen.add(key);
      const want = measured ? cpu : rest;
      if (allowed === want) continue;
      if (!setAllowed(tid, want))
        seen.add(key); // bound to its CPU: not tried again
      else if (measured) fs.writeFileSync(countFile, String(++pinned));
    }
  }
  first = false;
}

function restore() {
  for (const [key, allowed] of before) {
    const [pid, tid] = key.split('/');
    const now = allowedOf(pid, tid);
    if (now != null && now !== allowed) setAllowed(tid, allowed);
  }
  for (const key of started) {
    const [pid, tid] = key.split('/');
    const now = allowedOf(pid, tid);
    if (now === rest || now === cpu) setAllowed(tid, all);
  }
  process.exit(0);
}
process.on('SIGTERM', restore);
process.on('SIGINT', restore);
fs.writeFileSync(countFile, '0');
sweep();
setInterval(sweep, 20);
