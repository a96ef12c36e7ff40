# lab.sh: building a test game, as the scripts of tests/games that play one
# share it. Source it after setting cardc (the cardc to build with), lib
# (the runtime library to link), ROOT, T (a temporary folder) and
# CHECK_PREFIX, and sourcing tests/check.sh:
#
#   build_lab LAB OUT   builds tests/games/LAB into the binary OUT, with
#                       ASan+UBSan when lib is the ASan runtime (at -Og, with
#                       line tables, -g1: all the sanitizers report with;
#                       tests/games/cc-game.sh, which links the object
#                       `make test-bins` compiled from the same C);
#                       returns 1, after "FAIL PREFIX: LAB does not build"
#                       and the first errors, if cardc or cc fails;
#   need_lab LAB OUT    the same, but a lab that does not build ends the
#                       script with one failed check;
#   json_games SEATS SEED...  plays $T/lab once per SEED with the JSON
#                       protocol and --seats SEATS, every answer
#                       {"choose":0} (3,000 at most), into $T/out.SEED and
#                       stderr into $T/stderr; checks the streams with
#                       jsonl_check.py (ended; one check, one Python), and
#                       writes them all into $T/all.
#   reopened EVENT FILE...  some stream of FILEs reopened a window before
#                       EVENT ("played", "enters"...): the responses of two
#                       windows of depth 1 before the same event, its args
#                       and its player, with no other decision of the
#                       rules between them.
CC=${CC:-cc}
export ASAN_OPTIONS=detect_leaks=1
LAB_SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"
case $lib in *asan*) ;; *) LAB_SAN= ;; esac

build_lab() {
    "$cardc" build "$ROOT/tests/games/$1" -o "$T/$1.c" 2>"$T/$1.err" &&
        sh "$ROOT/tests/games/cc-game.sh" "$1" "$T/$1.c" "$lib" "$2" 2>>"$T/$1.err" && return 0
    echo "FAIL ${CHECK_PREFIX}$1 does not build"
    sed 's/^/    /' "$T/$1.err" | head -20
    return 1
}

need_lab() {
    build_lab "$1" "$2" && return 0
    echo "${CHECK_PREFIX}0 passed, 1 failed"
    exit 1
}

json_games() {
    seats=$1
    shift
    yes '{"choose":0}' | head -n 3000 >"$T/in"
    outs=
    for seed in "$@"; do
        "$T/lab" play --protocol json --seats "$seats" --seed "$seed" <"$T/in" \
            >"$T/out.$seed" 2>>"$T/stderr"
        outs="$outs $T/out.$seed"
    done
    # shellcheck disable=SC2086 # outs is a list of files
    check "seeds $*: every stream passes jsonl_check.py" \
        python3 "$ROOT/tests/games/jsonl_check.py" --ended $outs
    cat "$T"/out.* >"$T/all"
}

reopened() {
    python3 - "$@" <<'PY'
import json, sys
event, n = sys.argv[1], 0
for f in sys.argv[2:]:
    last = None
    for line in open(f):
        m = json.loads(line)
        if m.get("type") == "responses" and m["window"]["depth"] == 1:
            key = (m["window"]["event"], tuple(m["window"]["args"]), m["window"]["by"])
            n += key == last and key[0] == event
            last = key
        elif m.get("type") == "decision" and "window" not in m:
            last = None
sys.exit(0 if n > 0 else 1)
PY
}
