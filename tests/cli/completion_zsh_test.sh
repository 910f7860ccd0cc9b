#!/usr/bin/env bash
# The zsh completion script (`qbank completion zsh`): zsh accepts its syntax, and, with
# _arguments and _describe replaced by stubs that print what they are given, it offers the
# commands at the first word and lint's options (with their values) after `qbank lint`.
# Usage: completion_zsh_test.sh QBANK. Exits 77 (skipped) without zsh (Debian package: zsh).
set -euo pipefail
qbank=$1
if ! command -v zsh >/dev/null; then
  echo "SKIP: zsh not found; this test needs it (Debian package: zsh)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
contains() { grep -qF -- "$2" "$1" || { cat "$1" >&2; fail "$1 lacks '$2'"; }; }

"$qbank" completion zsh >"$tmp/_qbank"
zsh -n "$tmp/_qbank" || fail "zsh -n refuses the script"
head -1 "$tmp/_qbank" | grep -qx '#compdef qbank' || fail "the script does not start with #compdef"

# at WORD...: runs the script as zsh's completion system would at the last word.
at() {
  zsh -f -c 'words=("${@:2}"); CURRENT=$#words
    _describe() { print -r -- "describe: ${(j: :)@}"; print -rl -- "${(P@)${@[-1]}}"; }
    _arguments() { print -rl -- "$@"; }
    source "$1"' - "$tmp/_qbank" "$@" >"$tmp/out"
}
at qbank ''
contains "$tmp/out" "lint:check questions\\: answers"
contains "$tmp/out" "completion:print a bash or zsh completion script"
at qbank lint --s
contains "$tmp/out" "*--select=[run only these rules"
contains "$tmp/out" ":select:(all-of-the-above "
contains "$tmp/out" "(-f --format)-f+[report format: text, json, sarif, github or junit]:format:(json text sarif github junit)"
contains "$tmp/out" "*:file:_files"
at qbank explain m
contains "$tmp/out" "1:argument:(all-of-the-above"
echo "PASS"
