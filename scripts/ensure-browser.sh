#!/usr/bin/env bash
# Makes a Chromium available for the browser tests: Debian's package where apt-get works (offline
# machines cannot download Playwright's browser), Playwright's own download elsewhere.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "No system chromium; downloading Playwright's."
npx playwright install chromium
