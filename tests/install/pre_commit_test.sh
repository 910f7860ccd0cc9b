#!/usr/bin/env bash
# Runs the hooks of .pre-commit-hooks.yaml with pre-commit itself, offline: a temporary git
# repository holds the hook manifest (the "hook repository" a user's config points at), another
# holds a bank, a README.md, a baseline, a config and a docs page. qbank-lint must lint only the
# bank files pre-commit passes it (never README.md or the baseline), pass a clean commit, block
# one with a broken question and name it; qbank-lint-bank must lint changed questions against the
# bank given in args.
# Usage: pre_commit_test.sh QBANK_BINARY SOURCE_DIR. Exits 77 (skipped) without pre-commit or git
# (Debian: apt-get install pre-commit; .ci/run installs it).
set -euo pipefail
qbank_bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
for tool in pre-commit git; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not found (Debian package: $tool)"; exit 77; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
contains() { grep -qF -- "$2" "$1" || { cat "$1" >&2; fail "$1 lacks '$2'"; }; }
lacks() { ! grep -qF -- "$2" "$1" || { cat "$1" >&2; fail "$1 has '$2'"; }; }
export PRE_COMMIT_HOME="$tmp/cache" HOME="$tmp" NO_COLOR=1 GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=t
export GIT_COMMITTER_EMAIL=t@example.org
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE

# "Installed" qbank on PATH: a wrapper that records each call's arguments, then runs the binary.
mkdir "$tmp/bin"
cat >"$tmp/bin/qbank" <<WRAP
#!/usr/bin/env bash
printf '%s\n' "\$*" >>"$tmp/calls"
exec "$qbank_bin" "\$@"
WRAP
chmod +x "$tmp/bin/qbank"
export PATH="$tmp/bin:$PATH"

# The hook repository, as pre-commit clones it.
mkdir "$tmp/hooks"
cp "$src/.pre-commit-hooks.yaml" "$tmp/hooks/"
(cd "$tmp/hooks" && git init -q && git add . && git commit -qm hooks)
rev=$(git -C "$tmp/hooks" rev-parse HEAD)

# The bank's repository: two clean practice pages, and files that are not banks.
mkdir -p "$tmp/repo/bank" "$tmp/repo/docs"
cd "$tmp/repo"
git init -q
cp "$src/samples/pages/01_dns_ttl.txt" "$src/samples/pages/02_tcp_handshake.txt" bank/
printf '# Our question bank\n\nRun `qbank lint bank/` before you push.\n' >README.md
printf '# Changes\n\n- first questions\n' >CHANGELOG.md
printf '{"extends": "recommended"}\n' >.qbank.json
"$qbank_bin" lint bank --write-baseline .qbank-baseline.json >/dev/null 2>&1
[ -s .qbank-baseline.json ] || fail "no baseline written"
cat >.pre-commit-config.yaml <<CFG
repos:
  - repo: $tmp/hooks
    rev: $rev
    hooks:
      - id: qbank-lint
CFG

# run NAME RC COMMAND...: runs COMMAND with output in $tmp/NAME.out and checks its exit code.
run() {
  local name=$1 want=$2 rc=0
  shift 2
  : >"$tmp/calls"
  "$@" >"$tmp/$name.out" 2>&1 || rc=$?
  [ "$rc" = "$want" ] || { cat "$tmp/$name.out" >&2; fail "$name: '$*' exited $rc, expected $want"; }
}

# 1. Everything staged: only the two pages reach qbank, and the hook passes.
git add -A
run first 0 pre-commit run
contains "$tmp/first.out" "qbank lint"
contains "$tmp/first.out" "Passed"
contains "$tmp/calls" "bank/01_dns_ttl.txt"
contains "$tmp/calls" "bank/02_tcp_handshake.txt"
for not_bank in README.md CHANGELOG.md .qbank.json .qbank-baseline.json .pre-commit-config.yaml; do
  lacks "$tmp/calls" "$not_bank"
done

# 2. A real commit through the installed git hook.
run install 0 pre-commit install
run commit 0 git commit -qm "first questions"

# 3. A broken question (the same option twice) blocks the commit, and the message names it.
printf '## Question\n\nWhich port does HTTPS use by default?\n\n## Options\n\n- [x] 443\n- [ ] 443\n' \
  >bank/ports.md
git add bank/ports.md
run blocked 1 git commit -qm "ports"
contains "$tmp/blocked.out" "Failed"
contains "$tmp/blocked.out" "bank/ports.md:"
contains "$tmp/calls" "bank/ports.md"
lacks "$tmp/calls" "bank/01_dns_ttl.txt"  # only the staged files
git rm -q --cached bank/ports.md
rm bank/ports.md

# 4. A docs page is not excluded by name; narrowing files to the bank folder keeps it out.
printf '# How we write questions\n\nKeep stems short.\n' >docs/guide.md
git add docs/guide.md
run docs 1 pre-commit run
contains "$tmp/docs.out" "docs/guide.md"
sed -i 's/      - id: qbank-lint/      - id: qbank-lint\n        files: ^bank\//' .pre-commit-config.yaml
git add .pre-commit-config.yaml
run narrowed 0 pre-commit run
[ ! -s "$tmp/calls" ] || { cat "$tmp/calls" >&2; fail "narrowed: qbank ran on $(cat "$tmp/calls")"; }
git commit -qm "docs" --no-verify

# 5. qbank-lint-bank: the changed question against the whole bank given in args.
cat >.pre-commit-config.yaml <<CFG
repos:
  - repo: $tmp/hooks
    rev: $rev
    hooks:
      - id: qbank-lint-bank
        args: [bank/, --baseline, .qbank-baseline.json, --fail-on, warning]
CFG
git add .pre-commit-config.yaml
run bank_clean 0 pre-commit run
contains "$tmp/calls" "lint --changed-since HEAD bank/ --baseline .qbank-baseline.json --fail-on warning"
cp bank/01_dns_ttl.txt bank/03_copy.txt  # an exact copy of a committed question (a warning)
git add bank/03_copy.txt
run bank_dup 1 pre-commit run
contains "$tmp/bank_dup.out" "exact-duplicate"
echo "ok: the pre-commit hooks pass clean commits, block bad ones, and never read README.md or the baseline"
