#!/usr/bin/env bash
# The zsh completion script (`qbank completion zsh`) in zsh's real completion system: zsh accepts
# its syntax, and an interactive zsh with compinit and the script on its fpath offers, at TAB,
# the commands, lint's options and their values (comma lists for --select and --ignore,
# RULE=SEVERITY for --rule), rule names for explain and file names for operands.
# Usage: completion_zsh_test.sh QBANK. Exits 77 (skipped) without zsh (Debian package: zsh).
set -euo pipefail
qbank=$1
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v zsh >/dev/null; then
  echo "SKIP: zsh not found; this test needs it (Debian package: zsh)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir "$tmp/fpath" "$tmp/work"
"$qbank" completion zsh >"$tmp/fpath/_qbank"
zsh -n "$tmp/fpath/_qbank" || fail "zsh -n refuses the script"
head -1 "$tmp/fpath/_qbank" | grep -qx '#compdef qbank' || fail "the script does not start with #compdef"
touch "$tmp/work/bank-one.md" "$tmp/work/bank-two.gift"

# Each case is 'LINE: WORD...': TAB after LINE offers exactly these words (sorted).
cases=(
  'qbank he: help'
  'qbank f: fmt formats'
  'qbank lint --fa: --fail-on'
  'qbank lint -f : github html json junit sarif text'
  'qbank lint --format=j: json junit'
  'qbank lint --select key-c: key-count'
  'qbank lint --select A: ALL'
  'qbank lint --select key-count,negative-s: negative-stem'
  'qbank lint --ignore=near-duplicate,key-l: key-length-cue'
  'qbank lint --rule key-co: key-count'
  'qbank lint --rule key-count=w: warn warning'
  'qbank convert x.md --to qti: qti12 qti21 qti30'
  'qbank explain missing-r: missing-rationale'
  'qbank lint bank-: bank-one.md bank-two.gift'
  'qbank completion : bash zsh'
)
lines=()
for c in "${cases[@]}"; do lines+=("${c%%: *}"); done
(cd "$tmp/work" && PATH="$(dirname "$qbank"):$PATH" timeout 120 zsh -f "$here/zsh_complete.zsh" \
  "$tmp/fpath" "${lines[@]}") >"$tmp/got" || fail "zsh did not complete every line in 120 s"
printf '%s\n' "${cases[@]}" >"$tmp/expected"
diff -u "$tmp/expected" "$tmp/got" || fail "zsh offers other words than expected (diff above)"
echo "PASS"
