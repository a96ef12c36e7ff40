#!/usr/bin/env python3
"""check_text.py: the words of a PDF of cardc print stay on their cards.

    python3 tests/print/check_text.py FILE.pdf a4|letter [CELL:WORD]...

pdftotext -bbox gives every word with its box. Each must lie within one
card of the grid (63 x 88 mm cells, centred on the page), at least 2 mm
from its cut lines: text wraps, shrinks and is cut, it never overflows.
Each CELL:WORD (CELL counted over the whole document, 0 the first card of
page 1) asks that the card there shows WORD, as pdftotext reads it.
Prints one line per failure; exits 1 if any.
"""
import html
import re
import subprocess
import sys

PT = 72 / 25.4
PAPER = {"a4": (210, 297), "letter": (215.9, 279.4)}
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


def main():
    pdf, paper = sys.argv[1], sys.argv[2]
    pw, ph = PAPER[paper]
    x0, y0 = (pw - 189) / 2 * PT, (ph - 264) / 2 * PT
    cw, ch, inset = 63 * PT, 88 * PT, 2 * PT
    out = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True, text=True,
                         check=True).stdout
    failures, words = 0, {}
    for page, body in enumerate(out.split("<page ")[1:]):
        for m in WORD.finditer(body):
            xa, ya, xb, yb = map(float, m.groups()[:4])
            word = html.unescape(m.group(5))
            col, row = int(((xa + xb) / 2 - x0) // cw), int(((ya + yb) / 2 - y0) // ch)
            cell = page * 9 + row * 3 + col
            left, top = x0 + col * cw, y0 + row * ch
            inside = (0 <= col < 3 and 0 <= row < 3 and xa >= left + inset and
                      xb <= left + cw - inset and ya >= top + inset and yb <= top + ch - inset)
            if not inside:
                failures += 1
                if failures <= 12:
                        print("FAIL %s page %d: %r at (%.1f, %.1f)-(%.1f, %.1f) leaves its card"
                          % (pdf, page + 1, word, xa, ya, xb, yb))
            words.setdefault(cell, []).append(word)
    for want in sys.argv[3:]:
        cell, word = want.split(":", 1)
        if not any(word in w for w in words.get(int(cell), [])):
            failures += 1
            print("FAIL %s: card %s does not show %r (it shows: %s)" %
                  (pdf, cell, word, " ".join(words.get(int(cell), []))[:300]))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
