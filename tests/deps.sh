#!/bin/sh
# Installs the build dependencies that are missing (Debian package names).
# Used by `make demo`, `make test` and .ci/run; does nothing when all are there.
missing=""
command -v flex >/dev/null 2>&1 || missing="$missing flex"
command -v bison >/dev/null 2>&1 || missing="$missing bison"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
command -v cc >/dev/null 2>&1 || missing="$missing gcc"
pkg-config --exists yaml-0.1 2>/dev/null || missing="$missing libyaml-dev"
pkg-config --exists criterion 2>/dev/null || missing="$missing libcriterion-dev"
command -v valgrind >/dev/null 2>&1 || missing="$missing valgrind"
# the tests' protocol checkers (tests/games/*.py, tests/school-control/*.py)
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
# the card file's schema and SARIF checked (tests/schema, tests/sarif)
python3 -c 'import jsonschema' 2>/dev/null || missing="$missing python3-jsonschema"
python3 -c 'import yaml' 2>/dev/null || missing="$missing python3-yaml"
# the man pages rendered and checked (tests/man.sh, tests/install.sh)
command -v groff >/dev/null 2>&1 || missing="$missing groff-base"
command -v col >/dev/null 2>&1 || missing="$missing bsdextrautils"
command -v man >/dev/null 2>&1 || missing="$missing man-db"
# cardc print's PDF read, rendered and checked (tests/print.sh): pdfinfo,
# pdftoppm and pdftotext, and qpdf --check
command -v pdftoppm >/dev/null 2>&1 || missing="$missing poppler-utils"
command -v qpdf >/dev/null 2>&1 || missing="$missing qpdf"
# the TrueType fonts of cardc print --font's tests (DejaVu Sans)
[ -r /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing="$missing fonts-dejavu-core"
# headless Chromium and its WebDriver, for serve's pages (tests/serve/browser.py)
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v chromedriver >/dev/null 2>&1 || missing="$missing chromium-driver"
# GNU parallel, which runs simulate's shards (tests/games/balance-lab.sh, docs/SCALING.md);
# moreutils' parallel is another program
parallel --version 2>/dev/null | grep -q 'GNU parallel' || missing="$missing parallel"
# clang's libFuzzer runtime, for the fuzz harnesses (make fuzz, CI)
command -v clang >/dev/null 2>&1 || missing="$missing clang"
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
    missing="$missing libclang-rt-14-dev"
[ -z "$missing" ] && exit 0
echo "installing:$missing"
if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "deps: missing$missing; run as root or install them" >&2; exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq && $SUDO apt-get install -y -qq $missing >/dev/null || {
    echo "deps: apt-get could not install:$missing" >&2; exit 1; }
