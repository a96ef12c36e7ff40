#!/bin/sh
# tests/regress.sh CARDC: every input the fuzzers ever flagged (fuzz/regress/)
# is run again through the sanitized cardc: it must answer with exit 0 or 1
# (a clean result or diagnostics), within a hang guard of 120 s, and no sanitizer report.
# Protocol inputs are replayed by the protocol harness in make fuzz-ci.
cardc=$1
pass=0 fail=0
for f in fuzz/regress/cards/* fuzz/regress/rules/*; do
    [ -f "$f" ] || continue
    case $f in
    */cards/*) set -- "$f" ;;
    */rules/*) d=$(mktemp -d); cp decks/easy-school/cards.yaml "$d/"; cp "$f" "$d/game.rules"
               set -- "$d" ;;
    esac
    timeout 120 "$cardc" check "$1" >/dev/null 2>/tmp/regress.$$; rc=$?
    if { [ "$rc" = 0 ] || [ "$rc" = 1 ]; } && ! grep -q "Sanitizer" /tmp/regress.$$; then
        pass=$((pass + 1))
    else
        echo "FAIL $f: exit $rc"; head -n 20 /tmp/regress.$$; fail=$((fail + 1))
    fi
    case $f in */rules/*) rm -rf "$d" ;; esac
done
rm -f /tmp/regress.$$
echo "regress: $pass passed, $fail failed"
[ "$fail" = 0 ]
