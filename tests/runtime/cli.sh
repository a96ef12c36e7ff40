#!/bin/sh
# cli.sh: the command line of a game binary (rt_main), on "high card":
# usage errors, the JSON protocol fed garbage, a human seat fed garbage,
# closed stdin and stdout, simulate --json and its determinism.
#
#   sh tests/runtime/cli.sh BIN [PLAIN_BIN]
# BIN is best built with ASan+UBSan; PLAIN_BIN (optional) is run under
# valgrind when valgrind is installed. Prints "cli: N passed, M failed".
BIN=${1:?usage: cli.sh BIN [PLAIN_BIN]}
PLAIN=${2:-}
NAME=$(basename "$BIN")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
# check DESCRIPTION COMMAND...: passes when the command succeeds.
check() { d=$1; shift; if "$@"; then ok; else bad "$d"; fi; }
# has FILE LINE: the file holds exactly this line.
has() { grep -qxF -- "$2" "$1"; }
count() { grep -cxF -- "$2" "$1"; }
rc_is() { [ "$(cat "$T/rc")" = "$1" ]; }
empty() { [ ! -s "$1" ]; }
repeat() { i=0; while [ $i -lt "$2" ]; do echo "$1"; i=$((i + 1)); done; }
megabyte() { head -c 1048576 /dev/zero | tr '\0' x; echo; }

# run ARGS... < input: stdout in $T/out, stderr in $T/err, status in $T/rc
run() { "$BIN" "$@" >"$T/out" 2>"$T/err"; echo $? >"$T/rc"; }

# ---- usage ----
run --help
check "--help exits 0" rc_is 0
check "--help prints usage" grep -q "^usage: $NAME play" "$T/out"

usage_fails() {
    run "$@" </dev/null
    if rc_is 2 && [ -s "$T/err" ] && [ ! -s "$T/out" ]; then ok; else bad "usage: $*"; fi
}
usage_fails
usage_fails bogus
usage_fails play --players 9
usage_fails play --players x
usage_fails play --players
usage_fails play --seats human,bogus
usage_fails play --seats human,,random
usage_fails play --seats human,random --players 3
usage_fails play --seats human
usage_fails play --protocol xml
usage_fails play --protocol json --seats human,random
usage_fails play --seed -1
usage_fails play --seed 18446744073709551616
usage_fails play --games 3
usage_fails play --reveal-all=yes
usage_fails play extra
usage_fails simulate --games 0
usage_fails simulate --seats human,random
usage_fails simulate --reveal-all
run play --players 9
check "message names the range" has "$T/err" "$NAME: --players: '9' is not a number from 2 to 4"

# ---- JSON protocol: garbage, then valid lines ----
{
    echo 'hello'
    echo ''
    echo '{"choose":-1}'
    echo '{"choose":99}'
    echo '{"choose":"a"}'
    echo '{"choose":1.5}'
    megabyte
    printf '\001\002\377\000x\n'
    echo '  { "choose" : 0 }  '
    repeat '{"choose":0}' 100
} >"$T/in"
run play --protocol json --seed 7 --players 2 <"$T/in"
J=$T/json.out
cp "$T/out" "$J"
check "json: exit 0" rc_is 0
check "json: quiet stderr" empty "$T/err"
FIRST='{"type":"decision","player":0,"prompt":"Draw a card or pass?","options":[{"id":0,"label":"draw"},{"id":1,"label":"pass"}],"view":{"zones":[{"zone":"deck","size":18},{"zone":"table","size":0,"cards":[]},{"zone":"hand","player":0,"size":1,"cards":["Red 9"]},{"zone":"hand","player":1,"size":1},{"zone":"pile","player":0,"size":0},{"zone":"pile","player":1,"size":0}]}}'
check "json: first decision" has "$J" "$FIRST"
check "json: deal move" has "$J" '{"type":"move","card":"Red 9","from":{"zone":"deck"},"to":{"zone":"hand","player":0}}'
E1='{"type":"error","message":"expected a line {\"choose\":ID}"}'
check "json: not json, empty, binary" [ "$(count "$J" "$E1")" = 3 ]
check "json: negative id" has "$J" '{"type":"error","message":"option id -1 out of range: choose 0 to 1"}'
check "json: id too big" has "$J" '{"type":"error","message":"option id 99 out of range: choose 0 to 1"}'
check "json: not a number" [ "$(count "$J" '{"type":"error","message":"\"choose\" must be an integer option id"}')" = 2 ]
check "json: megabyte line" has "$J" '{"type":"error","message":"line too long (over 4095 bytes)"}'
check "json: 8 errors" [ "$(grep -c '"type":"error"' "$J")" = 8 ]
# after each error, the same decision again
check "json: same decision after each error" awk '
    /"type":"error"/ { err = 1; next }
    err { if ($0 != last) exit 1; err = 0 }
    /"type":"decision"/ { last = $0 }' "$J"
check "json: first 9 decisions identical" [ "$(grep '"type":"decision"' "$J" | head -n 9 | sort -u | wc -l)" = 1 ]
check "json: ends with an end line" sh -c "tail -n 1 '$J' | grep -q '^{\"type\":\"end\",\"scores\":\[[0-9]*,[0-9]*\],\"winners\":\[[0-9,]*\],\"result\":\"\(win\|draw\)\"'"
if command -v python3 >/dev/null 2>&1; then
    check "json: every line parses" python3 -c '
import json, sys
for line in open(sys.argv[1]):
    json.loads(line)' "$J"
fi

# ---- JSON: closed stdin ----
run play --protocol json --seed 7 --players 2 </dev/null
check "eof: exit 0" rc_is 0
check "eof: one decision" [ "$(grep -c '"type":"decision"' "$T/out")" = 1 ]
check "eof: abandoned end" sh -c "tail -n 1 '$T/out' | grep -qxF '{\"type\":\"end\",\"scores\":[0,0],\"winners\":[],\"result\":\"abandoned\",\"reason\":\"stdin closed\",\"turns\":1,\"decisions\":0,\"seed\":7}'"
printf '{"choose":0}\n{"choose":0}\n{"choose":1}' | run play --protocol json --seed 7 --players 2
check "eof mid-game: exit 0" rc_is 0
check "eof mid-game: last line without newline counts" grep -q '"result":"abandoned","reason":"stdin closed","turns":3,"decisions":3' "$T/out"

# ---- JSON: one seat of two; what the stream may see ----
repeat '{"choose":0}' 100 | run play --seats json,random --seed 7
S=$T/seat.out
cp "$T/out" "$S"
check "seat: exit 0" rc_is 0
check "seat: only player 0 decides" sh -c "! grep -q '\"type\":\"decision\",\"player\":1' '$S'"
check "seat: own deal named" has "$S" '{"type":"move","card":"Red 9","from":{"zone":"deck"},"to":{"zone":"hand","player":0}}'
check "seat: other deal hidden" has "$S" '{"type":"move","card":null,"from":{"zone":"deck"},"to":{"zone":"hand","player":1}}'
check "seat: no draw of player 1 named" sh -c "! grep -q '\"card\":\"[^\"]*\",\"from\":{\"zone\":\"deck\"},\"to\":{\"zone\":\"hand\",\"player\":1}' '$S'"
check "seat: own bank named" grep -q '"card":"[^"]*","from":{"zone":"hand","player":0},"to":{"zone":"pile","player":0}' "$S"
check "seat: other bank hidden" sh -c "! grep -q '\"card\":\"[^\"]*\",\"from\":{\"zone\":\"hand\",\"player\":1},\"to\":{\"zone\":\"pile\"' '$S'"
check "seat: other bank seen as null" grep -q '"card":null,"from":{"zone":"hand","player":1},"to":{"zone":"pile","player":1}' "$S"
check "seat: table moves named" sh -c "! grep -q '\"card\":null,[^}]*},\"to\":{\"zone\":\"table\"}' '$S'"
check "seat: other hand size only" grep -q '{"zone":"hand","player":1,"size":[0-9]*}' "$S"
check "seat: own pile size only" sh -c "! grep -q '\"zone\":\"pile\",\"player\":0,\"size\":[0-9]*,\"cards\"' '$S'"
repeat '{"choose":0}' 100 | run play --seats json,random --seed 7 --reveal-all
check "reveal-all: no hidden name" sh -c "! grep -q '\"card\":null' '$T/out'"
check "reveal-all: piles shown" grep -q '"zone":"pile","player":1,"size":[0-9]*,"cards"' "$T/out"

# ---- decision bound ----
repeat '{"choose":0}' 10 | run play --protocol json --seed 7 --players 2 --max-decisions 2
check "bound: draw" grep -q '^{"type":"end","scores":\[[0-9,]*\],"winners":\[\],"result":"draw","reason":"decision bound reached","turns":[0-9]*,"decisions":2,' "$T/out"

# ---- the terminal ----
{
    echo abc; echo; echo 99; echo 0; echo help; echo show; megabyte
    echo ' 1 '; echo 1
} >"$T/in"
run play --seats human,random --seed 7 <"$T/in"
H=$T/human.out
cp "$T/out" "$H"
check "human: exit 0 on eof" rc_is 0
check "human: eof message" has "$T/err" "stdin closed, game abandoned"
check "human: garbage answered" [ "$(count "$H" "Not an option: type a number from 1 to 2 (or help, quit).")" = 3 ]
check "human: empty answered" has "$H" "No answer: type a number from 1 to 2 (or help, quit)."
check "human: help" has "$H" "  quit   abandon the game"
check "human: long line" has "$H" "That line is too long (over 4095 characters)."
check "human: deck size only" has "$H" "  deck: 18 cards"
check "human: own hand" has "$H" "  hand of Player 1: Red 9"
check "human: other hand size" has "$H" "  hand of Player 2: 1 card"
check "human: own pile size" has "$H" "  pile of Player 1: 0 cards"
check "human: options from 1" has "$H" "  2) pass"
check "human: own move named" has "$H" "  Red 9: deck -> hand of Player 1"
check "human: other move hidden" has "$H" "  a card: deck -> hand of Player 2"
check "human: choice shown beside its question" has "$H" "Player 1 chooses: draw (Draw a card or pass?)"
check "human: bank question" has "$H" "Player 1: Bank which card?"
check "human: shown twice by show" [ "$(grep -c '^--- what Player 1 sees (turn 1) ---$' "$H")" = 3 ]
echo quit | run play --seed 7 --players 3
check "quit: exit 0" rc_is 0
check "quit: message" has "$T/out" "Game abandoned."
repeat 1 200 | run play --seed 7 --players 3
check "human game: exit 0" rc_is 0
check "human game: over" grep -q '^=== game over after [0-9]* turns, [0-9]* decisions ===$' "$T/out"
check "human game: random seats chose" grep -q '^Player 3 chooses: ' "$T/out"
check "human game: result" grep -q '^\(Winner\|Winners (shared)\|Draw\):' "$T/out"

# ---- closed stdout ----
( (sleep 1; repeat '{"choose":0}' 5) | "$BIN" play --protocol json --seed 7 --players 2 \
    2>"$T/err"; echo $? >"$T/rc" ) | head -n 1 >/dev/null
check "sigpipe: exit 0" rc_is 0
check "sigpipe: quiet" empty "$T/err"
"$BIN" simulate --games 10 --seed 1 >&- 2>"$T/err"; echo $? >"$T/rc"
check "closed stdout: exit 0" rc_is 0
check "closed stdout: quiet" empty "$T/err"

# ---- simulate ----
run simulate --games 300 --players 3 --seed 42 --json
cp "$T/out" "$T/sim1"
check "simulate: exit 0" rc_is 0
check "simulate: one line" [ "$(wc -l <"$T/sim1")" = 1 ]
check "simulate: head" grep -q '^{"game":"high-card","games":300,"players":3,"seed":42,"seconds":' "$T/sim1"
for k in games players seed seconds games_per_sec decisions decisions_per_sec avg_turns \
         seat_wins avg_scores draws faults; do
    check "simulate: key $k" grep -q "\"$k\":" "$T/sim1"
done
run simulate --games 300 --players 3 --seed 42 --json
untimed() { sed 's/"seconds":[^,]*,"games_per_sec":[^,]*,//; s/"decisions_per_sec":[^,]*,//' "$1"; }
check "simulate: same seed, same figures" [ "$(untimed "$T/sim1")" = "$(untimed "$T/out")" ]
run simulate --games 300 --players 3 --seed 43 --json
check "simulate: other seed, other figures" [ "$(untimed "$T/sim1")" != "$(untimed "$T/out")" ]
run simulate --games 1 --players 3 --seed 43 --json
sim=$(sed 's/.*"avg_scores":\(\[[^]]*\]\).*/\1/' "$T/out")
run play --protocol json --seats random,random,random --seed 43 </dev/null
play=$(tail -n 1 "$T/out" | sed 's/.*"scores":\(\[[^]]*\]\).*/\1/')
check "simulate game i = play --seed S+i ($sim = $play)" [ "$sim" = "$play" ]
run simulate --games 50 --seed 1
check "simulate text" grep -q '^A shared win counts 1/k for each of its k winners.$' "$T/out"
run simulate --games 20 --seed 1 --max-decisions 3 --json
check "simulate bound draws" grep -q '"draws":20,"bound_draws":20,"faults":0' "$T/out"

# ---- valgrind on the plain build ----
# (An old valgrind cannot read clang's DWARF 5: the probe skips it then.)
if [ -n "$PLAIN" ] && command -v valgrind >/dev/null 2>&1 &&
   ! valgrind -q --error-exitcode=9 "$PLAIN" --help >/dev/null 2>&1; then
    echo "cli: valgrind cannot run $PLAIN here; valgrind checks skipped"
elif [ -n "$PLAIN" ] && command -v valgrind >/dev/null 2>&1; then
    VG="valgrind -q --error-exitcode=9 --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all"
    { echo garbage; megabyte; repeat '{"choose":1}' 3; repeat '{"choose":0}' 100; } >"$T/in"
    $VG "$PLAIN" play --protocol json --seed 3 --players 4 <"$T/in" >/dev/null 2>"$T/err"
    echo $? >"$T/rc"
    check "valgrind: json game" rc_is 0
    { echo x; echo 2; repeat 1 5; } | $VG "$PLAIN" play --seed 3 >/dev/null 2>"$T/err"
    echo $? >"$T/rc"
    check "valgrind: terminal game, eof" rc_is 0
    $VG "$PLAIN" simulate --games 200 --seed 3 --json >/dev/null 2>"$T/err"
    echo $? >"$T/rc"
    check "valgrind: simulate" rc_is 0
fi

echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
