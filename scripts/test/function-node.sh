# Sourced by scripts/test/test-firebase.sh: the Node.js of the Cloud Function's runtime
# (functions/package.json "engines", today 24), so the function's tests run on the version it is
# deployed on even where the machine's Node is another. It comes from the npm registry's `node`
# package (tools/function-node, its own lock file; `npm ci` leaves the lock file untouched).
# Sets FUNCTION_NODE, and firebase_on_function_node, which runs the pinned Firebase CLI on it (the
# Functions emulator runs functions on the Node that runs the CLI).
FUNCTION_NODE=tools/function-node/node_modules/.bin/node
[ -x "$FUNCTION_NODE" ] ||
  npm ci --prefix tools/function-node --no-audit --no-fund --loglevel=error
FUNCTION_NODE_WANTED=$(node -p 'require("./functions/package.json").engines.node')
FUNCTION_NODE_MAJOR=$("$FUNCTION_NODE" -p 'process.versions.node.split(".")[0]')
if [ "$FUNCTION_NODE_MAJOR" != "$FUNCTION_NODE_WANTED" ]; then
  echo "tools/function-node has Node $FUNCTION_NODE_MAJOR; functions/package.json wants $FUNCTION_NODE_WANTED." >&2
  echo "Pin the same major in tools/function-node/package.json and run: npm install --prefix tools/function-node" >&2
  exit 1
fi
echo "The function's tests run on Node $("$FUNCTION_NODE" -v) (Cloud Functions runtime nodejs$FUNCTION_NODE_WANTED); this machine's Node is $(node -v)."
firebase_on_function_node() {
  "$FUNCTION_NODE" tools/firebase-cli/node_modules/firebase-tools/lib/bin/firebase.js "$@"
}
