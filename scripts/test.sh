#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite (GUI tests offscreen).
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "$BUILD_DIR" --output-on-failure -j"$(nproc)" "$@"
