#!/bin/sh
# check-decks.sh: `cardc check` of every deck folder of decks/ must be clean
# (exit 0, nothing printed).
#
#   sh tests/check-decks.sh CARDC
# Prints "check-decks: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: check-decks.sh CARDC}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CHECK_PREFIX="check-decks: "
. "$ROOT/tests/check.sh"

clean() { out=$("$cardc" check "$1" 2>&1) && [ -z "$out" ] || { echo "$out" | head -5; return 1; }; }
for d in "$ROOT"/decks/*/; do
    [ -f "$d/cards.yaml" ] || continue
    check "${d%/}" clean "${d%/}"
done
summary check-decks
