// Which native platform packages a package-lock.json must hold so that `npm ci` works on every
// machine the team uses. Packages such as @tailwindcss/oxide, lightningcss and rolldown ship their
// binaries as optional dependencies, one per platform; npm writes into the lock only the ones it
// could resolve, and `npm ci` on a platform whose binary is not locked refuses the lock.
// Used by scripts/deps/lock.mjs (npm run lock) and tests/tooling/repo/package-lock.test.ts.

/** Linux, macOS and Windows on x64 and arm64; Linux also with musl (Alpine) where offered. */
export const TARGETS = [
  { os: 'linux', cpu: 'x64' },
  { os: 'linux', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'darwin', cpu: 'arm64' },
  { os: 'win32', cpu: 'x64' },
  { os: 'win32', cpu: 'arm64' },
];

const token = (name, word) => new RegExp(`(^|[-/_.])${word}([-_.]|$)`).test(name);

/** The target a platform package's name is for (`…-darwin-arm64`, `…-linux-x64-musl`), or null. */
export function targetOf(name) {
  return TARGETS.find((t) => token(name, t.os) && token(name, t.cpu)) ?? null;
}

/**
 * Every optional dependency of a locked package that is a binary for one of TARGETS and is not in
 * the lock, as `{ parent, version, name }`. Empty when `npm ci` works on every target.
 */
export function missingPlatformPackages(lock) {
  const packages = lock.packages ?? {};
  const missing = [];
  for (const [path, entry] of Object.entries(packages)) {
    if (!path || !entry.optionalDependencies) continue;
    const dir = path.slice(0, path.lastIndexOf('node_modules/'));
    for (const name of Object.keys(entry.optionalDependencies)) {
      if (!targetOf(name)) continue;
      const locations = [
        `${path}/node_modules/${name}`,
        `${dir}node_modules/${name}`,
        `node_modules/${name}`,
      ];
      if (!locations.some((l) => packages[l])) {
        missing.push({
          parent: path.replace(/^.*node_modules\//, ''),
          version: entry.version,
          name,
        });
      }
    }
  }
  return missing;
}

/** The targets each locked package with platform binaries covers, for a report. */
export function platformCoverage(lock) {
  const packages = lock.packages ?? {};
  const cover = {};
  for (const [path, entry] of Object.entries(packages)) {
    if (!path || !entry.optionalDependencies) continue;
    const names = Object.keys(entry.optionalDependencies).filter(targetOf);
    if (!names.length) continue;
    cover[path.replace(/^.*node_modules\//, '')] = names;
  }
  return cover;
}
