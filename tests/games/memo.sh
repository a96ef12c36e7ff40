#!/bin/sh
# memo.sh: a func that keeps its answers (Sym.memo; docs/RUNTIME.md, "Funcs
# keep their answers while what they read is unwritten") answers anew
# after each write of what it reads. tests/games/memo-lab asks usable()
# of every card of a hand between moves that change the zone it reads and
# assignments that change the variable it reads; its score is the count
# of the times it answered yes, 12 when every answer followed its write
# (a kept answer read past a move or an assignment gives 0, 100 or 110),
# and 2,000 more from ready(), which reads two variables only compared
# with numbers: a write that keeps those comparisons keeps its answers, one
# that changes one must drop them (10,000 or 100,000 more if not); tries
# is read at ready()'s own player only, so its write at a seat drops the
# answers kept for that seat alone (State.pver).
# Built with ASan+UBSan when LIBCARDRT is the ASan build: there every
# answer the memo gives is also worked out again (MEMO_VERIFY).
#
#   sh tests/games/memo.sh CARDC LIBCARDRT
# Prints "memo: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: memo.sh CARDC LIBCARDRT}
lib=${2:?usage: memo.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/memo.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="memo: "
. "$ROOT/tests/check.sh"

san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"
case $lib in *asan*) ;; *) san= ;; esac

# shellcheck disable=SC2086 # san is a list of flags, or none
if ! "$cardc" build "$ROOT/tests/games/memo-lab" -o "$T/g.c" 2>"$T/err" ||
    ! "$CC" -std=c11 -Wall -Wextra -Werror -Og -g1 $san -I"$ROOT/runtime" "$T/g.c" "$lib" \
        -lm -pthread -o "$T/g" 2>>"$T/err"; then
    echo "FAIL memo: memo-lab does not build"
    sed 's/^/    /' "$T/err" | head -20
    echo "memo: 0 passed, 1 failed"
    exit 1
fi

check "memo-lab's usable() keeps its answers (memo_usable)" grep -q 'memo_usable\[' "$T/g.c"
check "a move into the zone it reads writes a version (slot_memo)" \
    grep -q '^static const uint8_t slot_memo\[NSLOTS\] = {0, 0, 0, 1};' "$T/g.c"
check "a write that keeps every comparison with a number ready() reads writes no version" \
    grep -q 'if (((s->g_level) < 2) != ((memo_v) < 2))' "$T/g.c"
check "a number written at a seat that may be none: the place first, then the comparison" \
    grep -q 'int32_t \*memo_p = &s->pv_tries\[pidx(' "$T/g.c"
check "a per-player variable read at the key's player only: a write drops that seat's answers alone" \
    grep -q 'memo_write_player(s, (int)(memo_p - s->pv_tries));' "$T/g.c"
check "every answer follows the writes: a score of 2012" \
    sh -c '"$1" simulate --games 3 --json 2>&1 | grep -q "\"avg_scores\":\[2012,2012\]"' sh "$T/g"
summary memo
