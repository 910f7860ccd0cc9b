#!/usr/bin/env bash
# Installs what is missing from Debian's packages, then configures and builds qbank in build/.
# Usage: bash scripts/setup.sh [extra cmake arguments]
# QBANK_EXTRA_PACKAGES="a b" installs more packages (CI: clang-format clang-tidy);
# QBANK_SETUP_ONLY=1 installs without building.
# Environment: QBANK_BUILD_DIR (default build), QBANK_SETUP_PACKAGES (more Debian packages),
# QBANK_SETUP_CC/QBANK_SETUP_CXX (compilers for a new build folder), QBANK_SETUP_TARGET (what to
# build; everything by default). Building everything is the developers' and CI's build: warnings
# are errors (-DQBANK_WERROR=ON). A named target (the README's main job builds `qbank`) is a
# user's build, where a warning never stops it.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake make pkg-config ccache git
  libboost-program-options-dev rapidjson-dev libicu-dev libpugixml-dev libzip-dev zlib1g-dev
  libgtest-dev libgmock-dev libbenchmark-dev libxml2-utils zsh
  libyaml-dev libcmark-dev libstemmer-dev libre2-dev wordnet-base)
# What only the tests use: the full build installs it, the main job (a named target) does not.
# chromium: the browser test of the preview site and the HTML report (tests/browser).
# python3-openpyxl, libreoffice-calc-nogui: sheet_interop writes and opens workbooks.
# pandoc, python3-docx, libreoffice-writer-nogui: the docx tests read what they write.
test_packages=(chromium python3-openpyxl libreoffice-calc-nogui pandoc python3-docx
  libreoffice-writer-nogui)
if [ -z "${QBANK_SETUP_TARGET:-}" ]; then
  # shellcheck disable=SC2206
  packages+=(${test_packages[@]+"${test_packages[@]}"})
  # Node.js and npm drive the language-server and browser tests. A machine with node keeps its
  # own: NodeSource's nodejs package carries npm and conflicts with Debian's npm package.
  command -v npm >/dev/null || packages+=(nodejs npm)
fi
# shellcheck disable=SC2206
packages+=(${QBANK_EXTRA_PACKAGES:-} ${QBANK_SETUP_PACKAGES:-})
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ -n "${QBANK_SETUP_ONLY:-}" ]; then exit 0; fi

# The node test clients (tests/lsp, and any other tests/ folder with a package-lock.json) get
# exactly their locked packages, unless the tests are not built. Without them (npm offline) the
# tests that need them skip with a message.
if [ -z "${QBANK_SETUP_TARGET:-}" ] && [[ " $* " != *" -DBUILD_TESTING=OFF "* ]]; then
  for lock in tests/*/package-lock.json; do
    [ -e "$lock" ] || continue
    dir="$(dirname "$lock")"
    if [ ! -d "$dir/node_modules" ] || [ "$lock" -nt "$dir/node_modules" ]; then
      echo "setup: npm ci in $dir"
      (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) ||
        echo "setup: npm ci failed in $dir; the tests that need its packages will skip"
    fi
  done
fi

BUILD_DIR="${QBANK_BUILD_DIR:-build}"
[ -n "${QBANK_SETUP_CC:-}" ] && export CC="$QBANK_SETUP_CC"
[ -n "${QBANK_SETUP_CXX:-}" ] && export CXX="$QBANK_SETUP_CXX"
werror=ON
[ -n "${QBANK_SETUP_TARGET:-}" ] && werror=OFF
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DQBANK_WERROR=$werror "$@" >/dev/null
if [ -n "${QBANK_SETUP_TARGET:-}" ]; then
  cmake --build "$BUILD_DIR" -j "$(nproc)" --target "$QBANK_SETUP_TARGET"
else
  cmake --build "$BUILD_DIR" -j "$(nproc)"
fi
