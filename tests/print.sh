#!/bin/sh
# print.sh: cardc print, the print-and-play sheets and the Tabletop
# Simulator deck (docs/INTERFACES.md, "cardc print").
#
#   - every deck of decks/, on A4 and on Letter: a PDF that pdfinfo (and
#     qpdf, when installed) reads, of ceil(copies / 9) pages, whose pages
#     rendered by pdftoppm show the card grid and the cut marks where the
#     geometry puts them (tests/print/check_pdf.py), and whose words all
#     stay on their cards (check_text.py);
#   - a card file made to strain the layout (tests/print/long-text): the
#     same, its long text cut with an ellipsis, its characters outside
#     WinAnsiEncoding printed as '?' with the warnings of long-text.expected;
#   - a game with errors is refused with check's diagnostics, and writes
#     nothing: every examples/broken card file (its .expected exactly) and
#     every examples/broken-rules game (what check says);
#   - an output that cannot be written is said (status 2) and the usage
#     errors of print;
#   - --tts: the saved object and sheets of every deck and of a generated
#     card file of 150 kinds, three sheets (check_tts.py).
#
#   sh tests/print.sh CARDC         (e.g. build/bin/cardc)
# Run from the repository root. Prints "print: N passed, M failed".
cardc=${1:?usage: tests/print.sh CARDC}
T=$(mktemp -d "${TMPDIR:-/tmp}/print.XXXXXX")
trap 'rm -rf "$T"' EXIT
CHECK_PREFIX="print: "
. tests/check.sh
P=tests/print

# copies CARDS.yaml: how many cards the file makes (the sum of its counts).
copies() {
    python3 -c 'import sys, yaml
print(sum(c.get("count", 1) for c in yaml.safe_load(open(sys.argv[1], encoding="utf-8"))["cards"]))' "$1"
}
# prints_clean PATH OUT ARGS...: cardc print exits 0 and writes OUT.
prints_clean() {
    path=$1 out=$2
    shift 2
    "$cardc" print "$path" "$@" 2>"$T/err" && [ -s "$out" ] ||
        { echo "  status $?: $(head -c 600 "$T/err")"; return 1; }
}

for deck in decks/*/; do
    deck=${deck%/}
    name=${deck##*/}
    n=$(copies "$deck/cards.yaml")
    for paper in a4 letter; do
        pdf="$T/$name-$paper.pdf"
        check "$name on $paper: printed" prints_clean "$deck" "$pdf" -o "$pdf" --paper=$paper
        check "$name on $paper: $n cards in pages, grid and cut marks" \
            python3 $P/check_pdf.py "$pdf" $paper "$n"
        check "$name on $paper: every word on its card" python3 $P/check_text.py "$pdf" $paper
    done
    check "$name: --tts" prints_clean "$deck" "$T/$name-tts/deck.json" --tts "$T/$name-tts"
    check "$name: --tts: the saved object and its sheets" \
        python3 $P/check_tts.py "$T/$name-tts" "$deck/cards.yaml"
done
# The default paper is A4, and -o with --tts writes both.
check "the default paper is A4" sh -c "'$cardc' print decks/easy-school -o '$T/d.pdf' --tts '$T/d' &&
    pdfinfo '$T/d.pdf' | grep -q '(A4)' && [ -s '$T/d/deck.json' ]"

# The layout under strain: every word on its card, the long text cut (the
# ellipsis), '?' for what Helvetica lacks, the count marks.
lt=$P/long-text
check "long-text: printed, with its warnings" prints_clean $lt "$T/lt.pdf" -o "$T/lt.pdf" --tts "$T/lt"
check "long-text: the warnings of long-text.expected" diff $P/long-text.expected "$T/err"
check "long-text: the grid" python3 $P/check_pdf.py "$T/lt.pdf" a4 "$(copies $lt/cards.yaml)"
check "long-text: every word on its card; cut, '?' and count marks shown" \
    python3 $P/check_text.py "$T/lt.pdf" a4 "0:…" "0:1/4" "3:4/4" "4:Café" "4:?" "4:€" \
    "4:1/1" "5:Supercali" "7:3/3" "8:Plain" "9:2/2"
check "long-text: --tts" python3 $P/check_tts.py "$T/lt" $lt/cards.yaml
check "long-text: --format=sarif names the warnings' kinds" sh -c "'$cardc' print $lt -o '$T/lt.pdf' \
    --tts '$T/lt' --format=sarif | python3 -c 'import json, sys
ids = [r[\"ruleId\"] for r in json.load(sys.stdin)[\"runs\"][0][\"results\"]]
sys.exit(ids != [\"print/not-ascii\", \"print/not-in-font\", \"print/not-ascii\"])'"

# --font: the text in DejaVu Sans (fonts-dejavu-core), embedded. Names
# and text of 2-, 3- and 4-byte UTF-8 print as themselves, and pdftotext
# reads them back (the ToUnicode map); only the card with Han, which the
# font lacks, is warned about; the layout (the font's widths) keeps every
# word on its card; the fonts are embedded, the file sound.
dejavu=/usr/share/fonts/truetype/dejavu
uni=$P/unicode
check "--font: DejaVu Sans is installed (fonts-dejavu-core: tests/deps.sh)" \
    test -r $dejavu/DejaVuSans.ttf -a -r $dejavu/DejaVuSans-Bold.ttf
check "--font: printed, with the warnings of unicode.expected" sh -c "'$cardc' print $uni \
    -o '$T/uni.pdf' --font $dejavu/DejaVuSans.ttf --bold-font=$dejavu/DejaVuSans-Bold.ttf \
    2>'$T/err' && diff $P/unicode.expected '$T/err'"
check "--font: the grid" python3 $P/check_pdf.py "$T/uni.pdf" a4 6
check "--font: every word on its card, read back as written" \
    python3 $P/check_text.py "$T/uni.pdf" a4 "0:Café" "1:2/2" "2:Ünïcödé" "2:αλφα," "3:✓" \
    "3:Check" "3:✗;" "4:🂡" "4:Дружба" "5:??" "0:Ünïcödé"
check "--font: both fonts embedded, as Type 0 with a ToUnicode map" sh -c "pdffonts '$T/uni.pdf' |
    grep -E '^DejaVuSans +CID TrueType +Identity-H +yes no +yes' &&
    pdffonts '$T/uni.pdf' | grep -qE '^DejaVuSans-Bold +CID TrueType +Identity-H +yes no +yes'"
check "--font: qpdf --check" qpdf --check "$T/uni.pdf"
check "--font without --bold-font: one font, bold in it" sh -c "'$cardc' print $uni -o '$T/uni1.pdf' \
    --font $dejavu/DejaVuSans.ttf 2>/dev/null && [ \$(pdffonts '$T/uni1.pdf' | grep -c DejaVu) = 2 ] &&
    ! pdffonts '$T/uni1.pdf' | grep -q Bold && qpdf --check '$T/uni1.pdf' >/dev/null"
check "--font: the layout under strain (long-text), its ellipses the font's" sh -c "'$cardc' print $lt \
    -o '$T/ltf.pdf' --font=$dejavu/DejaVuSans.ttf 2>/dev/null &&
    python3 $P/check_pdf.py '$T/ltf.pdf' a4 $(copies $lt/cards.yaml) &&
    python3 $P/check_text.py '$T/ltf.pdf' a4 '0:…' '4:Café' '4:☕' '4:€' '5:Supercali'"
check "--font: UTF-8 Lab's names of 200 characters, no '?'" sh -c "'$cardc' print tests/games/utf8-lab \
    -o '$T/lab.pdf' --font $dejavu/DejaVuSans.ttf 2>'$T/err' && [ ! -s '$T/err' ] &&
    python3 $P/check_text.py '$T/lab.pdf' a4 && pdftotext '$T/lab.pdf' - | grep -q '^🂱🂱🂱🂱.*…\$' &&
    pdftotext '$T/lab.pdf' - | grep -q 'UTF-8 Lab ✓'"
check "without --font, the fonts are Helvetica's, not embedded" sh -c "'$cardc' print $uni \
    -o '$T/uni0.pdf' 2>/dev/null && pdffonts '$T/uni0.pdf' | grep -q '^Helvetica-Bold .* no  no  no'"

# fonts_refused FONT MESSAGE: print --font FONT exits 2, says MESSAGE and
# writes neither the PDF nor the deck.
fonts_refused() {
    rm -rf "$T/x.pdf" "$T/x"
    "$cardc" print decks/easy-school -o "$T/x.pdf" --tts "$T/x" --font "$1" 2>"$T/err"
    status=$?
    [ $status = 2 ] && [ "$(cat "$T/err")" = "cardc: cannot use the font '$1': $2" ] ||
        { echo "  status $status, said: $(head -c 300 "$T/err")"; return 1; }
    [ ! -e "$T/x.pdf" ] && [ ! -e "$T/x" ] || { echo "  wrote output"; return 1; }
}
printf 'This is a text file, not a font.\n' >"$T/garbage.ttf"
head -c 3000 $dejavu/DejaVuSans.ttf >"$T/cut.ttf"
check "--font: a missing file" fonts_refused "$T/none.ttf" "No such file or directory"
check "--font: a folder" fonts_refused "$T" "Is a directory"
check "--font: not a font" fonts_refused "$T/garbage.ttf" "it is not a TrueType font"
check "--font: an empty file" fonts_refused /dev/null "it is too short to be a font"
check "--font: a font cut short" fonts_refused "$T/cut.ttf" "its 'head' table is damaged or cut short"
# max_font_bytes (docs/LIMITS.md): a file of 32 MiB is read (and refused
# for what it holds, zeros); one byte more is refused from its size.
truncate -s 32M "$T/limit.ttf"
check "--font: a font of exactly 32 MiB is read" fonts_refused "$T/limit.ttf" \
    "it is not a TrueType font"
truncate -s 33554433 "$T/limit.ttf"
check "--font: a font of 32 MiB + 1 byte" fonts_refused "$T/limit.ttf" \
    "it is larger than a font may be (32 MiB)"
rm -f "$T/limit.ttf"
# Damaged fonts: cut short, huge offsets and counts in the table
# directory and the cmap: each refused or printed, never a crash (the ASan
# build), one at a time (tests/print/damage_ttf.py).
check "--font: damaged fonts refused or printed, never a crash" \
    python3 $P/damage_ttf.py "$cardc" $dejavu/DejaVuSans.ttf $uni "$T"

# A card file of 150 kinds (counts 1 to 3): three sheets, 70 + 70 + 10.
mkdir "$T/big"
python3 - "$T/big/cards.yaml" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("game: Big\ntypes:\n  plain: {}\ncards:\n")
    for i in range(150):
        f.write("  - name: Card %d\n    type: plain\n    count: %d\n" % (i, i % 3 + 1))
        if i % 2:
            f.write("    text: \"The text of card %d.\"\n" % i)
PY
check "150 kinds: --tts" prints_clean "$T/big/cards.yaml" "$T/big-tts/deck.json" --tts "$T/big-tts"
check "150 kinds: three sheets of at most 70" sh -c "ls '$T/big-tts' | grep -c '^sheet-' | grep -qx 3"
check "150 kinds: the saved object and its sheets" \
    python3 $P/check_tts.py "$T/big-tts" "$T/big/cards.yaml"
check "150 kinds: a PDF of ceil(300 / 9) pages" sh -c "'$cardc' print '$T/big/cards.yaml' -o '$T/big.pdf' &&
    python3 $P/check_pdf.py '$T/big.pdf' a4 300"

# refused FILE EXPECTED: print FILE exits 1, prints EXPECTED's diagnostics
# on stderr, and writes neither the PDF nor the deck.
refused() {
    rm -rf "$T/x.pdf" "$T/x"
    "$cardc" print "$1" -o "$T/x.pdf" --tts "$T/x" 2>"$T/err"
    status=$?
    [ $status = 1 ] || { echo "  $1: status $status, not 1"; return 1; }
    [ ! -e "$T/x.pdf" ] && [ ! -e "$T/x" ] || { echo "  $1: wrote output"; return 1; }
    cmp -s "$2" "$T/err" || { echo "  $1: not the diagnostics of check:"; diff "$2" "$T/err" | head; return 1; }
}
n=0 bad=0
for f in examples/broken/*.yaml; do
    [ -f "$f" ] && [ -r "$f" ] && [ ! -f "${f%.yaml}.args" ] || continue
    n=$((n + 1))
    refused "$f" "${f%.yaml}.expected" || bad=$((bad + 1))
done
check "every broken card file ($n) refused with its diagnostics" test $bad = 0 -a $n -gt 20
# A broken rules game's check diagnostics are its NAME/expected, which
# tests/golden-rules.sh holds `cardc check` to (exit status 1 unless
# NAME/status says otherwise): read there, not made again by a second
# start of cardc a game.
n=0 bad=0
for g in examples/broken-rules/*/; do
    g=${g%/}
    [ -f "$g/cards.yaml" ] || continue
    [ ! -f "$g/status" ] || [ "$(cat "$g/status")" = 1 ] || continue
    n=$((n + 1))
    refused "$g" "$g/expected" || bad=$((bad + 1))
done
check "every broken rules game ($n) refused with check's diagnostics" test $bad = 0 -a $n -gt 100

# says STATUS MESSAGE ARGS...: print ARGS exits STATUS, its stderr's first
# line MESSAGE.
says() {
    want=$1 msg=$2
    shift 2
    "$cardc" print "$@" >/dev/null 2>"$T/err"
    status=$?
    [ $status = "$want" ] && [ "$(head -n 1 "$T/err")" = "$msg" ] ||
        { echo "  status $status, said: $(head -n 1 "$T/err")"; return 1; }
}
check "an -o that cannot be written" says 2 \
    "cardc: cannot write '$T/no/such/x.pdf': No such file or directory" \
    decks/easy-school -o "$T/no/such/x.pdf"
check "a full disk" says 2 "cardc: cannot write '/dev/full': No space left on device" \
    decks/easy-school -o /dev/full
check "a file size limit: said, and no half-written PDF" sh -c "ulimit -f 20 &&
    ! '$cardc' print decks/easy-school -o '$T/big-limited.pdf' 2>/dev/null && [ ! -e '$T/big-limited.pdf' ]"
touch "$T/file"
check "a --tts DIR that cannot be made" says 2 "cardc: cannot write '$T/file/tts': Not a directory" \
    decks/easy-school --tts "$T/file/tts"
check "a --tts DIR that is a file" says 2 "cardc: cannot write '$T/file': Not a directory" \
    decks/easy-school --tts "$T/file"
check "no -o or --tts" says 2 "cardc: print needs -o FILE.pdf or --tts DIR" decks/easy-school
check "--paper=a5" says 2 "cardc: --paper takes a4 or letter, not 'a5'" \
    decks/easy-school -o "$T/x.pdf" --paper=a5
check "--paper without a value" says 2 "cardc: --paper takes a4 or letter, not ''" \
    decks/easy-school -o "$T/x.pdf" --paper
check "two PATHs" says 2 "cardc: print takes one PATH" decks/easy-school decks/last-minute \
    -o "$T/x.pdf"
check "-o twice" says 2 "cardc: -o given twice: print writes one file" decks/easy-school \
    -o "$T/x.pdf" -o "$T/y.pdf"
check "a PATH that cannot be read" says 2 "$T/none: error: cannot read: No such file or directory" \
    "$T/none" -o "$T/x.pdf"
check "a card file with --rules" sh -c "'$cardc' print decks/easy-school/cards.yaml \
    --rules decks/easy-school/game.rules -o '$T/r.pdf' && python3 $P/check_pdf.py '$T/r.pdf' a4 110"
check "--bold-font without --font" says 2 "cardc: --bold-font goes with --font" decks/easy-school \
    -o "$T/x.pdf" --bold-font $dejavu/DejaVuSans-Bold.ttf
check "--font twice" says 2 "cardc: --font given twice" decks/easy-school -o "$T/x.pdf" \
    --font $dejavu/DejaVuSans.ttf --font $dejavu/DejaVuSans.ttf
check "--font without a FILE" says 2 "cardc: --font needs a FILE.ttf" decks/easy-school \
    -o "$T/x.pdf" --font
check "--paper letter (two words)" prints_clean decks/easy-school "$T/l.pdf" -o "$T/l.pdf" \
    --paper letter

summary print
