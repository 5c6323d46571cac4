#!/usr/bin/env bash
# Installs everything agentprobe's tests need on a fresh Debian/Ubuntu machine; safe to run again.
#   system packages: Xvfb, xdotool, scrot, xprop (a test asks it whether a window manager runs),
#   Chromium with its language packs (the locale tests run it in Arabic and German), Firefox ESR,
#   fonts, ffmpeg (its ffprobe reads the GIFs back in the tests),
#   PostgreSQL (the history tests start a private server of their own from its binaries; none needs to run)
#   Node >= 22.12 (Node 24 from the npm registry when the system's node is older), then npm ci
#   pnpm 10 (from the npm registry when missing): the repos e2e installs a pnpm workspace with it
set -euo pipefail
cd "$(dirname "$0")/.."

sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

packages=(xvfb xdotool scrot x11-xserver-utils x11-utils matchbox-window-manager chromium chromium-l10n firefox-esr firefox-esr-l10n-de firefox-esr-l10n-ar ffmpeg fonts-dejavu-core fonts-liberation imagemagick ca-certificates postgresql)
command -v node >/dev/null 2>&1 || packages+=(nodejs npm)
command -v npm >/dev/null 2>&1 || packages+=(npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_if_needed apt-get update -qq
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# /usr/local/bin comes before /usr/bin on PATH, so a new shell finds the newer node there.
export PATH="/usr/local/bin:$PATH"
node_ok() { node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)'; }
if ! node_ok; then
  echo "setup: node $(node --version) is older than 22.12; installing Node 24 into /usr/local"
  sudo_if_needed npm install -g --prefix /usr/local --no-audit --no-fund node@24 >/dev/null
  hash -r
  node_ok || { echo "setup: Node 24 did not install; install Node >= 22.12 yourself" >&2; exit 1; }
fi
# A pnpm workspace is one of the repos agentprobe is added to in its e2e tests.
if ! command -v pnpm >/dev/null 2>&1; then
  echo "setup: installing pnpm 10 into /usr/local"
  sudo_if_needed npm install -g --prefix /usr/local --no-audit --no-fund pnpm@10 >/dev/null
  hash -r
fi
echo "setup: node $(node --version), pnpm $(pnpm --version 2>/dev/null || echo 'missing'), $(chromium --version 2>/dev/null || echo 'no chromium'), $(firefox-esr --version 2>/dev/null || echo 'no firefox-esr')"

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
else
  npm run build --silent
fi
