#!/usr/bin/env bash
# The lint step of the qbank GitHub Action (action.yml): runs `qbank lint` once, as SARIF when
# the log can be uploaded to code scanning, else as GitHub annotations, and writes the exit code
# (and the SARIF file) to $GITHUB_OUTPUT instead of failing, so the upload still happens.
# Reads the action's inputs from the environment: PATHS, CONFIG, BASELINE, FAIL_ON, SARIF
# (auto|always|never), ONLY_CHANGED, ARGS; and the event from EVENT, BASE_REF, HEAD_REPO, REPO,
# ACTOR. tests/install/action_test.sh runs it outside GitHub.
set -uo pipefail

set -f  # the inputs are split on whitespace, never globbed
# shellcheck disable=SC2206
paths=(${PATHS:-.})
# shellcheck disable=SC2206
extra=(${ARGS:-})
set +f
[ ${#paths[@]} -gt 0 ] || paths=(.)

args=(lint "${paths[@]}")
[ -n "${CONFIG:-}" ] && args+=(--config "$CONFIG")
[ -n "${BASELINE:-}" ] && args+=(--baseline "$BASELINE")
[ -n "${FAIL_ON:-}" ] && args+=(--fail-on "$FAIL_ON")

pull_request=false
case "${EVENT:-}" in pull_request | pull_request_target) pull_request=true ;; esac

# Pull requests from forks and from Dependabot get a read-only token: no upload there.
format=github
case "${SARIF:-auto}" in
  always) format=sarif ;;
  never) format=github ;;
  auto)
    format=sarif
    if $pull_request && [ -n "${HEAD_REPO:-}" ] && [ "${HEAD_REPO}" != "${REPO:-}" ]; then
      echo "qbank: pull request from the fork ${HEAD_REPO}: its token cannot upload SARIF; writing annotations"
      format=github
    elif [ "${ACTOR:-}" = "dependabot[bot]" ]; then
      echo "qbank: Dependabot's token cannot upload SARIF; writing annotations"
      format=github
    fi
    ;;
  *)
    echo "::error title=qbank::input sarif must be auto, always or never, not '${SARIF}'"
    echo "exit-code=2" >>"${GITHUB_OUTPUT:-/dev/null}"
    exit 0
    ;;
esac

sarif_file=""
if [ "$format" = sarif ]; then
  # The whole bank: code scanning compares it with the base branch's analysis itself.
  sarif_file="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/qbank.sarif"
  rm -f "$sarif_file"
  args+=(--format sarif --output "$sarif_file" --statistics)
else
  args+=(--format github)
  if $pull_request && [ "${ONLY_CHANGED:-true}" = true ] && [ -n "${BASE_REF:-}" ]; then
    # The checkout of a pull request is its merge commit, whose first parent is the base branch's
    # tip, so a diff against that tip is the pull request's change: one commit of history is enough.
    base="origin/$BASE_REF"
    if ! git rev-parse --verify -q "$base^{commit}" >/dev/null; then
      git fetch --no-tags --depth=1 origin "+refs/heads/$BASE_REF:refs/remotes/$base" ||
        base=""
    fi
    if [ -n "$base" ]; then
      args+=(--changed-since "$base")
    else
      echo "::warning title=qbank::could not fetch $BASE_REF; annotating the whole bank"
    fi
  fi
fi
args+=("${extra[@]}")

echo "qbank ${args[*]}"
rc=0
qbank "${args[@]}" || rc=$?
echo "exit-code=$rc" >>"${GITHUB_OUTPUT:-/dev/null}"
if [ -n "$sarif_file" ] && [ -s "$sarif_file" ]; then
  echo "sarif-file=$sarif_file" >>"${GITHUB_OUTPUT:-/dev/null}"
fi
exit 0
