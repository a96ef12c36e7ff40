#!/bin/sh
# check-decks.sh: `cardc check` of every deck folder of decks/ must pass
# (exit 0: no error; a warning may stand, as in `make check-decks`).
#
#   sh tests/check-decks.sh CARDC
# Prints "check-decks: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: check-decks.sh CARDC}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CHECK_PREFIX="check-decks: "
. "$ROOT/tests/check.sh"

passes() { out=$("$cardc" check "$1" 2>&1) || { echo "$out" | head -5; return 1; }; }
for d in "$ROOT"/decks/*/; do
    [ -f "$d/cards.yaml" ] || continue
    check "${d%/}" passes "${d%/}"
done
summary check-decks
