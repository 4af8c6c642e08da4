// The first step of npm test (scripts/test/test-all.sh): refuses at once, on a Node.js that
// package.json's engines does not accept, naming the versions it needs and how to get them,
// instead of starting and failing later with unrelated errors (issue 51). Plain JavaScript that any
// Node.js since 12 runs.
import fs from 'node:fs';

/** `[major, minor, patch]` of '22.22.2' or 'v22.22.2'. */
const parse = (version) => version.replace(/^v/, '').split('.').map(Number);
const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * Whether `version` satisfies `range`, in the forms package.json's engines uses here:
 * alternatives joined by `||`, each `^X.Y.Z` (same major, at least X.Y.Z) or `>=X.Y.Z`.
 */
export function satisfies(version, range) {
  const v = parse(version);
  return range.split('||').some((part) => {
    const wanted = part.trim();
    const caret = /^\^(\d+\.\d+\.\d+)$/.exec(wanted);
    if (caret) {
      const min = parse(caret[1]);
      return v[0] === min[0] && compare(v, min) >= 0;
    }
    const atLeast = /^>=\s*(\d+\.\d+\.\d+)$/.exec(wanted);
    if (atLeast) return compare(v, parse(atLeast[1])) >= 0;
    throw new Error(`check-node.mjs does not read the range "${wanted}" (package.json engines)`);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const range = JSON.parse(fs.readFileSync('package.json', 'utf8')).engines.node;
  if (!satisfies(process.versions.node, range)) {
    const nvmrc = fs.readFileSync('.nvmrc', 'utf8').trim();
    console.error(
      `npm test needs Node.js ${range} (package.json engines); this is ${process.version}.\n` +
        `Get it with nvm: nvm install ${nvmrc} && nvm use (.nvmrc), or without nvm, from the npm\n` +
        'registry: bash scripts/test/project-node.sh && export PATH="$PWD/tools/function-node/node_modules/.bin:$PATH"\n' +
        '(what .ci/run does), then run npm test again.',
    );
    process.exit(1);
  }
}
