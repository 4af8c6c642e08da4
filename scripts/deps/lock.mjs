// npm run lock: brings package-lock.json in line with package.json so that `npm ci` works on Linux,
// macOS and Windows (x64 and arm64), whatever machine runs it. Run it after adding, removing or
// upgrading a package, and after merging branches that did.
//
// npm resolves a lock from the node_modules of the machine it runs on and can leave out the
// binaries of other platforms (npm/cli#4828). This script drops every locked package whose platform
// binaries are missing, so npm resolves it afresh from the registry with every optional binary,
// keeps every other locked version, and then checks the result (scripts/deps/lock-platforms.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { missingPlatformPackages } from './lock-platforms.mjs';

const FILE = 'package-lock.json';
const read = () => JSON.parse(fs.readFileSync(FILE, 'utf8'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const install = () =>
  execFileSync(
    npm,
    ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'],
    { stdio: 'inherit', shell: process.platform === 'win32' },
  );

install();
const lock = read();
const stale = new Set(missingPlatformPackages(lock).map((m) => m.parent));
if (stale.size) {
  console.log(`Resolving again, with every platform's binaries: ${[...stale].join(', ')}`);
  for (const [path, entry] of Object.entries(lock.packages)) {
    const name = path.replace(/^.*node_modules\//, '');
    if (!stale.has(name)) continue;
    const dir = path.slice(0, path.lastIndexOf('node_modules/'));
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
      delete lock.packages[`${dir}node_modules/${dep}`];
      delete lock.packages[`${path}/node_modules/${dep}`];
    }
    delete lock.packages[path];
  }
  fs.writeFileSync(FILE, `${JSON.stringify(lock, null, 2)}\n`);
  install();
}

const missing = missingPlatformPackages(read());
if (missing.length) {
  console.error(
    'package-lock.json still lacks platform binaries, so `npm ci` would fail on those machines:\n' +
      missing.map((m) => `  ${m.parent}@${m.version} needs ${m.name}`).join('\n') +
      '\nThe registry has no such build of that version: pin the package (or the one that depends ' +
      'on it) to the newest version published for every platform, e.g. `npm view <name> versions`.',
  );
  process.exit(1);
}
console.log('package-lock.json holds the binaries of Linux, macOS and Windows (x64 and arm64).');
