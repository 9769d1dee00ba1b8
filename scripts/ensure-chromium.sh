#!/usr/bin/env bash
# Browser tests need Debian's Chromium. Install it when missing and possible; otherwise stop clearly.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
echo "Chromium is not installed at $CHROMIUM; installing Debian's chromium package…"
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get install -y -qq chromium >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null))
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  (sudo apt-get install -y -qq chromium >/dev/null 2>&1 || (sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null))
fi
if [ ! -x "$CHROMIUM" ]; then
  echo "ERROR: the browser tests need Chromium at $CHROMIUM and it could not be installed." >&2
  echo "Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH)" >&2
  exit 1
fi
echo "Chromium installed."
