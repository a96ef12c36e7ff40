#!/bin/sh
# install.sh: cardc installs like a C tool (issue 23, point 1).
#
#   - `make install PREFIX=P DESTDIR=D` stages every file under D/P and
#     nothing at P; the staged cardc looks for its runtime at P (the prefix
#     is compiled in, never DESTDIR) and says so clearly while it is not
#     there;
#   - the staged tree moved to its prefix P (as a package is unpacked),
#     `cardc build GAMEDIR -o GAME` builds Easy School in one step against
#     the installed tree alone: the C compiler's command line and every
#     header it opens are under P or the system's, none in this checkout
#     (a CC that logs them and runs `cc -H`), and the game, copied out of
#     the checkout, plays the games of build/bin/easy-school seed by seed
#     (simulate, and one game at the terminal);
#   - cardrt.pc gives the flags to build the same game by hand, and the
#     man pages render without a warning, found by man through MANPATH;
#   - the installed bash completions complete cardc and a game binary;
#   - a C compiler that cannot be run or fails is exit status 2 with a
#     clear message, and leaves GAME as it was; a game with errors runs
#     no compiler (1), a card file alone has no game to build (2);
#   - the build tree's cardc builds a game against the build tree;
#   - `make uninstall` removes every file, from P and from a DESTDIR.
#
#   sh tests/install.sh BUILD       (BUILD: the build folder, after `make`)
# Run from the repository root. Prints "install: N passed, M failed".
B=${1:?usage: tests/install.sh BUILD}
ROOT=$PWD
case $B in /*) ;; *) B=$ROOT/$B ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/install.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="install: "
. tests/check.sh

P=$T/prefix
D=$T/stage
FILES="bin/cardc lib/libcardrt.a include/cardrt/rt.h include/cardrt/rt_game.h
include/cardrt/faults.h lib/pkgconfig/cardrt.pc share/man/man1/cardc.1
share/man/man5/cardc-cards.5 share/man/man5/cardc-rules.5
share/man/man7/cardc-protocol.7 share/cardc/cardc-cards.schema.json
share/bash-completion/completions/cardc
share/bash-completion/completions/cardc-game share/zsh/site-functions/_cardc
share/zsh/site-functions/_cardc_game share/fish/vendor_completions.d/cardc.fish
share/fish/vendor_completions.d/cardc-game.fish"

# run CMD...: stdout in $T/out, stderr in $T/err, status in $rc.
run() { "$@" >"$T/out" 2>"$T/err"; rc=$?; }
says() { grep -qF -- "$1" "$T/err"; }
all_in() { for f in $FILES; do [ -f "$1/$f" ] || { echo "missing $1/$f"; return 1; }; done; }
# nothing_in DIR: DIR holds no file and no link (folders may stay).
nothing_in() { [ -z "$(find "$1" ! -type d 2>/dev/null)" ]; }
# make of its own: not the flags nor the job server of a make running
# this script (make test)
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory B="$B" "$@"; }
# figures BIN SEED: simulate's JSON line without the timings.
figures() {
    "$1" simulate --games 300 --players 4 --seed "$2" --json |
        sed 's/"seconds":[^,]*,"games_per_sec":[^,]*,//; s/"decisions_per_sec":[^,]*,//'
}
same_games() {
    for s in 1 2 3; do
        [ "$(figures "$1" $s)" = "$(figures "$B/bin/easy-school" $s)" ] || return 1
    done
    "$1" play --seats random,random,random --seed 11 --reveal-all >"$T/play.a" 2>&1 &&
        "$B/bin/easy-school" play --seats random,random,random --seed 11 --reveal-all \
            >"$T/play.b" 2>&1 && cmp -s "$T/play.a" "$T/play.b"
}

# ---- staged: every file under DESTDIR/PREFIX, none at PREFIX ----
run mk install PREFIX="$P" DESTDIR="$D"
check "make install: exit 0" [ "$rc" = 0 ]
[ "$rc" = 0 ] || cat "$T/err"
check "staged: every file under DESTDIR/PREFIX" all_in "$D$P"
check "staged: nothing at PREFIX" [ ! -e "$P" ]
check "staged: cardc is executable" [ -x "$D$P/bin/cardc" ]
run "$D$P/bin/cardc" --help
check "cardc --help names the prefix's folders" \
    grep -qF "$P/include/cardrt (headers) and $P/lib (libcardrt.a)" "$T/out"
check "cardc --help names no DESTDIR" sh -c "! grep -qF '$D' '$T/out'"
check "cardrt.pc: the prefix, not DESTDIR" grep -qx "prefix=$P" "$D$P/lib/pkgconfig/cardrt.pc"
mkdir "$T/w"
run "$D$P/bin/cardc" build decks/easy-school -o "$T/w/es"
check "staged cardc: no runtime at PREFIX yet: exit 2" [ "$rc" = 2 ]
check "staged cardc: says where it looked" \
    says "cardc: cannot find the runtime: '$P/include/cardrt/rt.h': No such file or directory"
check "staged cardc: no binary" [ ! -e "$T/w/es" ]

# ---- installed: the staged tree moved to its prefix ----
mv "$D$P" "$P"
cp -R decks/easy-school "$T/w/game"
cat >"$T/logcc" <<EOF
#!/bin/sh
printf '%s\n' "\$*" >>"$T/cc.args"
exec cc -H "\$@" 2>>"$T/cc.headers"
EOF
chmod +x "$T/logcc"
(cd "$T/w" && CC="$T/logcc" PATH="$P/bin:$PATH" cardc build game -o es) >"$T/out" 2>"$T/err"
rc=$?
check "cardc build GAMEDIR -o GAME: exit 0" [ "$rc" = 0 ]
[ "$rc" = 0 ] || cat "$T/err"
check "the compiler ran once" [ "$(wc -l <"$T/cc.args" 2>/dev/null)" = 1 ]
check "its headers: -I PREFIX/include/cardrt" grep -qF -- "-I $P/include/cardrt " "$T/cc.args"
check "its library: PREFIX/lib/libcardrt.a" grep -qF -- " $P/lib/libcardrt.a " "$T/cc.args"
check "the headers it opened include the installed rt_game.h" \
    grep -qF " $P/include/cardrt/rt_game.h" "$T/cc.headers"
check "no path into this checkout on its command line" sh -c "! grep -qF '$ROOT' '$T/cc.args'"
check "no header from this checkout" sh -c "! grep -qF '$ROOT' '$T/cc.headers'"
check "no temporary left beside GAME" [ "$(ls -A "$T/w" | tr '\n' ' ')" = "es game " ]
check "the installed game plays build/bin/easy-school's games" same_games "$T/w/es"

# ---- by hand, with pkg-config ----
flags=$(PKG_CONFIG_PATH=$P/lib/pkgconfig pkg-config --cflags --libs cardrt | sed "s/ *$//")
check "pkg-config: the prefix's flags" [ "$flags" = "-I$P/include/cardrt -L$P/lib -lcardrt -pthread" ]
"$P/bin/cardc" build "$T/w/game" -o "$T/w/es.c" &&
    cc -std=c11 -O2 "$T/w/es.c" $flags -o "$T/w/es-pc" 2>"$T/err"
check "pkg-config: the game builds by hand" [ -x "$T/w/es-pc" ]
check "pkg-config: and plays the same games" same_games "$T/w/es-pc"

# ---- the man pages ----
for page in man1/cardc.1 man5/cardc-cards.5 man5/cardc-rules.5 man7/cardc-protocol.7; do
    groff -man -ww -z "$P/share/man/$page" 2>"$T/err"
    check "$page: renders without a warning" [ ! -s "$T/err" ]
done
found=$(MANPATH=$P/share/man man -w cardc-protocol 2>/dev/null)
check "man finds cardc-protocol(7) through MANPATH" \
    [ "$found" = "$P/share/man/man7/cardc-protocol.7" ]

# ---- the schema, and cardc init's modeline pointing at it ----
check "the installed schema is what cardc schema prints" \
    sh -c "'$P/bin/cardc' schema | cmp -s - '$P/share/cardc/cardc-cards.schema.json'"
run "$P/bin/cardc" init "$T/starter"
check "cardc init: exit 0" [ "$rc" = 0 ]
check "cardc init: the modeline names the installed schema" [ "$(head -n 1 "$T/starter/cards.yaml")" = \
    "# yaml-language-server: \$schema=$P/share/cardc/cardc-cards.schema.json" ]
run "$P/bin/cardc" build "$T/starter" -o "$T/high-card"
check "the starter game builds against the installed tree" [ -x "$T/high-card" ]

# ---- the shell completions ----
# bash_offers FILE FUNCTION WORD...: what bash's completion offers for the
# last WORD, on one line.
bash_offers() {
    bash -c 'source "$1"; fn=$2; shift 2; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
             "$fn"; echo "${COMPREPLY[*]}"' sh "$@"
}
BC=$P/share/bash-completion/completions
check "the installed bash completion completes cardc's commands" \
    [ "$(bash_offers "$BC/cardc" _cardc cardc c)" = "check" ]
check "the installed bash completion completes a game's commands" \
    [ "$(bash_offers "$BC/cardc-game" _cardc_game es s)" = "simulate serve stats" ]

# ---- the C compiler missing or failing ----
cp "$T/w/es" "$T/es.before"
(cd "$T/w" && CC=no-such-cc "$P/bin/cardc" build game -o es) >"$T/out" 2>"$T/err"
rc=$?
check "no compiler: exit 2" [ "$rc" = 2 ]
check "no compiler: says so" \
    says "cardc: cannot run the C compiler 'no-such-cc': No such file or directory (set CC to a C compiler)"
(cd "$T/w" && CC="cc -DNO_SUCH_FLAG -Werror=no-such-warning" "$P/bin/cardc" build game -o es) \
    >"$T/out" 2>"$T/err"
rc=$?
check "compiler fails: exit 2" [ "$rc" = 2 ]
check "compiler fails: says so" \
    says "cardc: the C compiler 'cc -DNO_SUCH_FLAG -Werror=no-such-warning' failed (exit status 1): 'es' not built"
check "compiler fails: GAME as it was" cmp -s "$T/w/es" "$T/es.before"
check "compiler fails: no temporary left" [ "$(ls -A "$T/w" | tr '\n' ' ')" = "es es-pc es.c game " ]
# $CC at its limits (docs/LIMITS.md): 32 words and 4,095 bytes build.
words="cc"
for i in $(seq 2 32); do words="$words -DW$i"; done
(cd "$T/w" && CC="$words" "$P/bin/cardc" build game -o es32) >"$T/out" 2>"$T/err"
check "CC of 32 words: builds" [ -x "$T/w/es32" ]
(cd "$T/w" && CC="$words -DW33" "$P/bin/cardc" build game -o es33) >"$T/out" 2>"$T/err"
rc=$?
check "CC of 33 words: exit 2" [ "$rc" = 2 ]
check "CC of 33 words: says so" says "cardc: \$CC has more than 32 words (limit max_cc_words)"
long="cc -DL=$(printf '%04088d' 0)"
check "CC of 4095 bytes: so long" [ ${#long} = 4095 ]
(cd "$T/w" && CC="$long" "$P/bin/cardc" build game -o es4095) >"$T/out" 2>"$T/err"
check "CC of 4095 bytes: builds" [ -x "$T/w/es4095" ]
(cd "$T/w" && CC="${long}0" "$P/bin/cardc" build game -o es4096) >"$T/out" 2>"$T/err"
rc=$?
check "CC of 4096 bytes: exit 2" [ "$rc" = 2 ]
check "CC of 4096 bytes: says so" says "cardc: \$CC is longer than 4095 bytes (limit max_cc_bytes)"
rm -f "$T/w/es32" "$T/w/es4095"

run "$P/bin/cardc" build examples/broken-rules/unknown-card -o "$T/w/broken"
check "a game with errors: exit 1" [ "$rc" = 1 ]
check "a game with errors: no binary" [ ! -e "$T/w/broken" ]

run "$P/bin/cardc" build decks/easy-school/cards.yaml -o "$T/w/cards-only"
check "a card file alone: exit 2" [ "$rc" = 2 ]
check "a card file alone: says it has no rules" says \
    "cardc: -o GAME builds a game: 'decks/easy-school/cards.yaml' has no rules (its cards' C tables go to -o FILE.c)"
check "a card file alone: no binary" [ ! -e "$T/w/cards-only" ]

# ---- the build tree's cardc, against the build tree ----
run "$B/bin/cardc" build decks/easy-school -o "$T/tree-es"
check "build/bin/cardc build -o GAME: exit 0" [ "$rc" = 0 ]
check "build/bin/cardc build -o GAME: plays the same games" same_games "$T/tree-es"

# ---- uninstall: nothing left ----
run mk uninstall PREFIX="$P"
check "make uninstall: exit 0" [ "$rc" = 0 ]
check "uninstall: no file left under PREFIX" nothing_in "$P"
check "uninstall: the headers' folder removed" [ ! -e "$P/include/cardrt" ]
run mk install PREFIX="$P" DESTDIR="$D"
run mk uninstall PREFIX="$P" DESTDIR="$D"
check "uninstall with DESTDIR: exit 0" [ "$rc" = 0 ]
check "uninstall with DESTDIR: no file left" nothing_in "$D"

summary install
