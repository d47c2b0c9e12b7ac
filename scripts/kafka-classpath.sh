#!/usr/bin/env bash
# Prints the path of a file holding the Java classpath that runs a real Kafka broker for the
# integration suite (test/real-kafka). Maven resolves it once; later calls reuse the cached file so
# each test run does not pay for a Maven start. Quiet on success: stdout carries only the path.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pom="$root/test/real-kafka/pom.xml"
target="$root/test/real-kafka/target"
out="$target/classpath.txt"

cache_ok() {
  [ -s "$out" ] || return 1
  # A changed pom means other jars.
  [ "$out" -nt "$pom" ] || return 1
  # A cleaned or different local repository leaves paths that no longer exist.
  local cp jar
  cp="$(cat "$out")"
  IFS=':' read -r -a jars <<<"$cp"
  [ "${#jars[@]}" -gt 0 ] || return 1
  for jar in "${jars[@]}"; do
    [ -f "$jar" ] || return 1
  done
}

if ! cache_ok; then
  mkdir -p "$target"
  # Written beside the final file and renamed, so a concurrent caller never reads half a list.
  tmp="$out.tmp.$$"
  log="$target/mvn-classpath.log"
  if ! mvn -B -q -f "$pom" dependency:build-classpath -Dmdep.outputFile="$tmp" >"$log" 2>&1; then
    echo "kafka-classpath: Maven could not resolve $pom; its output:" >&2
    cat "$log" >&2
    rm -f "$tmp"
    exit 1
  fi
  if [ ! -s "$tmp" ]; then
    echo "kafka-classpath: Maven wrote no classpath (see $log)" >&2
    exit 1
  fi
  mv -f "$tmp" "$out"
fi

echo "$out"
