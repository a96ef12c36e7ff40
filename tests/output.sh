#!/bin/sh
# output.sh: what cardc writes is never half-written, and a write that
# fails is an error (issue 9, points 3 and 7).
#
#   - `build -o FILE` writes a temporary beside FILE and renames it: past a
#     file size limit (ulimit -f) or into a folder that does not exist, the
#     previous FILE is intact, the message gives the system's reason, exit
#     status 2, and no temporary is left; FILE keeps its permissions, a
#     new one gets the umask's, a symbolic link stays one; a device
#     (/dev/full) is written in place and fails with its reason;
#   - make's rule for build/gen/GAME.c leaves no C file behind when cardc
#     cannot write it;
#   - every command that writes its result (--version, --help, check
#     --format=json and --format=sarif, schema, build --dump, check's
#     diagnostics on stderr) fails with exit status 2, and a message
#     where it can, when stdout (or stderr) is full, over the size limit
#     or closed;
#   - the banner of the generated C survives a path with "*/" and "/*" in
#     it, and a rules line with "/*" in a string: the C still compiles
#     with -Wall -Wextra -Werror;
#   - `-o` given twice is a usage error.
#   - `check CARDS.yaml --rules FILE.rules` checks the card file with those
#     rules as a game folder holding both (one file or several, in text or
#     JSON; errors in the card file do not stop the rules' check); --rules with a folder, without a file or with build is a usage
#     error, and a rules file that cannot be read is unreadable input: all
#     exit status 2.
# The failures run under the ASan build too, for leaks on those paths.
#
#   sh tests/output.sh build/bin/cardc build/bin/cardc-asan
# Run from the repository root. Prints "output: N passed, M failed".
cardc=${1:?usage: tests/output.sh CARDC CARDC_ASAN}
asan=${2:?usage: tests/output.sh CARDC CARDC_ASAN}
case $cardc in /*) ;; *) cardc=$PWD/$cardc ;; esac
case $asan in /*) ;; *) asan=$PWD/$asan ;; esac
game=decks/easy-school
T=$(mktemp -d "${TMPDIR:-/tmp}/output.XXXXXX")
trap 'chmod -R u+w "$T" 2>/dev/null; rm -rf "$T"' EXIT
CHECK_PREFIX="output: "
. tests/check.sh
export ASAN_OPTIONS=detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1

# run CMD...: stdout in $T/out, stderr in $T/err, status in $rc.
run() { "$@" >"$T/out" 2>"$T/err"; rc=$?; }
status() { [ "$rc" = "$1" ]; }
says() { grep -qxF -- "$1" "$T/err"; }
clean() { ! grep -qE 'Sanitizer|runtime error:' "$T/err"; }
# only DIR NAME...: DIR holds exactly these names (no temporary left).
only() { d=$1; shift; [ "$(ls -A "$d" | tr '\n' ' ')" = "$*${*:+ }" ]; }
# limited BLOCKS CMD...: CMD under a file size limit of BLOCKS blocks (512
# or 1024 bytes, as the shell counts), with SIGXFSZ as the shell leaves it:
# cardc must not die of it.
limited() { blocks=$1; shift; sh -c 'ulimit -f "$0" && exec "$@"' "$blocks" "$@"; }

"$cardc" build "$game" -o "$T/ref.c" || { echo "output: cannot build $game"; exit 1; }

# ---- build -o: success ----
mkdir "$T/w"
run "$cardc" build "$game" -o "$T/w/game.c"
check "build: exit 0" status 0
check "build: the C written" cmp -s "$T/w/game.c" "$T/ref.c"
check "build: nothing else in the folder" only "$T/w" game.c
(top=$PWD && cd "$T/w" && "$cardc" build "$top/$game" -o here.c && "$cardc" build "$top/$game" -o "$T/ref-here.c")
check "build: -o without a folder" cmp -s "$T/w/here.c" "$T/ref-here.c"
rm -f "$T/w/here.c"

# ---- build -o: a failed write keeps the previous file ----
echo "the previous file" >"$T/w/game.c"
cp "$T/w/game.c" "$T/prev"
for bin in "$cardc" "$asan"; do
    b=$(basename "$bin")
    run limited 20 "$bin" build "$game" -o "$T/w/game.c"
    check "$b: size limit: exit 2" status 2
    check "$b: size limit: the reason" says "cardc: cannot write '$T/w/game.c': File too large"
    check "$b: size limit: the previous file intact" cmp -s "$T/w/game.c" "$T/prev"
    check "$b: size limit: no temporary left" only "$T/w" game.c
    check "$b: size limit: no leak" clean

    run "$bin" build "$game" -o "$T/w/none/game.c"
    check "$b: no such folder: exit 2" status 2
    check "$b: no such folder: the reason" \
        says "cardc: cannot write '$T/w/none/game.c': No such file or directory"
    check "$b: no such folder: no leak" clean

    if [ -w /dev/full ]; then
        run "$bin" build "$game" -o /dev/full
        check "$b: -o /dev/full: exit 2" status 2
        check "$b: -o /dev/full: the reason" says "cardc: cannot write '/dev/full': No space left on device"
        check "$b: -o /dev/full: no leak" clean
    fi
done
if [ "$(id -u)" != 0 ]; then # root writes anywhere
    chmod a-w "$T/w"
    run "$cardc" build "$game" -o "$T/w/game.c"
    chmod u+w "$T/w"
    check "read-only folder: exit 2" status 2
    check "read-only folder: the reason" says "cardc: cannot write '$T/w/game.c': Permission denied"
    check "read-only folder: the previous file intact" cmp -s "$T/w/game.c" "$T/prev"
fi

# ---- build -o: permissions and links as writing in place left them ----
chmod 604 "$T/w/game.c"
"$cardc" build "$game" -o "$T/w/game.c"
check "an existing file keeps its mode" [ "$(stat -c %a "$T/w/game.c")" = 604 ]
(umask 027 && "$cardc" build "$game" -o "$T/w/new.c")
check "a new file gets the umask's mode" [ "$(stat -c %a "$T/w/new.c")" = 640 ]
ln -s game.c "$T/w/link.c"
echo "the previous file" >"$T/w/game.c"
"$cardc" build "$game" -o "$T/w/link.c"
check "a link stays a link" [ -L "$T/w/link.c" ]
check "a link's target is written" cmp -s "$T/w/game.c" "$T/ref.c"
check "links: no temporary left" only "$T/w" game.c link.c new.c

# ---- make: no C file behind a failed cardc ----
# The Makefile's rule for build/gen/GAME.c, in a build folder of its own
# ($T/mk), with this cardc (-o: not rebuilt) and a file size limit.
mkdir -p "$T/mk/bin"
cp "$cardc" "$T/mk/bin/cardc"
if command -v make >/dev/null 2>&1; then
    run limited 20 make -s --no-print-directory B="$T/mk" -o "$T/mk/bin/cardc" \
        "$T/mk/gen/easy-school.c"
    check "make: cardc fails, make fails" [ "$rc" != 0 ]
    check "make: the reason" grep -q "cardc: cannot write '$T/mk/gen/easy-school.c': File too large" "$T/err"
    check "make: no C file, no temporary" only "$T/mk/gen"
    run make -s --no-print-directory B="$T/mk" -o "$T/mk/bin/cardc" "$T/mk/gen/easy-school.c"
    check "make: then the whole C file" cmp -s "$T/mk/gen/easy-school.c" "$T/ref.c"
fi

# ---- every command that writes its result ----
# fails OUT WHY WHAT CMD...: CMD with stdout to OUT (/dev/full, "closed",
# or "limit": a file under a size limit of 0) exits 2 saying WHAT: WHY.
fails() { # (check.sh's check uses $what)
    out=$1 why=$2 target=$3
    shift 3
    case $out in
    closed) "$@" >&- 2>"$T/err"; rc=$? ;;
    limit) # stderr through a pipe: a file would be over the limit too
        { limited 0 "$@" 2>&1 >"$T/o"; echo $? >"$T/rc"; } | cat >"$T/err"
        rc=$(cat "$T/rc") ;;
    *) "$@" >"$out" 2>"$T/err"; rc=$? ;;
    esac
    check "$* >$out: exit 2" status 2
    check "$* >$out: the message" says "cardc: cannot write $target: $why"
    check "$* >$out: no leak" clean
}
for bin in "$cardc" "$asan"; do
    for out in /dev/full limit closed; do
        case $out in
        /dev/full) why="No space left on device"; [ -w /dev/full ] || continue ;;
        limit) why="File too large" ;;
        closed) why="Bad file descriptor" ;;
        esac
        fails $out "$why" "to stdout" "$bin" --version
        fails $out "$why" "to stdout" "$bin" --help
        fails $out "$why" "to stdout" "$bin" check --format=json "$game"
        fails $out "$why" "to stdout" "$bin" check --format=json examples/broken/many-errors.yaml
        fails $out "$why" "to stdout" "$bin" check --format=sarif examples/broken/many-errors.yaml
        fails $out "$why" "to stdout" "$bin" schema
        fails $out "$why" "the dump to stdout" "$bin" build "$game" --dump=analysed
    done
done
# check's result is its diagnostics, on stderr: lost, they are an error.
if [ -w /dev/full ]; then
    "$cardc" check examples/broken/many-errors.yaml 2>/dev/full
    rc=$?
    check "check 2>/dev/full: exit 2" status 2
    "$cardc" check "$game" 2>/dev/full
    rc=$?
    check "check 2>/dev/full, nothing to say: exit 0" status 0
fi

# ---- the banner and comments of the generated C ----
# A game in a folder whose path holds "*/" and "/*", a rules string with
# "/*" in it: the C compiles, warnings as errors.
odd="$T/end*/x/*open"
mkdir -p "$odd"
cp tests/dump/game/cards.yaml "$odd/"
sed 's|"Which gem?"|"Which /* gem */?"|' tests/dump/game/game.rules >"$odd/game.rules"
check "odd path: the string is in the rules" grep -q 'Which /\* gem \*/?' "$odd/game.rules"
for kind in game cards; do # (check.sh's check uses $what)
    src=$odd
    [ $kind = cards ] && src=$odd/cards.yaml
    run "$asan" build "$src" -o "$T/odd-$kind.c"
    check "odd path ($kind): built" status 0
    check "odd path ($kind): the path in the banner" \
        grep -qF "/* Generated by cardc from $(printf '%s' "$src" | sed 's|\*/|*\\/|g; s|/\*|/\\*|g')." "$T/odd-$kind.c"
    check "odd path ($kind): the C compiles" \
        cc -std=c11 -Wall -Wextra -Werror -Iruntime -c "$T/odd-$kind.c" -o "$T/odd-$kind.o"
done

# ---- usage ----
run "$asan" build "$game" -o "$T/a.c" -o "$T/b.c"
check "-o twice: exit 2" status 2
check "-o twice: the message" says "cardc: -o given twice: build writes one file"
check "-o twice: nothing written" sh -c '[ ! -e "$1" ] && [ ! -e "$2" ]' _ "$T/a.c" "$T/b.c"

# ---- check --rules: a card file with rules files given apart ----
sc=decks/school-control
run "$asan" check "$sc"
folder_rc=$rc
cp "$T/err" "$T/folder.err"
check "--rules: the folder checks" status 0
run "$asan" check "$sc/cards.yaml" --rules "$sc/game.rules"
check "--rules: exit status as the folder's" status "$folder_rc"
check "--rules: the folder's diagnostics" cmp -s "$T/err" "$T/folder.err"
check "--rules: the folder's diagnostics are there" test -s "$T/err"
# Errors in the card file do not stop the rules given with --rules from
# being checked: the rules' error and the note that says how, exactly as
# the folder's golden (examples/broken-rules/card-errors-rules-checked).
ce=examples/broken-rules/card-errors-rules-checked
run "$asan" check "$ce/cards.yaml" --rules "$ce/game.rules"
check "--rules, errors in the card file: exit 1" status 1
check "--rules, errors in the card file: the rules checked too, as the folder's golden" \
    cmp -s "$T/err" "$ce/expected"
run "$asan" check "$sc/cards.yaml"
check "without --rules: no rules read (no error about them)" status 0
# The rules split in two files, given in either order.
split=$(grep -n '^# ---- Control' "$sc/game.rules" | cut -d: -f1)
head -n $((split - 1)) "$sc/game.rules" >"$T/a.rules"
tail -n +"$split" "$sc/game.rules" >"$T/b.rules"
run "$asan" check "$sc/cards.yaml" --rules "$T/b.rules" --rules="$T/a.rules"
check "--rules twice: exit 0" status 0
check "--rules twice: the folder's diagnostics" cmp -s "$T/err" "$T/folder.err"
run "$asan" check "$sc/cards.yaml" --rules "$T/a.rules"
check "--rules, half the rules: errors" status 1
check "--rules, half the rules: no main, in a.rules" \
    says "$T/a.rules:1:1: error: the rules have no 'proc main()': the game starts there"
run "$asan" check --format=json --rules "$sc/game.rules" "$sc/cards.yaml"
check "--rules --format=json: exit 0" status 0
check "--rules --format=json: the warning" grep -q '"file":"decks/school-control/cards.yaml","line":230' "$T/out"
printf 'game "G"\nplayers 2\nzone deck: shared\nproc main() {\n    nothing(1)\n}\n' >"$T/bad.rules"
run "$asan" check "$sc/cards.yaml" --rules "$T/bad.rules"
check "--rules: an error in the rules file: exit 1" status 1
check "--rules: an error in the rules file: its position" grep -q "^$T/bad.rules:5:5: error:" "$T/err"
run "$asan" check "$sc" --rules "$sc/game.rules"
check "--rules with a folder: exit 2" status 2
check "--rules with a folder: the message" says "cardc: --rules goes with a card file, not a game folder"
run "$asan" check "$sc/cards.yaml" --rules
check "--rules without a file: exit 2" status 2
check "--rules without a file: the message" says "cardc: --rules needs a FILE.rules"
run "$asan" check --rules "$sc/game.rules"
check "--rules without a PATH: exit 2" status 2
check "--rules without a PATH: the message" says "cardc: no PATH given"
set -- ; i=0
while [ $i -lt 64 ]; do set -- "$@" --rules "$T/a.rules"; i=$((i + 1)); done
run "$asan" check "$sc/cards.yaml" "$@"
check "--rules 64 times: read (errors, not a usage error)" status 1
run "$asan" check "$sc/cards.yaml" "$@" --rules "$T/b.rules"
check "--rules 65 times: exit 2" status 2
check "--rules 65 times: the message" says "cardc: more than 64 --rules files (limit max_rules_files)"
run "$asan" build "$sc/cards.yaml" --rules "$sc/game.rules" -o "$T/sc.c"
check "build --rules: exit 2" status 2
check "build --rules: the message" says "cardc: --rules is an option of check"
check "build --rules: nothing written" test ! -e "$T/sc.c"
run "$asan" check "$sc/cards.yaml" --rules "$T/none.rules"
check "--rules, a missing file: exit 2" status 2
check "--rules, a missing file: the reason" says "$T/none.rules: error: cannot read: No such file or directory"
check "--rules, a missing file: no leak" clean
run "$asan" --help
check "--help: --rules" grep -q -- "--rules FILE.rules" "$T/out"

summary output
