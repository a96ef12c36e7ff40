#!/bin/sh
# oom.sh: out of memory is an error, not an abort (issue 9, point 2):
# cardc ends with exit status 2 and "cardc: out of memory while DOING
# PATH", never a signal, never a wrong answer.
#
#   1. Every allocation fails in turn: tests/oom/failmalloc.c (LD_PRELOAD)
#      makes the Nth allocation of a run and all later ones fail, for
#      every N up to the run's count, over a build, a check with errors,
#      a two-path check --format=json, a dump, a check --rules and a print
#      (cardc print, its PDF and its Tabletop Simulator deck). Each
#      run ends as it does with memory to spare, or with status 2 and the
#      message; the file of build -o is then as it was, and stdout is
#      still one JSON array.
#   2. Under an address-space limit (ulimit -v, the plain build: ASan
#      cannot run under one), a large valid card file and an alias bomb
#      just under max_nodes: status 2 and the message.
#   3. Under ASan, an allocation larger than ASan allows returns NULL
#      (allocator_may_return_null): the same two inputs, status 2, the
#      message, and no leak (what the loader held is freed on the way out).
#
#   sh tests/oom.sh build/bin/cardc build/bin/cardc-asan
# Run from the repository root. Prints "oom: N passed, M failed".
cardc=${1:?usage: tests/oom.sh CARDC CARDC_ASAN}
asan=${2:?usage: tests/oom.sh CARDC CARDC_ASAN}
T=$(mktemp -d "${TMPDIR:-/tmp}/oom.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="oom: "
. tests/check.sh
PY=
command -v python3 >/dev/null 2>&1 && PY=python3

# oom_ends FILE: whether FILE's last line is the message of a failed
# allocation: "cardc: out of memory while DOING PATH". The sweeps run
# it after each of some 2,000 runs: it is written with the shell's own
# read and case (no tail, no grep), which halves what a sweep costs.
oom_ends() {
    last=
    while IFS= read -r line || [ -n "$line" ]; do last=$line; done <"$1"
    case $last in "cardc: out of memory while "*) ;; *) return 1 ;; esac
    doing=${last#cardc: out of memory while }
    for w in reading parsing "parsing the effects in" checking analysing \
        "generating the C of" "writing the C of" "printing the dump of" "reporting on" \
        printing; do
        case $doing in "$w "[!\ ]*) return 0 ;; esac
    done
    return 1
}

# not_json FILE...: the names of the FILEs that are not one JSON value
# each (python3), or do not even look like one array ('[' first, ']'
# last) without it.
not_json() {
    if [ -n "$PY" ]; then
        $PY -c '
import json, sys
for name in sys.argv[1:]:
    try:
        json.load(open(name))
    except ValueError:
        print(name)' "$@"
    else
        for f in "$@"; do
            [ "$(head -c 1 "$f")" = "[" ] && [ "$(tail -n 1 "$f" | tail -c 2)" = "]" ] || echo "$f"
        done
    fi
}

# ---- 1. every allocation fails in turn ----
lib=$T/failmalloc.so
if cc -std=c11 -O2 -fPIC -shared tests/oom/failmalloc.c -o "$lib" 2>"$T/cc.err" &&
   FAILMALLOC_COUNT=1 LD_PRELOAD=$lib "$cardc" --version 2>&1 >/dev/null | grep -q failmalloc; then
    # sweep NAME STATUS KIND ARGS...: ARGS with memory to spare exit with
    # STATUS; then with the Nth allocation failing, for every N. KIND:
    # "file" (the last two ARGS are -o FILE), "json" (stdout is JSON) or
    # "text".
    sweep() {
        name=$1 want=$2 kind=$3
        shift 3
        eval "out=\${$#}" # the last argument: FILE for "file"
        "$cardc" "$@" >"$T/ref.out" 2>"$T/ref.err"
        rc=$?
        [ "$kind" = file ] && cp "$out" "$T/ref.file"
        check "$name: exit $want with memory to spare" [ "$rc" = "$want" ]
        n=$(FAILMALLOC_COUNT=1 LD_PRELOAD=$lib "$cardc" "$@" 2>&1 >/dev/null |
            sed -n 's/^failmalloc: \([0-9]*\) allocations$/\1/p')
        check "$name: allocations counted" [ "${n:-0}" -gt 10 ]
        bad=0 hit=0 i=1
        rm -rf "$T/json" && mkdir "$T/json"
        while [ "$i" -le "${n:-0}" ]; do
            [ "$kind" = file ] && echo "before" >"$out"
            FAILMALLOC_AT=$i LD_PRELOAD=$lib "$cardc" "$@" >"$T/out" 2>"$T/err"
            rc=$?
            why=
            if [ "$rc" = 2 ] && oom_ends "$T/err"; then
                hit=$((hit + 1))
                # -o FILE as it was, or whole: the failure came after the rename
                first=
                [ "$kind" = file ] && { IFS= read -r first <"$out" || :; }
                [ "$kind" = file ] && [ "$first" != before ] &&
                    ! cmp -s "$out" "$T/ref.file" && why="-o FILE half-written"
            elif [ "$rc" = "$want" ] && cmp -s "$T/err" "$T/ref.err" &&
                 cmp -s "$T/out" "$T/ref.out"; then
                : # a failure that was survived (stdio goes unbuffered)
            else
                why="exit $rc: $(tail -n 1 "$T/err")"
            fi
            [ "$kind" = json ] && cp "$T/out" "$T/json/$i"
            if [ -z "$why" ] && [ "$kind" = file ] && [ "$rc" = "$want" ] &&
               ! cmp -s "$out" "$T/ref.file"; then
                why="-o FILE differs"
            fi
            if [ -n "$why" ]; then
                [ $bad -lt 5 ] && echo "  $name, allocation $i fails: $why"
                bad=$((bad + 1))
            fi
            i=$((i + 1))
        done
        if [ "$kind" = json ]; then
            for f in $(cd "$T/json" && not_json *); do
                [ $bad -lt 5 ] && echo "  $name, allocation $f fails: stdout is not JSON"
                bad=$((bad + 1))
            done
        fi
        check "$name: every failed allocation ends in status 2 and the message ($bad bad)" [ $bad = 0 ]
        check "$name: allocations did fail ($hit of $n runs)" [ $hit -gt 0 ]
    }
    sweep "build" 0 file build tests/dump/game -o "$T/game.c"
    sweep "check with errors" 1 text check examples/broken-rules/unknown-card
    sweep "check --format=json, two paths" 1 json check --format=json \
        examples/broken-rules/unknown-card examples/broken/many-errors.yaml
    sweep "dump" 0 text build tests/dump/game --dump=analysed
    sweep "check --rules" 1 text check examples/broken-rules/unknown-card/cards.yaml \
        --rules examples/broken-rules/unknown-card/game.rules
    sweep "print" 0 file print tests/dump/game --tts "$T/tts" -o "$T/cards.pdf"
else
    echo "oom: no failing allocations here (tests/oom/failmalloc.c needs cc and glibc): skipped"
    sed 's/^/    /' "$T/cc.err"
fi

# ---- 2. an address-space limit ----
# A valid file of 200,000 cards (10 MB; about 180 MB to check), and an
# alias bomb: one card, aliased up to just under max_nodes (20,000,000
# nodes after expansion; about 330 MB to load).
awk 'BEGIN {
    print "game: Big\ntypes:\n  cheat:\n    attributes:\n      color: [red, blue]\ncards:"
    for (i = 0; i < 200000; i++)
        printf "  - name: Card %d\n    type: cheat\n    color: %s\n", i, i % 2 ? "red" : "blue"
}' >"$T/big.yaml"
awk 'BEGIN {
    printf "game: Bomb\ntypes:\n  cheat: {}\ncards: [&c {name: Card, type: cheat}"
    for (i = 0; i < 3999980; i++)
        printf ", *c"
    print "]"
}' >"$T/bomb.yaml"
# limited KB CMD...: CMD under ulimit -v KB; stderr in $T/err, status in $rc.
limited() {
    kb=$1; shift
    sh -c 'ulimit -v "$0" && exec "$@"' "$kb" "$@" >/dev/null 2>"$T/err"
    rc=$?
}
for f in big bomb; do
    limited 100000 "$cardc" check "$T/$f.yaml"
    check "ulimit -v, $f.yaml: exit 2, no signal (got $rc)" [ "$rc" = 2 ]
    check "ulimit -v, $f.yaml: the message" \
        grep -qxF "cardc: out of memory while reading $T/$f.yaml" "$T/err"
    limited 100000 "$cardc" check --format=json "$T/$f.yaml"
    check "ulimit -v, $f.yaml, JSON: exit 2" [ "$rc" = 2 ]
done
"$cardc" check "$T/big.yaml"
check "big.yaml is valid with memory to spare" [ $? = 0 ]

# ---- 3. ASan: allocations past its bound fail; nothing leaks ----
# big.yaml, read from a pipe, fails reading it (the buffer of read_file
# grows past 4 MB; a regular file is read into the arena, whose blocks of
# 2 MB and more are mapped, not allocated, and ASan does not bound them);
# the bomb is read whole (16 MB) and fails in the loader, whose list of
# items grows past 16 MB: the libyaml parser, the event and that list are
# freed.
for f in big:4 bomb:16; do
    mb=${f#*:} f=${f%:*}
    path=$T/$f.yaml
    export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:max_allocation_size_mb=$mb
    if [ $f = big ]; then
        path=/dev/stdin
        # shellcheck disable=SC2002 # a pipe, not a redirected regular file
        cat "$T/$f.yaml" | "$asan" check "$path" >/dev/null 2>"$T/err"
    else
        "$asan" check "$path" >/dev/null 2>"$T/err"
    fi
    rc=$?
    unset ASAN_OPTIONS
    check "ASan, $f.yaml: exit 2" [ "$rc" = 2 ]
    # (ASan warns of the allocation it refused: that line is no report)
    check "ASan, $f.yaml: the message, no report" [ "$(grep -v \
        '^==[0-9]*==WARNING: AddressSanitizer failed to allocate 0x[0-9a-f]* bytes$' "$T/err")" = \
        "cardc: out of memory while reading $path" ]
done

summary oom
