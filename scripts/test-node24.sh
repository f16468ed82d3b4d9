#!/usr/bin/env bash
# npm run test:node24: the unit and SQLite API suites under Node 24 LTS, the runtime an operator deploys on.
#
# Node 24 comes from the npm registry's `node` package, which ships the binary, into a temporary folder. A clean
# clone of the committed project is installed and built there with it, so the native addons (better-sqlite3,
# sharp) are compiled for Node 24 and this working copy, built for the Node it runs on, is left untouched.
# Not part of `npm test`: CI's time is not spent twice. KEEP_NODE24_DIR=1 keeps the folder for a look after.
# With arguments (`npm run test:node24 -- apps/server/src/modules/x/y.api.test.ts ...`) only those test files run,
# unit or API, to look again at what failed.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/karera-node24-XXXXXX")"
if [ "${KEEP_NODE24_DIR:-}" != "1" ]; then trap 'rm -rf "$work"' EXIT; fi
started=$SECONDS

echo "== Node 24 from the npm registry, into $work/runtime"
npm install --prefix "$work/runtime" --no-audit --no-fund --loglevel=error node@24 >/dev/null
node24="$(readlink -f "$work/runtime/node_modules/.bin/node")"
export PATH="$(dirname "$node24"):$PATH"
echo "node $(node --version) at $node24"
# The platform package it installs carries the headers too: native addons build against them, with no download
# from nodejs.org.
headers="$(find "$work/runtime/node_modules" -path '*/include/node/common.gypi' -print -quit)"
[ -n "$headers" ] || { echo "no Node headers under $work/runtime/node_modules" >&2; exit 1; }
export npm_config_nodedir="$(dirname "$(dirname "$(dirname "$headers")")")"
echo "headers in $npm_config_nodedir"
case "$(node --version)" in
  v24.*) ;;
  *) echo "expected Node 24, found $(node --version)" >&2; exit 1 ;;
esac

echo "== a clean clone of the committed project, installed and built with it"
git clone --quiet "$root" "$work/project"
cd "$work/project"
npm install --no-audit --no-fund --loglevel=error
npm run build

if [ "$#" -gt 0 ]; then
  echo "== the tests named: $*"
  npx vitest run "$@"
else
  echo "== unit tests"
  npx vitest run --project shared --project server-unit --project web --project unit-mocking

  echo "== API integration tests on SQLite"
  npx vitest run --project 'server-api*'
fi

echo "== passed on $(node --version) in $((SECONDS - started)) s"
