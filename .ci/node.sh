#!/usr/bin/env bash
# Prints the bin directory of a supported Node.js (package.json "engines": 22.23.4 or later in
# line 22, or 24.22.1 or later): the machine's own when it is one, else Node 24 from the npm
# registry (the `node-linux-<arch>` package, the binary the `node` package on npm installs),
# installed once into ~/.cache/reasoning-ui/. `.ci/run` puts it first on PATH; so can you:
#   export PATH="$(bash .ci/node.sh):$PATH"
# Node 20 (Debian's, on this project's machines) reached its end of life in April 2026, and the
# AI SDK 7 and webdriverio packages the tests use ask for a newer one (EBADENGINE on `npm ci`).
set -euo pipefail
version="${REASONING_UI_NODE_VERSION:-24.22.3}"

if command -v node >/dev/null 2>&1 && node -e '
  const [major, minor, patch] = process.versions.node.split(".").map(Number)
  const atLeast = (m, p) => minor > m || (minor === m && patch >= p)
  process.exit((major === 22 && atLeast(23, 4)) || (major === 24 && atLeast(22, 1)) || major > 24 ? 0 : 1)
'; then
  dirname "$(command -v node)"
  exit 0
fi

case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "error: no Node.js package for $(uname -m); install Node.js 24 yourself" >&2; exit 1 ;;
esac
dir="${XDG_CACHE_HOME:-$HOME/.cache}/reasoning-ui/node-$version-$arch"
bin="$dir/node_modules/node-linux-$arch/bin"
if [ ! -x "$bin/node" ]; then
  echo "fetching Node.js $version (node-linux-$arch) from the npm registry" >&2
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --no-save --loglevel=error "node-linux-$arch@$version" </dev/null >&2
fi
echo "$bin"
