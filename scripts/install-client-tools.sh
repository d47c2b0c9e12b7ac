#!/usr/bin/env bash
# Installs the clients written by others that `npm run test:clients` drives: kcat, and Debian's
# confluent-kafka and kafka-python for /usr/bin/python3 (a pyenv python3 on PATH would not see them), tmux, the
# real terminal of test/terminal (unit suite; it fails without tmux when CI is set), zsh and fish,
# whose completion engines run the scripts of `kmirror completion` (unit suite, likewise), and
# man-db, whose `man` reads the installed pages in `npm run test:install`, and graphviz, whose `dot` draws
# `kmirror topology -o dot` as a PNG in `npm run test:clients`. Idempotent: does nothing
# when all are present; quiet unless something fails.
set -euo pipefail

missing=()
command -v kcat >/dev/null 2>&1 || missing+=(kcat)
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
command -v man >/dev/null 2>&1 || missing+=(man-db)
command -v zsh >/dev/null 2>&1 || missing+=(zsh)
command -v fish >/dev/null 2>&1 || missing+=(fish)
command -v dot >/dev/null 2>&1 || missing+=(graphviz)
if ! /usr/bin/python3 -c 'import confluent_kafka' >/dev/null 2>&1; then
  missing+=(python3-confluent-kafka)
fi
if ! /usr/bin/python3 -c 'import kafka' >/dev/null 2>&1; then
  missing+=(python3-kafka)
fi
[ "${#missing[@]}" -eq 0 ] && exit 0

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo -n env DEBIAN_FRONTEND=noninteractive)
  else
    echo "install-client-tools: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
if ! "${sudo_cmd[@]}" apt-get update -qq >"$log" 2>&1 ||
  ! "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >>"$log" 2>&1; then
  cat "$log" >&2
  echo "install-client-tools: failed to install ${missing[*]}" >&2
  exit 1
fi

command -v kcat >/dev/null 2>&1 || { echo "install-client-tools: kcat still missing after install" >&2; exit 1; }
command -v tmux >/dev/null 2>&1 || { echo "install-client-tools: tmux still missing after install" >&2; exit 1; }
for tool in man zsh fish dot; do
  command -v "$tool" >/dev/null 2>&1 || { echo "install-client-tools: $tool still missing after install" >&2; exit 1; }
done
/usr/bin/python3 -c 'import confluent_kafka' || { echo "install-client-tools: confluent_kafka still not importable by /usr/bin/python3" >&2; exit 1; }
/usr/bin/python3 -c 'import kafka' || { echo "install-client-tools: kafka (kafka-python) still not importable by /usr/bin/python3" >&2; exit 1; }
