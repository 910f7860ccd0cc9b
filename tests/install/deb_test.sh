#!/usr/bin/env bash
# Builds the .deb with CPack, unpacks it with `dpkg-deb -x` into a temporary root (no real
# install), and runs the unpacked qbank from a folder outside the source tree: it must find its
# data beside itself, lint the samples, list the rules and print a rule's page.
# Usage: deb_test.sh BUILD_DIR SOURCE_DIR. Exits 77 (skipped) when cpack or dpkg-deb is missing.
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
for tool in cpack dpkg-deb; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool not found; the .deb test needs it (Debian package: cmake, dpkg)"
    exit 77
  fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# expect RC COMMAND...: runs COMMAND (output in $tmp/out, $tmp/err) and checks its exit code.
expect() {
  local want=$1 rc=0
  shift
  "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  [ "$rc" = "$want" ] || { cat "$tmp/out" "$tmp/err" >&2; fail "'$*' exited $rc, expected $want"; }
}
contains() { grep -qF -- "$2" "$1" || { cat "$1" >&2; fail "$1 lacks '$2'"; }; }

# Package into the temporary folder (CPack's staging area goes there too, not into the build).
expect 0 cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/pkg"
debs=("$tmp"/pkg/qbank_*.deb)
{ [ ${#debs[@]} = 1 ] && [ -f "${debs[0]}" ]; } || fail "expected one qbank_*.deb in $tmp/pkg"
deb=${debs[0]}

# Control fields: maintainer, description, and the runtime libraries qbank links.
expect 0 dpkg-deb -f "$deb" Package Maintainer Description Depends
contains "$tmp/out" "Package: qbank"
contains "$tmp/out" "Maintainer: "
contains "$tmp/out" "Description: import, lint and export multiple-choice question banks"
for lib in libicu72 libboost-program-options1.74.0 libpugixml1v5 libzip4 libyaml-0-2 libstdc++6; do
  contains "$tmp/out" "$lib"
done

# Unpack and check the layout.
expect 0 dpkg-deb -x "$deb" "$tmp/root"
for f in usr/bin/qbank usr/share/qbank/rules/presets/recommended.json \
  usr/share/qbank/rules/presets/strict.json usr/share/qbank/rules/terms/dump-markers.txt \
  usr/share/qbank/rules/key-count.md usr/share/qbank/schemas/config.schema.json \
  usr/share/qbank/schemas/bank.schema.json usr/share/bash-completion/completions/qbank \
  usr/share/zsh/vendor-completions/_qbank; do
  [ -e "$tmp/root/$f" ] || fail "the package lacks /$f"
done
qbank=$tmp/root/usr/bin/qbank

# Run it from a folder outside the source tree, on a copy of the samples, with no
# QBANK_DATA_DIR: the data must come from beside the binary even though the source tree (the
# build's fallback) exists on this machine.
mkdir "$tmp/work"
cp -r "$src/samples" "$tmp/work/"
cd "$tmp/work"
unset QBANK_DATA_DIR
export NO_COLOR=1

expect 0 "$qbank" --version
contains "$tmp/out" "data: $tmp/root/usr/share/qbank (next to the binary)"

expect 0 "$qbank" lint samples/pages
contains "$tmp/out" "no findings"

expect 1 "$qbank" lint samples/pages samples/drafts
contains "$tmp/out" "[key-count]"
contains "$tmp/out" "warning: "
contains "$tmp/out" "[missing-rationale]"

# The SARIF report carries each rule's description, read from its page in the data folder.
expect 1 "$qbank" lint samples/drafts --format sarif
contains "$tmp/out" '"fullDescription"'

# The installed bash completion completes lint's options.
expect 0 bash -c 'source "$1"; COMP_WORDS=(qbank lint --sel); COMP_CWORD=2; _qbank; echo "${COMPREPLY[*]}"' \
  - "$tmp/root/usr/share/bash-completion/completions/qbank"
contains "$tmp/out" "--select"

expect 0 "$qbank" rules
contains "$tmp/out" "key-count"

expect 0 "$qbank" explain key-count
# The installed page, with whether --fix fixes the rule under its title.
{ head -n 1 "$src/rules/key-count.md"; printf '\nfixable: no\n'; tail -n +2 "$src/rules/key-count.md"; } > "$tmp/expected"
diff -u "$tmp/expected" "$tmp/out" >&2 || fail "explain key-count differs from rules/key-count.md"

# A config that extends a preset by name reads the preset from the data folder; the strict one
# makes missing-rationale an error. dump-markers reads its term list from there too.
printf '{"extends": "strict", "rules": {"dump-markers": "warning"}}\n' >"$tmp/strict.json"
expect 1 "$qbank" lint samples/drafts --config "$tmp/strict.json"
grep -qE ': error: .*\[missing-rationale\]' "$tmp/out" || fail "strict preset not applied"

# The data beside the binary comes first, even when QBANK_DATA_DIR names another folder.
QBANK_DATA_DIR=$tmp/nowhere expect 0 "$qbank" --version
contains "$tmp/out" "(next to the binary)"

echo "ok: $(basename "$deb") builds, unpacks and lints from $tmp/work"
