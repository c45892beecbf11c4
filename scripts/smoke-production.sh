#!/usr/bin/env bash
# Production smoke test: builds this checkout once, copies what production needs into a clean
# temporary folder, installs there with `npm ci --omit=dev` (no devDependencies: no tsx, vite or
# TypeScript) and runs `node dist/server/main.js` on an embedded database, then asks it for a page,
# a static file and two API calls. Leaves no process and no folder behind; exits non-zero on any
# problem. The caller's environment is passed to the server (PORT and DATA_DIR are its own), so
# production settings can be added by whoever runs it.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d "${TMPDIR:-/tmp}/portal-smoke.XXXXXX")
pid=""
cleanup() {
  local status=$?
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
  [ "$status" -eq 0 ] && echo "smoke: passed" || echo "smoke: FAILED (exit $status)" >&2
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() { echo "smoke: $*" >&2; [ -f "$work/server.log" ] && sed 's/^/  server: /' "$work/server.log" >&2; exit 1; }

echo "smoke: npm run build"
npm run build

# what production needs: the package files, the built server and SPA, the migrations
app="$work/app"
mkdir -p "$app"
cp package.json package-lock.json "$app/"
[ -f .npmrc ] && cp .npmrc "$app/"
cp -R dist drizzle "$app/"
echo "smoke: npm ci --omit=dev in $app"
(cd "$app" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
[ ! -e "$app/node_modules/tsx" ] || fail "tsx was installed: it must be a devDependency"
[ ! -e "$app/node_modules/vite" ] || fail "vite was installed: it must be a devDependency"

runtime="$app/node_modules/.bin/node"
[ -x "$runtime" ] || fail "no node in node_modules/.bin: the node package must be a dependency"
version=$("$runtime" --version)
echo "smoke: runtime $version"
case "$version" in v24.*) ;; *) fail "the runtime is $version, not Node 24" ;; esac

port=$("$runtime" -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
base="http://127.0.0.1:$port"
mkdir -p "$work/data"
echo "smoke: node dist/server/main.js on $base"
(cd "$app" && exec env PORT="$port" DATA_DIR="$work/data" "$runtime" dist/server/main.js) >"$work/server.log" 2>&1 &
pid=$!

for _ in $(seq 1 120); do
  kill -0 "$pid" 2>/dev/null || fail "the server exited during start-up"
  curl -fsS -o /dev/null "$base/api/v1/faq" 2>/dev/null && break
  sleep 0.5
done

# $1 path, $2 expected content type (a prefix); prints the body's size
check() {
  local path=$1 type=$2 headers="$work/headers" body="$work/body"
  local status
  status=$(curl -sS -o "$body" -D "$headers" -w '%{http_code}' "$base$path") || fail "GET $path: no answer"
  [ "$status" = 200 ] || fail "GET $path answered $status"
  grep -qi "^content-type: $type" "$headers" || fail "GET $path: content type is not $type ($(grep -i '^content-type' "$headers" | tr -d '\r'))"
  echo "smoke: GET $path 200 $type ($(wc -c <"$body") bytes)"
}

check /pt 'text/html'
grep -q '<script' "$work/body" || fail "GET /pt: no script in the page"
asset=$(grep -o '/assets/[^"]*\.js' "$work/body" | head -n1)
[ -n "$asset" ] || fail "GET /pt: the page names no /assets/*.js"
check "$asset" 'text/javascript\|application/javascript'
check /api/v1/faq 'application/json'
check /api/v1/altcha/challenge 'application/json'
grep -q '"challenge"\|"parameters"' "$work/body" || fail "GET /api/v1/altcha/challenge: no challenge in the answer"
