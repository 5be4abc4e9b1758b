#!/usr/bin/env bash
# Shared by run.sh and test.sh: install what is missing (Debian 12), configure and build.
# Sourced, not run. Honours BUILD_DIR (default: build) and BUILD_TYPE (default: RelWithDebInfo).
set -euo pipefail

RAIDSCOPE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${BUILD_DIR:-$RAIDSCOPE_ROOT/build}
BUILD_TYPE=${BUILD_TYPE:-RelWithDebInfo}

# The last line is for the md-qemu rig (tests/rig, scripts/probe-rig.sh): QEMU, the initramfs build's
# tools, and jq for the probe's JSON; the golden-output test (tests/cli/golden.cmake) needs jq too.
# poppler-utils (pdftoppm) draws the report's PDF pages in tests/report. qt6-svg-dev writes plots as SVG. zlib, liblzma and libzstd read compressed traces; GNU parallel runs the sharded jobs of packaging/cluster (test cli:cluster).
raidscope_packages=(cmake ninja-build g++ pkg-config qt6-base-dev qt6-svg-dev libqcustomplot-dev libeigen3-dev catch2
    liburing-dev libbenchmark-dev zlib1g-dev liblzma-dev libzstd-dev xvfb xauth parallel
    qemu-system-x86 qemu-utils kmod cpio jq poppler-utils)

raidscope_install_deps() {
    local missing=()
    for p in "${raidscope_packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    ((${#missing[@]})) || return 0
    echo "raidscope: installing ${missing[*]}" >&2
    local sudo=
    [[ $(id -u) == 0 ]] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

raidscope_build() {
    if [[ ! -f $BUILD_DIR/build.ninja ]]; then
        cmake -S "$RAIDSCOPE_ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE" >/dev/null
    fi
    cmake --build "$BUILD_DIR" -j"$(nproc)"
}

raidscope_install_deps
# RAIDSCOPE_SETUP_DEPS_ONLY=1: install what is missing, build nothing (packaging/check-package.sh).
[[ ${RAIDSCOPE_SETUP_DEPS_ONLY:-0} == 1 ]] || raidscope_build
