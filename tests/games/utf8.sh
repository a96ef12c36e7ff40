#!/bin/sh
# utf8.sh: every line a game writes is UTF-8, and every label is whole.
#
# tests/games/utf8-lab has card names as long as max_name allows (200
# characters of 4, 3 and 2 bytes), a set of eight of them (the longest label
# a game can have), an option label of max_label = 1000 characters of 4
# bytes, and prompts and labels of every width. A label used to be cut at
# 511 bytes: in the middle of a character (not UTF-8, so not JSON), and the
# sets of eight into identical labels. For each case of the lab this script
# checks, built with ASan+UBSan when LIBCARDRT is the ASan build,
#   - play --protocol json: tests/games/jsonl_check.py (each line strict
#     UTF-8 JSON, the options of a decision told apart by their labels),
#     and each label whole: the names of its cards, or the rules' text;
#   - play at the terminal: each option's line whole;
# then a game whose rules file is named in Latin-1 builds (with clang too,
# which refuses a string literal that is not UTF-8) and faults, and the
# JSON end line that names the file is still UTF-8 (the byte becomes
# U+FFFD); last, tests/games/robust.sh on the lab.
#
#   sh tests/games/utf8.sh CARDC LIBCARDRT
# Prints "utf8: N passed, M failed"; exits 1 if any failed.
cardc=${1:?usage: utf8.sh CARDC LIBCARDRT}
lib=${2:?usage: utf8.sh CARDC LIBCARDRT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/tests/games
LAB=$HERE/utf8-lab
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/utf8.XXXXXX")
trap 'rm -rf "$T"' EXIT
export ASAN_OPTIONS=detect_leaks=1
CHECK_PREFIX="utf8: "
. "$ROOT/tests/check.sh"

if ! command -v python3 >/dev/null 2>&1; then
    echo "utf8: skipped (needs python3)"
    exit 0
fi
san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
    -static-libasan -static-libubsan"
case $lib in *asan*) ;; *) san= ;; esac
# build DIR NAME: T/NAME from the game folder DIR
build() {
    "$cardc" build "$1" -o "$T/$2.c" 2>"$T/err" &&
        "$CC" -std=c11 -Wall -Wextra -Werror -Og -g1 $san -I"$ROOT/runtime" "$T/$2.c" "$lib" \
            -o "$T/$2" 2>>"$T/err"
}
if ! build "$LAB" lab; then
    echo "FAIL utf8: the UTF-8 lab does not build"
    sed 's/^/    /' "$T/err" | head -20
    echo "utf8: 0 passed, 1 failed"
    exit 1
fi
clean() { ! grep -q 'ERROR: AddressSanitizer\|runtime error:' "$T/stderr"; }

# labels.py OUT: every label of the stream's decisions is whole: a card
# choice's label is a card name of cards.yaml, a set's the names of its
# cards joined by ", ", a menu's the text of an option of game.rules.
cat >"$T/labels.py" <<'EOF'
import json, re, sys
lab = sys.argv[2]
names = set(re.findall(r'name: "([^"]*)"', open(lab + "/cards.yaml", encoding="utf-8").read()))
texts = set(re.findall(r'(?:option|else) "([^"]*)"', open(lab + "/game.rules", encoding="utf-8").read()))
n = 0
for line in open(sys.argv[1], "rb"):
    m = json.loads(line.decode("utf-8"))
    if m["type"] != "decision":
        continue
    for o in m["options"]:
        label = o["label"]
        n += 1
        if label not in texts and not all(part in names for part in label.split(", ")):
            sys.exit("a label cut or changed: %d bytes: %r" % (len(label.encode()), label[-20:]))
if n == 0:
    sys.exit("no labels")
EOF
# labels_whole CASE: play case CASE, every answer 0; check the stream
labels_whole() {
    printf '{"choose":%s}\n{"choose":0}\n' "$1" >"$T/in"
    "$T/lab" play --protocol json --seed 1 <"$T/in" >"$T/out" 2>"$T/stderr" && clean &&
        python3 "$HERE/jsonl_check.py" "$T/out" --ended && python3 "$T/labels.py" "$T/out" "$LAB"
}
check "a set of eight names of 800 bytes: JSON, labels whole" labels_whole 0
check "a card of 200 characters, and else: JSON, labels whole" labels_whole 1
check "a label of 1000 characters of 4 bytes: JSON, labels whole" labels_whole 2
# The JSON names the sets' 45 labels apart, each the longest a set may be.
printf '{"choose":0}\n' >"$T/in"
"$T/lab" play --protocol json --seed 1 <"$T/in" >"$T/out" 2>"$T/stderr"
check "a set of eight: 45 options, 5,813 to 6,414 bytes" python3 -c '
import json, sys
d = [json.loads(l) for l in open(sys.argv[1], "rb")][1]
sizes = [len(o["label"].encode()) for o in d["options"]]
assert len(sizes) == 45 and len(set(o["label"] for o in d["options"])) == 45, sizes
assert min(sizes) == 5813 and max(sizes) == 6414, (min(sizes), max(sizes))' "$T/out"

# At the terminal: the option of 1000 characters and the sets, whole.
printf '3\n1\n' | "$T/lab" play --seats human,human --seed 1 >"$T/out" 2>"$T/stderr"
check "terminal: the label of 1000 characters, whole" python3 -c '
import sys
text = open(sys.argv[1], "rb").read().decode("utf-8")
assert "  3) " + "\U0001F0CF" * 1000 + "\n" in text' "$T/out"
printf '1\n1\n' | "$T/lab" play --seats human,human --seed 1 >"$T/out" 2>"$T/stderr"
check "terminal: a set of eight, whole" python3 -c '
import re, sys
text = open(sys.argv[1], "rb").read().decode("utf-8")
sets = re.findall(r"^  [0-9]+\) (.*, .*)$", text, re.M)
assert len(sets) == 45 and all(len(s) == 8 * 200 + 7 * 2 for s in sets), len(sets)' "$T/out"

# A rules file named in Latin-1: the fault's end line names it in UTF-8.
# 'pile' is filled after the read, so cardc only warns that line 6 faults.
mkdir "$T/latin"
cp "$LAB/cards.yaml" "$T/latin/"
printf 'game "Latin"\nplayers 2\nzone deck: shared, public\nzone pile: shared, public\nproc main() {\n    move top(pile) to deck\n    move all deck to pile\n    end\n}\n' \
    >"$T/latin/caf$(printf '\351').rules"
if build "$T/latin" latin-game; then
    "$T/latin-game" play --protocol json --seed 1 </dev/null >"$T/out" 2>"$T/stderr"
    check "a Latin-1 file name: the end line is JSON" python3 "$HERE/jsonl_check.py" "$T/out"
    check "a Latin-1 file name: U+FFFD for the byte" \
        grep -q '"fault":{"kind":"empty_top","file":"caf\\ufffd.rules","line":6,' "$T/out"
    # clang refuses a string literal that is not UTF-8 (-Winvalid-source-encoding)
    if command -v clang >/dev/null 2>&1; then
        check "a Latin-1 file name: the C builds with clang -Werror" \
            clang -std=c11 -Wall -Wextra -Werror -I"$ROOT/runtime" -c "$T/latin-game.c" -o "$T/latin.o"
    fi
else
    check "a game with a Latin-1 file name builds" false
fi

check "robust.sh on the lab" sh "$HERE/robust.sh" "$T/lab"
summary utf8
