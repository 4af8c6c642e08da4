#!/usr/bin/env bash
# npm run test:engines: the memory build (dist/, built by npm test or npm run build) in WebKit and
# Firefox (tests/engines, vitest.engines.config.ts), each through its own automation protocol:
# - WebKit: Debian's WebKitGTK (MiniBrowser) through W3C WebDriver, `WebKitWebDriver` under Xvfb
#   (packages webkit2gtk-driver and xvfb);
# - Firefox: Debian's Firefox ESR through WebDriver BiDi, launched by puppeteer-core (firefox-esr).
# Installs the packages with apt-get where they are missing and this is Debian as root (not with
# --no-provision: npm run check); an engine still missing is skipped, and the tests say so.
# Serves dist/ with `vite preview` on a free port. Stops everything it started.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p test-results

need=()
command -v WebKitWebDriver > /dev/null || need+=(webkit2gtk-driver)
command -v xvfb-run > /dev/null || need+=(xvfb)
command -v firefox-esr > /dev/null || command -v firefox > /dev/null || need+=(firefox-esr)
if [ ${#need[@]} -gt 0 ] && [ "${1:-}" != --no-provision ] && [ "$(id -u)" = 0 ] &&
  command -v apt-get > /dev/null; then
  echo "Installing ${need[*]} with apt-get (the engines of tests/engines)..."
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" > /dev/null; } ||
    echo "apt-get could not install ${need[*]}: those engines' tests are skipped." >&2
fi

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}
wait_for() { # URL
  local i
  for i in $(seq 1 100); do
    node -e 'fetch(process.argv[1]).then(()=>process.exit(0),()=>process.exit(1))' "$1" 2> /dev/null && return 0
    sleep 0.2
  done
  return 1
}

# Each server runs in a process group of its own where `setsid` exists (Linux: Xvfb and WebKit's
# driver are Linux-only), so that stopping it stops what it started; elsewhere (macOS), the
# preview server runs as a plain background job.
pids=()
stop_all() {
  local pid
  for pid in "${pids[@]}"; do kill -- "-$pid" 2> /dev/null || kill "$pid" 2> /dev/null || true; done
}
trap stop_all EXIT

available=()
minibrowser=$(ls /usr/lib/*/webkit2gtk-4.1/MiniBrowser /usr/lib/*/webkit2gtk-4.0/MiniBrowser \
  /usr/libexec/webkit2gtk-4.1/MiniBrowser 2> /dev/null | head -n 1 || true)
if command -v WebKitWebDriver > /dev/null && command -v xvfb-run > /dev/null &&
  command -v setsid > /dev/null && [ -n "$minibrowser" ]; then
  webdriver_port=$(free_port)
  setsid xvfb-run -a -s '-screen 0 1400x1000x24' WebKitWebDriver --port="$webdriver_port" \
    > test-results/webkit-webdriver.log 2>&1 &
  pids+=($!)
  if wait_for "http://127.0.0.1:$webdriver_port/status"; then
    available+=(webkit)
    export WEBKIT_WEBDRIVER_URL="http://127.0.0.1:$webdriver_port" WEBKIT_MINIBROWSER="$minibrowser"
  else
    echo "WebKitWebDriver did not start (test-results/webkit-webdriver.log)." >&2
  fi
fi
firefox=$(command -v firefox-esr || command -v firefox || true)
if [ -n "$firefox" ]; then
  available+=(firefox)
  export FIREFOX_PATH="$firefox"
fi
echo "Engines: ${available[*]:-none}${minibrowser:+ (WebKitGTK $(dpkg-query -W -f='${Version}' libwebkit2gtk-4.1-0 2> /dev/null || echo '?'))}${firefox:+ ($("$firefox" --version 2> /dev/null))}"

preview_port=$(free_port)
preview=(npx vite preview --host 127.0.0.1 --port "$preview_port" --strictPort)
if command -v setsid > /dev/null; then
  setsid "${preview[@]}" > test-results/engines-preview.log 2>&1 &
else
  "${preview[@]}" > test-results/engines-preview.log 2>&1 &
fi
pids+=($!)
wait_for "http://127.0.0.1:$preview_port/" || { echo 'vite preview did not start' >&2; exit 1; }

ENGINES_AVAILABLE=$(
  IFS=,
  echo "${available[*]+"${available[*]}"}"
) ENGINES_BASE_URL="http://127.0.0.1:$preview_port" HOME="${HOME:-/root}" \
  npx vitest run --config vitest.engines.config.ts \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest-engines.json
