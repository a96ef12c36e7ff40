#!/bin/sh
# codegen.sh: the code generator's fast paths, on a game made to take them.
#
# tests/games/codegen-lab is a small game whose rules take every fast path
# of compiler/cgen.c (docs/RUNTIME.md, "How the generated code is fast"):
# choices by kind from unordered zones (with an 'else', with a guard), a
# kind-level choice from an ordered zone, sets grouped from the kind lists
# and from a walk, a 'such that' on the kinds only and one on the cards,
# counts by the kinds left out, 'move all' by kinds, guarded and unguarded
# funcs, sets counted from a memo (sets_listed kept by the zone's size),
# menus counted for the random policy, filters joining two cards by kind. This
# script
#   - checks that the generated C takes each of those paths (so that the
#     lab keeps covering them when the generator changes),
#   - compiles it with gcc and with clang, -Wall -Wextra -Werror and the
#     Makefile's extra warnings,
#   - plays 2,000 games under ASan+UBSan through tests/invariants (every
#     card in one place, the kind counts and lists agree with the zones,
#     every option legal, every game ends), and
#   - checks that simulate and play give the same games (same-games.sh).
# tests/games/fault-lab then checks that the fast paths change no fault and
# no count of random numbers: a division hidden in a conjunct still faults,
# any() still stops at the first card bottom up, a func that calls no func
# still faults at 1,000 calls in progress (and a proc that calls itself keeps
# its depth check), a zone whose expression draws a
# number is found once (in a choice and in 'move all'), and chance() in a
# filter is drawn per card, not per kind.
#
#   sh tests/games/codegen.sh CARDC LIBCARDRT_ASAN
# Prints "codegen: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: codegen.sh CARDC LIBCARDRT_ASAN}
lib=${2:?usage: codegen.sh CARDC LIBCARDRT_ASAN}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/codegen.XXXXXX")
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
CHECK_PREFIX="codegen: "
. "$ROOT/tests/check.sh"
WARN="-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
      -Wmissing-prototypes -Wwrite-strings -Wundef"
SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"

if ! "$cardc" build "$ROOT/tests/games/codegen-lab" -o "$T/game.c" 2>"$T/err"; then
    echo "FAIL codegen: cardc build"
    sed 's/^/    /' "$T/err" | head -20
    summary codegen
    exit 1
fi
C=$T/game.c

# takes WHAT PATTERN: the generated C has PATTERN (a fixed string);
# takes_re: the same with an extended regular expression
takes() { grep -qF -- "$2" "$C"; }
takes_re() { grep -qE -- "$2" "$C"; }
check "choice by kind from a heap: counted for the random policy" takes x '_count(s, kslot)'
check "choice by kind from a heap: the first card of a kind's list" \
    takes_re x 'add_kind\(s, [0-9]+, s->khead\[slot\]\['
check "kind-level choice from an ordered zone: once per kind, top down" takes x 'seen |= b;'
check "sets from a heap: grouped from the lists" takes_re x 'add_sets_kinds\(s, [0-9]+, V, '
check "sets from an ordered zone: walked and sorted" takes_re x 'add_sets\(s, [0-9]+, V, pick, n, '
check "a 'such that' on the kinds only" takes_re x ', such[0-9]+, 0\);'
check "a 'such that' on the cards" takes_re x ', such[0-9]+, 1\);'
check "sets counted for the random policy, by a memo of the kinds' counts" \
    takes_re x 'return sets_memo_count\(s, [0-9]+, V, slot, '
check "sets counted: sets_listed kept by the zone's size" takes x 'setslisted'
check "a menu counted for the random policy: its guards into a mask" \
    takes_re x '= d->fn \? s->core\.dec\.opt\[s->core\.dec\.chosen\]\.ids\[0\] : nth_bit\(mopts, '
# only Meld's sets are counted: Trade's 'such that' counts the cards, Dig's
# source is an ordered zone
counted_once() { [ "$(grep -c 'int sets[0-9]*_count(State' "$C")" -eq 1 ]; }
check "a 'such that' that counts the cards keeps its sets listed" counted_once
check "a filter joining two cards by kind: any() from a row per kind" \
    takes_re x 'return \(s->kmask\[slot\] & pairrow[0-9]+\[kx\]\) != 0;'
check "a filter joining two cards by kind: count() from a row per kind" \
    takes_re x 'return kcount_in\(s, slot, s->kmask\[slot\] & pairrow[0-9]+\[kx\]\);'
check "distinct over kinds that share values: the values seen" takes x 'return kpop(seen);'
check "count by the kinds left out" takes x 'return s->zsize[slot] - s->kcount[slot]['
check "kind-level loops skip the kinds ruled out" takes x 'for (uint64_t b = s->kmask[slot] & 0x7ULL;'
check "move all by kinds, bottom to top" takes x 'int want = kcount_in(s, slot, '
check "a seat proven in range: no check" takes x 'decision_in(s, V[0], '
check "a func that calls a func keeps its depth guard" takes x 'static int32_t body_rich('
# no func of the lab calls itself: the depth checks cannot fail and are
# left out, the calls of funcs that call funcs still counted as steps
no_depth() { ! grep -q 'fdepth' "$C"; }
check "shallow funcs: no depth check" no_depth
check "shallow funcs: a call that calls funcs is still a step" \
    takes_re x '^    if \(\+\+s->steps > MAX_STEPS\) \{$'
# nor proc of it: no chain of frames can reach MAXDEPTH, and the direct
# copy's procs check no depth (Game.procs_shallow)
no_proc_depth() { grep -q '^static int32_t dproc_main(' "$C" && ! grep -q 's->depth' "$C"; }
check "shallow procs: no depth check" no_proc_depth

for cc in gcc clang; do
    if command -v $cc >/dev/null 2>&1; then
        # shellcheck disable=SC2086
        check "compiles with $cc -Werror" $cc $WARN -O2 -I"$ROOT/runtime" -c "$C" -o "$T/game-$cc.o"
    fi
done

# shellcheck disable=SC2086
if cc $WARN -Og -g1 $SAN -I"$ROOT/runtime" -DCARDC_NO_MAIN "$ROOT/tests/invariants/invariants.c" \
    "$C" "$lib" -o "$T/invariants" 2>"$T/err" &&
    cc $WARN -Og -g1 $SAN -I"$ROOT/runtime" "$C" "$lib" -o "$T/codegen-lab" 2>>"$T/err"; then
    check "2,000 games keep their invariants (ASan+UBSan)" \
        sh -c '"$1" --games 2000 --players 2..4 --jobs 2 >"$2" 2>&1 || { tail -5 "$2"; exit 1; }' \
        sh "$T/invariants" "$T/inv.out"
    check "simulate plays play's games" sh "$ROOT/tests/games/same-games.sh" "$T/codegen-lab" 8
else
    echo "FAIL codegen: the lab does not build"
    sed 's/^/    /' "$T/err" | head -20
    fail=$((fail + 1))
fi

# ---- the fault lab ----
if ! "$cardc" build "$ROOT/tests/games/fault-lab" -o "$T/faults.c" 2>"$T/err" ||
    ! cc $WARN -Og -g1 $SAN -I"$ROOT/runtime" "$T/faults.c" "$lib" -o "$T/fault-lab" 2>>"$T/err"; then
    echo "FAIL codegen: the fault lab does not build"
    sed 's/^/    /' "$T/err" | head -20
    fail=$((fail + 1))
    summary codegen
    exit 1
fi
# lab_end CASE SEED: the end line of the fault lab's case CASE
lab_end() {
    { printf '{"choose":%s}\n' "$1"; yes '{"choose":0}' | head -n 3; } >"$T/in"
    "$T/fault-lab" play --protocol json --seed "$2" <"$T/in" 2>"$T/stderr" | tail -n 1
}
clean() { ! grep -q 'ERROR: AddressSanitizer\|runtime error:' "$T/stderr"; }
ends() { lab_end "$1" 1 | grep -q "\"result\":\"$2\"" && clean; }
faults() { lab_end "$1" 1 | grep -q "\"result\":\"fault\",\"reason\":\"$2\"" && clean; }
check "a division inside a conjunct still faults" faults 0 "division by zero"
check "any() stops at the first card, bottom up" ends 1 win
check "a func that calls no func faults at 1,000 calls in progress" \
    faults 2 "procedure or func calls nested too deep"
depth_kept() { grep -q 's->fdepth++;' "$T/faults.c" && grep -q 'if (s->fdepth >= MAX_FUNC_DEPTH)' "$T/faults.c"; }
check "a func that calls itself: the depth checks stay" depth_kept
# sink calls itself: its direct copy keeps the depth check, and so does
# note's, entered under it; main, entered with no frame in use, has none,
# but counts its frame for theirs (Sym.depth_sure, Sym.depth_uncounted)
dproc() { sed -n "/^static int32_t dproc_$1(.*)\$/,/^}/p" "$T/faults.c"; }
checked() { dproc "$1" | grep -q 'if (s->depth >= MAXDEPTH)'; }
proc_depth_kept() { checked sink && checked note; }
main_counted() { dproc main | grep -q 's->depth++;' && ! checked main; }
check "a proc that calls itself, and one under it: the depth checks stay" proc_depth_kept
check "a proc above a recursion: counted, not checked" main_counted
check "a choice from a drawn zone" ends 3 win
check "move all from a drawn zone" ends 4 win
# chance() per card: 4 cards, so some seed counts an odd number
odd() {
    s=1
    while [ $s -le 20 ]; do
        lab_end 5 $s | grep -q '"scores":\[[0-9]*[13579],' && clean && return 0
        s=$((s + 1))
    done
    return 1
}
check "chance() in a filter is drawn per card" odd
check "fault lab: simulate plays play's games" sh "$ROOT/tests/games/same-games.sh" "$T/fault-lab" 15
summary codegen
