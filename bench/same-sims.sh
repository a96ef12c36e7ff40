#!/bin/sh
# same-sims.sh: does a change to the generator or the runtime play the same
# games? Every game binary of NEW/bin (the shipped games and the test
# games; not the -asan, invariants-, determinize-, scenario- builds) and
# its twin in OLD/bin play `simulate --json` at 2 to 5 players (those the
# game takes), seeds 1 and 100000, GAMES games each (200 unless given);
# the lines must agree but for the times. Prints each difference and
# "same-sims: N same, M differ"; exits 1 if any differ.
#   sh bench/same-sims.sh OLD_BUILD NEW_BUILD [GAMES]
OLD=${1:?usage: same-sims.sh OLD_BUILD NEW_BUILD [GAMES]}
NEW=${2:?usage: same-sims.sh OLD_BUILD NEW_BUILD [GAMES]}
GAMES=${3:-200}
same=0
differ=0
untimed() {
    sed -e 's/"seconds":[0-9.e+-]*,//' -e 's/"games_per_sec":[0-9.e+-]*,//' \
        -e 's/"decisions_per_sec":[0-9.e+-]*,//'
}
for bin in "$NEW"/bin/*; do
    g=$(basename "$bin")
    case $g in
        *-asan | invariants-* | determinize-* | scenario-* | cardc | runtime-tests | unit-tests) continue ;;
    esac
    [ -x "$OLD/bin/$g" ] || continue
    for p in 2 3 4 5; do
        for seed in 1 100000; do
            new=$("$bin" simulate --players $p --games "$GAMES" --seed $seed --json </dev/null 2>&1) \
                || case $? in 2) continue ;; esac
            old=$("$OLD/bin/$g" simulate --players $p --games "$GAMES" --seed $seed --json </dev/null 2>&1)
            if [ "$(echo "$new" | untimed)" = "$(echo "$old" | untimed)" ]; then
                same=$((same + 1))
            else
                differ=$((differ + 1))
                echo "DIFFER $g players $p seed $seed"
                echo "  old: $(echo "$old" | untimed)"
                echo "  new: $(echo "$new" | untimed)"
            fi
        done
    done
done
echo "same-sims: $same same, $differ differ"
[ "$differ" -eq 0 ]
