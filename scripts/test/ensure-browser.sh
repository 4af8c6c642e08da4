#!/usr/bin/env bash
# Makes a Chromium available for the browser tests, and never stops the suite for want of one:
# 1. a Chromium already there (CHROMIUM_PATH, by default Debian's /usr/bin/chromium): done;
# 2. Debian's package with apt-get, where that works (root on Debian; offline machines cannot
#    download Playwright's browser);
# 3. otherwise, or when apt-get fails, Playwright's own Chromium (`npx playwright install chromium`);
# 4. when that fails too, it says what to do and leaves the browser tests to report the problem.
# scripts/test/chromium.mjs (for the browser tests and the page benches) uses CHROMIUM_PATH when
# it exists and Playwright's browser otherwise.
set -uo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing Debian's chromium for the browser tests..."
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null &&
    [ -x "$CHROMIUM" ]; then
    exit 0
  fi
  echo "apt-get could not install chromium; trying Playwright's own browser instead."
else
  echo "No system chromium at $CHROMIUM, and apt-get is not available to this user."
fi

echo "Downloading Playwright's Chromium (npx playwright install chromium)..."
if npx playwright install chromium; then exit 0; fi

cat <<'HELP'
ensure-browser: no Chromium for the browser tests. The other checks go on; the browser tests will
fail until one of these is done:
  - Debian or Ubuntu, as root:  apt-get update && apt-get install -y chromium
  - anywhere with network:      npx playwright install chromium
  - a Chromium elsewhere:       CHROMIUM_PATH=/path/to/chromium npm test
HELP
exit 0
