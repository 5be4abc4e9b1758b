#!/usr/bin/env bash
# check-package.sh [--keep]: builds the .deb, checks it, installs it on this machine and runs what it
# installed, then removes it again (--keep leaves it installed). Needs root (or sudo) for apt-get.
#
# Checks: desktop-file-validate on the desktop entry, appstreamcli validate on the AppStream
# metadata, lintian on the .deb (any E: fails; warnings are printed), then after
# `apt-get install ./raidscope_*.deb`: `raidscope-cli schemes` from PATH, run from another folder
# with no plugin path set, lists the installed plugins' schemes; `man -w raidscope-cli` finds the
# man page; bash completion completes the commands; `raidscope` starts under Xvfb and is still
# running after 5 s.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
KEEP=0
[[ ${1:-} == --keep ]] && KEEP=1
sudo=
[[ $(id -u) == 0 ]] || sudo=sudo

# The tools (Debian 12), and the build's own dependencies through the project's setup.
tools=(desktop-file-utils appstream lintian xvfb xauth man-db bash-completion)
missing=()
for p in "${tools[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# A Release build of its own (the test build keeps its debug information).
export BUILD_DIR=${BUILD_DIR:-$ROOT/build-package} BUILD_TYPE=Release
# shellcheck source=../scripts/setup.sh
RAIDSCOPE_SETUP_DEPS_ONLY=1 source "$ROOT/scripts/setup.sh"
cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
    -DRAIDSCOPE_BUILD_TESTS=OFF -DRAIDSCOPE_BUILD_BENCH=OFF >/dev/null
cmake --build "$BUILD_DIR"
rm -f "$BUILD_DIR"/raidscope_*.deb
(cd "$BUILD_DIR" && cpack -G DEB >/dev/null)
deb=$(ls "$BUILD_DIR"/raidscope_*.deb)
echo "package: $deb"

fail=0
check() { if "$@"; then echo "ok   $*"; else echo "FAIL $*"; fail=1; fi; }
check desktop-file-validate "$ROOT/packaging/raidscope.desktop"
check appstreamcli validate --no-net --pedantic "$ROOT/packaging/org.raidscope.RaidScope.metainfo.xml"
lintian_out=$(lintian --no-tag-display-limit "$deb" 2>&1 || true)
[[ -n $lintian_out ]] && echo "$lintian_out"
if grep -q '^E:' <<<"$lintian_out"; then
    echo "FAIL lintian reports errors"
    fail=1
else
    echo "ok   lintian: no error ($(grep -c '^W:' <<<"$lintian_out" || true) warnings)"
fi

DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$deb" >/dev/null
cleanup() { ((KEEP)) || DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -qq raidscope >/dev/null; }
trap cleanup EXIT
cd /tmp
schemes=$(env -u RAIDSCOPE_PLUGIN_PATH raidscope-cli schemes)
check grep -q raid5 <<<"$schemes"
check test "$(command -v raidscope-cli)" = /usr/bin/raidscope-cli
check man -w raidscope-cli
completion=$(bash -c 'source /usr/share/bash-completion/completions/raidscope-cli
    COMP_WORDS=(raidscope-cli mo); COMP_CWORD=1; _raidscope_cli; echo "${COMPREPLY[*]}"')
check test "$completion" = model
set +e
QT_QPA_PLATFORM=xcb timeout 5 xvfb-run -a raidscope >/tmp/raidscope-package-gui.log 2>&1
status=$?
set -e
if [[ $status == 124 ]]; then
    echo "ok   raidscope ran under Xvfb for 5 s"
else
    echo "FAIL raidscope exited with $status under Xvfb:"; cat /tmp/raidscope-package-gui.log
    fail=1
fi
((fail == 0)) && echo "package check: all passed" || echo "package check: FAILED"
exit $fail
