#!/usr/bin/env bash
# Installs Debian's `prometheus` (server and promtool) for `npm run test:observe`. The suite starts
# its own Prometheus on 127.0.0.1 with temporary storage, so the package's own service must never
# start: a policy-rc.d that answers 101 ("action forbidden") is in place for the install and removed
# after. Idempotent: does nothing when both binaries are present; quiet unless something fails.
set -euo pipefail

if command -v prometheus >/dev/null 2>&1 && command -v promtool >/dev/null 2>&1; then
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo -n env DEBIAN_FRONTEND=noninteractive)
  else
    echo "install-prometheus: need root (or sudo) to install prometheus" >&2
    exit 1
  fi
fi

policy=/usr/sbin/policy-rc.d
saved=""
log="$(mktemp)"
cleanup() {
  if [ -n "$saved" ]; then
    "${sudo_cmd[@]}" mv -f "$saved" "$policy"
  else
    "${sudo_cmd[@]}" rm -f "$policy"
  fi
  rm -f "$log"
}
if [ -e "$policy" ]; then
  saved="$(mktemp)"
  "${sudo_cmd[@]}" cp -p "$policy" "$saved"
fi
trap cleanup EXIT
printf '#!/bin/sh\nexit 101\n' | "${sudo_cmd[@]}" tee "$policy" >/dev/null
"${sudo_cmd[@]}" chmod 755 "$policy"

export DEBIAN_FRONTEND=noninteractive
if ! "${sudo_cmd[@]}" apt-get update -qq >"$log" 2>&1 ||
  ! "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends prometheus >>"$log" 2>&1; then
  cat "$log" >&2
  echo "install-prometheus: failed to install prometheus" >&2
  exit 1
fi

command -v prometheus >/dev/null 2>&1 || { echo "install-prometheus: prometheus still missing after install" >&2; exit 1; }
command -v promtool >/dev/null 2>&1 || { echo "install-prometheus: promtool still missing after install" >&2; exit 1; }
