// The backend's processes at the lowest CPU priority while Lighthouse measures: on a student's
// phone the backend runs on the provider's servers, never beside the browser; here the Firebase
// emulators, the stand-ins and PostgreSQL share the browser's two cores. Lowered (nice 19), they
// still answer every call at once when the browser waits for them, and take nothing from the
// page's main thread while it works. Linux only (reads /proc); elsewhere it does nothing.
import fs from 'node:fs';
import os from 'node:os';

/** Each process's parent, from /proc. */
function parents() {
  const parentOf = new Map();
  if (!fs.existsSync('/proc')) return parentOf;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // The process ended meanwhile.
    }
  }
  return parentOf;
}

/**
 * Sets nice 19 on `root` and its descendants, except the subtrees of `spare` (the measuring
 * browser and Lighthouse). Children started later inherit it. Returns how many were lowered.
 */
export function lowerBackendPriority(root, { spare = [] } = {}) {
  const parentOf = parents();
  const isUnder = (pid, ancestor) => {
    for (let p = pid, hops = 0; p && hops < 64; p = parentOf.get(p), hops++)
      if (p === ancestor) return true;
    return false;
  };
  let lowered = 0;
  for (const pid of parentOf.keys()) {
    if (!isUnder(pid, root) || spare.some((s) => isUnder(pid, s))) continue;
    try {
      os.setPriority(pid, 19);
      lowered++;
    } catch {
      // Another user's process (without the right to lower it) or one that ended: left as is.
    }
  }
  return lowered;
}

/** The nearest ancestor of this process whose command line matches `pattern`, if any. */
export function ancestorRunning(pattern) {
  const parentOf = parents();
  for (let p = parentOf.get(process.pid); p && p > 1; p = parentOf.get(p)) {
    try {
      const command = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (pattern.test(command)) return p;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
