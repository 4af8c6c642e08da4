#!/usr/bin/env bash
# Where the machine's Node is not the project's major (.nvmrc), installs the npm registry's `node`
# package of that major into tools/function-node (its own lock file; the Cloud Function's runtime is
# the same major, which this checks), so that .ci/run can put it first on PATH. Prints nothing
# when the machine's Node already is the project's.
set -euo pipefail
cd "$(dirname "$0")/../.."
want=$(cut -d. -f1 .nvmrc)
[ "$(node -p 'process.versions.node.split(".")[0]')" = "$want" ] && exit 0
pinned=$(node -p 'require("./tools/function-node/package.json").dependencies.node.split(".")[0]')
if [ "$pinned" != "$want" ]; then
  echo "tools/function-node pins Node $pinned; .nvmrc wants $want. Pin the same major in both." >&2
  exit 1
fi
echo "This machine has Node $(node -v); installing Node $want from the npm registry (tools/function-node)..."
[ -x tools/function-node/node_modules/.bin/node ] ||
  npm ci --prefix tools/function-node --no-audit --no-fund --loglevel=error
