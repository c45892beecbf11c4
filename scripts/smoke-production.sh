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
# production, the default: every required setting given, the providers pointed at nothing on this
# machine (no call reaches them here); a caller's own value of any of them wins
export APP_SECRET="${APP_SECRET:-smoke-test-secret-0123456789abcdef0123456789}"
export PUBLIC_ORIGIN="${PUBLIC_ORIGIN:-https://portal.empresa.com.br}"
export SMS_PROVIDER="${SMS_PROVIDER:-zenvia}" ZENVIA_API_TOKEN="${ZENVIA_API_TOKEN:-token}" ZENVIA_FROM="${ZENVIA_FROM:-empresa}"
export EMAIL_PROVIDER="${EMAIL_PROVIDER:-smtp}" SMTP_URL="${SMTP_URL:-smtp://user:pass@127.0.0.1:9}" EMAIL_FROM="${EMAIL_FROM:-Portal <nao-responda@empresa.com.br>}"
export PAYMENT_PROVIDER="${PAYMENT_PROVIDER:-iugu}" IUGU_API_TOKEN="${IUGU_API_TOKEN:-token}" IUGU_BASE_URL="${IUGU_BASE_URL:-http://127.0.0.1:9}"
export COMPANY_LEGAL_NAME="${COMPANY_LEGAL_NAME:-Empresa de Energia Ltda.}" COMPANY_CNPJ="${COMPANY_CNPJ:-11.444.777/0001-61}"
export COMPANY_ADDRESS="${COMPANY_ADDRESS:-Av. Paulista, 1000, São Paulo - SP}" COMPANY_PIX_KEY="${COMPANY_PIX_KEY:-financeiro@empresa.com.br}"
export COMPANY_WHATSAPP="${COMPANY_WHATSAPP:-5511987654321}" COMPANY_SUPPORT_EMAIL="${COMPANY_SUPPORT_EMAIL:-suporte@empresa.com.br}"
unset APP_ENV NODE_ENV
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

# an operator's view: the probes answer, the development aids do not exist, every log line is JSON
check /healthz 'application/json'
check /readyz 'application/json'
status=$(curl -sS -o /dev/null -w '%{http_code}' "$base/dev/outbox") || fail "GET /dev/outbox: no answer"
[ "$status" = 404 ] || fail "GET /dev/outbox answered $status in production"
grep -v '^{' "$work/server.log" | grep -q . && fail "a log line is not JSON"

# SIGTERM: the server drains and exits 0
kill -TERM "$pid"
for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
kill -0 "$pid" 2>/dev/null && fail "the server did not stop within 20 s of SIGTERM"
wait "$pid" && code=0 || code=$?
pid=""
[ "$code" = 0 ] || fail "the server exited $code after SIGTERM"
echo "smoke: SIGTERM, exited 0"
