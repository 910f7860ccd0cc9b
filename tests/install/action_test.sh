#!/usr/bin/env bash
# Checks the GitHub Action (action.yml) outside GitHub: its metadata hangs together (every
# input and step it refers to exists; the example workflows pass only inputs it declares), and its
# lint step (scripts/action-lint.sh) picks SARIF or annotations per event, keeps the exit code
# for the last step, limits annotations to a pull request's changes and passes the inputs on.
# Usage: action_test.sh QBANK_BINARY SOURCE_DIR. Exits 77 (skipped) without python3-yaml or git.
set -euo pipefail
qbank_bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
python3 -c 'import yaml' 2>/dev/null || { echo "SKIP: python3 with yaml (python3-yaml) not found"; exit 77; }
command -v git >/dev/null || { echo "SKIP: git not found"; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
contains() { grep -qF -- "$2" "$1" || { cat "$1" >&2; fail "$1 lacks '$2'"; }; }
lacks() { ! grep -qF -- "$2" "$1" || { cat "$1" >&2; fail "$1 has '$2'"; }; }

# --- The metadata.
python3 - "$src" <<'PY'
import re, sys, yaml, pathlib
src = pathlib.Path(sys.argv[1])
action = yaml.safe_load((src / "action.yml").read_text())
assert action["runs"]["using"] == "composite", "not a composite action"
inputs = set(action["inputs"])
steps = action["runs"]["steps"]
ids = {s["id"] for s in steps if "id" in s}
text = (src / "action.yml").read_text()
for name in re.findall(r"inputs\.([\w-]+)", text):
    assert name in inputs, f"action.yml uses undeclared input {name}"
for name in re.findall(r"steps\.([\w-]+)\.", text):
    assert name in ids, f"action.yml refers to a step without id {name}"
for s in steps:
    assert "run" in s or "uses" in s, f"step {s.get('name')} neither runs nor uses"
    if "run" in s:
        assert s.get("shell") == "bash", f"step {s.get('name')} needs shell: bash"
for script in re.findall(r"\$GITHUB_ACTION_PATH/([\w./-]+)", text):
    assert (src / script).is_file(), f"action.yml runs missing {script}"
# Workflows that use the action pass only declared inputs, and name the bank once.
for wf in ["docs/examples/qbank-lint.yml", ".github/workflows/qbank.yml"]:
    doc = yaml.safe_load((src / wf).read_text())
    used = 0
    for job in doc["jobs"].values():
        for step in job["steps"]:
            uses = step.get("uses", "")
            if uses == "./" or re.fullmatch(r"[\w-]+/qbank@\S+", uses):
                used += 1
                unknown = set(step.get("with", {})) - inputs
                assert not unknown, f"{wf}: unknown inputs {unknown}"
                assert "paths" in step.get("with", {}), f"{wf}: no paths"
    assert used, f"{wf} does not use the action"
    on = doc.get("on", doc.get(True))
    assert not (isinstance(on, dict) and any("paths" in (v or {}) for v in on.values())), \
        f"{wf}: a paths filter would name the bank a second time"
print("action.yml: metadata ok")
PY

# --- The lint step. run_step NAME VAR=VALUE...: runs scripts/action-lint.sh in $tmp/bank with
# those variables, qbank on PATH; its output goes to $tmp/NAME.out and $tmp/NAME.gh (the step's
# $GITHUB_OUTPUT).
mkdir -p "$tmp/bin" "$tmp/runner"
ln -s "$qbank_bin" "$tmp/bin/qbank"
run_step() {
  local name=$1
  shift
  : >"$tmp/$name.gh"
  (cd "$tmp/bank" && env -i PATH="$tmp/bin:/usr/bin:/bin" HOME="$tmp" NO_COLOR=1 \
    GITHUB_OUTPUT="$tmp/$name.gh" RUNNER_TEMP="$tmp/runner" "$@" \
    bash "$src/scripts/action-lint.sh") >"$tmp/$name.out" 2>&1 || fail "$name: the step itself failed"
}
output() { sed -n "s/^$2=//p" "$tmp/$1.gh"; }

# A bank in a git repository whose origin/main holds old.md; the "pull request" adds new.md. The
# bank keeps the practice-page house style, where a missing explanation is an error.
mkdir "$tmp/bank"
printf '{"extends": "practice-page"}\n' >"$tmp/bank/.qbank.json"
# question STEM OPTION...: a draft with the first option as its key and no explanation (an error).
question() {
  printf '## Question\n\n%s\n\n## Options\n\n- [x] %s\n' "$1" "$2"
  shift 2
  printf -- '- [ ] %s\n' "$@"
}
question "Which planet is closest to the Sun?" Mercury Venus Mars >"$tmp/bank/old.md"
(cd "$tmp/bank" && git init -q && git add old.md &&
  git -c user.name=t -c user.email=t@example.org commit -qm base &&
  git update-ref refs/remotes/origin/main HEAD)
question "How many bytes are in a kibibyte?" 1024 1000 512 >"$tmp/bank/new.md"

# A push: the whole bank as SARIF, exit code kept.
run_step push EVENT=push PATHS=. SARIF=auto FAIL_ON=error REPO=org/bank
[ "$(output push exit-code)" = 1 ] || fail "push: exit-code $(output push exit-code), expected 1"
sarif=$(output push sarif-file)
[ "$sarif" = "$tmp/runner/qbank.sarif" ] || fail "push: sarif-file '$sarif'"
contains "$sarif" '"version": "2.1.0"'
contains "$sarif" 'old.md'
contains "$sarif" 'new.md'

# A pull request from a fork: annotations, no SARIF, and only the changed file.
run_step fork EVENT=pull_request BASE_REF=main HEAD_REPO=someone/bank REPO=org/bank PATHS=.
contains "$tmp/fork.out" "pull request from the fork someone/bank"
contains "$tmp/fork.out" "::error file=new.md"
lacks "$tmp/fork.out" "file=old.md"
[ -z "$(output fork sarif-file)" ] || fail "fork: a SARIF file to upload"
[ "$(output fork exit-code)" = 1 ] || fail "fork: exit-code $(output fork exit-code)"

# Dependabot's token is read-only too.
run_step bot EVENT=pull_request BASE_REF=main HEAD_REPO=org/bank REPO=org/bank \
  ACTOR='dependabot[bot]'
[ -z "$(output bot sarif-file)" ] || fail "dependabot: a SARIF file to upload"

# The same repository's pull request uploads SARIF of the whole bank.
run_step own EVENT=pull_request BASE_REF=main HEAD_REPO=org/bank REPO=org/bank PATHS=.
[ -n "$(output own sarif-file)" ] || fail "own pull request: no SARIF"
contains "$(output own sarif-file)" 'old.md'

# only-changed: false annotates the whole bank; fail-on none passes.
run_step all EVENT=pull_request BASE_REF=main HEAD_REPO=x/y REPO=org/bank ONLY_CHANGED=false \
  FAIL_ON=none
contains "$tmp/all.out" "::error file=old.md"
[ "$(output all exit-code)" = 0 ] || fail "fail-on none: exit-code $(output all exit-code)"

# Paths over several lines, a baseline that records every finding, extra arguments.
(cd "$tmp/bank" && "$qbank_bin" lint old.md new.md --write-baseline "$tmp/base.json" >/dev/null 2>&1)
run_step baseline EVENT=push SARIF=never PATHS=$'old.md\n  new.md' BASELINE="$tmp/base.json" \
  ARGS="--statistics"
[ "$(output baseline exit-code)" = 0 ] || fail "baseline: exit-code $(output baseline exit-code)"
contains "$tmp/baseline.out" "--baseline $tmp/base.json"

# A missing config is qbank's usage error (2), passed on; a bad sarif input is the action's.
run_step config EVENT=push SARIF=never PATHS=. CONFIG=nowhere.json
[ "$(output config exit-code)" = 2 ] || fail "config: exit-code $(output config exit-code)"
run_step badsarif EVENT=push SARIF=sometimes PATHS=.
[ "$(output badsarif exit-code)" = 2 ] || fail "sarif=sometimes: exit-code $(output badsarif exit-code)"
contains "$tmp/badsarif.out" "input sarif must be auto, always or never"

echo
echo "ok: action.yml and its lint step"
