#!/usr/bin/env python3
"""check_pdf.py: a PDF of cardc print, as a reader and a printer see it.

    python3 tests/print/check_pdf.py FILE.pdf a4|letter COPIES

- pdfinfo reads it without a complaint, and so does `qpdf --check` when
  qpdf is installed; its pages are of the paper asked for, and there are
  ceil(COPIES / 9) of them;
- each page, rendered by pdftoppm at 50 dpi in grey, shows the card grid
  where the geometry puts it (3 x 3 cards of 63 x 88 mm, centred): every
  edge of a cell that holds a card is a dark line, every edge only of
  empty cells is not there, and no other line crosses the grid;
- in the margins, the cut marks continue each line of the grid, and
  nothing else is printed there.
Prints one line per failure; exits 1 if any.
"""
import math
import os
import shutil
import subprocess
import sys
import tempfile

DPI = 50
MM = DPI / 25.4                  # pixels in a millimetre
CARD_W, CARD_H = 63, 88          # mm
PAPER = {"a4": (210, 297, "A4"), "letter": (215.9, 279.4, "letter")}
DARK = 160                       # a pixel darker than this is ink
failures = []


def fail(msg):
    failures.append(msg)
    if len(failures) <= 12:
        print("FAIL " + msg)
    elif len(failures) == 13:
        print("FAIL ... (more failures not shown)")


def read_pgm(path):
    """(width, height, bytes) of a binary PGM."""
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:               # P5, width, height, maxval
        while data[pos:pos + 1].isspace():
            pos += 1
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        fields.append(data[start:pos])
    assert fields[0] == b"P5" and fields[3] == b"255", fields
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[pos + 1:pos + 1 + w * h]


INK = bytes(1 if b < DARK else 0 for b in range(256))


class Page:
    def __init__(self, path):
        self.w, self.h, self.px = read_pgm(path)
        ink = self.px.translate(INK)
        # per row, the x of each dark pixel
        self.rows = [[x for x in range(self.w) if ink[y * self.w + x]]
                     if 1 in ink[y * self.w:(y + 1) * self.w] else [] for y in range(self.h)]

    def dark(self, x, y):
        return 0 <= x < self.w and 0 <= y < self.h and self.px[y * self.w + x] < DARK

    def ink_near(self, x, y, r=1):
        """Is there ink within r pixels of (x, y)?"""
        return any(self.dark(x + i, y + j) for i in range(-r, r + 1) for j in range(-r, r + 1))

    def vline(self, x, y0, y1):
        """The share of (x, y0..y1) that has ink near it (across the line)."""
        ys = range(int(y0) + 2, int(y1) - 1)
        return sum(1 for y in ys if any(self.dark(round(x) + i, y) for i in (-1, 0, 1))) / len(ys)

    def hline(self, y, x0, x1):
        xs = range(int(x0) + 2, int(x1) - 1)
        return sum(1 for x in xs if any(self.dark(x, round(y) + i) for i in (-1, 0, 1))) / len(xs)


def geometry(paper):
    """The x of the grid's 4 vertical lines and the y of its 4 horizontal
    ones, from the top left, in pixels."""
    pw, ph, _ = PAPER[paper]
    x0, y0 = (pw - 3 * CARD_W) / 2, (ph - 3 * CARD_H) / 2
    xs = [(x0 + i * CARD_W) * MM for i in range(4)]
    ys = [(y0 + i * CARD_H) * MM for i in range(4)]
    return xs, ys


def cell_edges(i):
    """The edges of cell i (0 at the top left, by rows), each as
    ('v', column line, row) or ('h', row line, column)."""
    r, c = divmod(i, 3)
    return {("v", c, r), ("v", c + 1, r), ("h", r, c), ("h", r + 1, c)}


def check_grid(name, page, xs, ys, n):
    used = set().union(*(cell_edges(i) for i in range(n)))
    for kind, line, across in sorted(set().union(*(cell_edges(i) for i in range(9)))):
        if kind == "v":
            share = page.vline(xs[line], ys[across], ys[across + 1])
        else:
            share = page.hline(ys[line], xs[across], xs[across + 1])
        where = "%s line %d, %s %d" % ("vertical" if kind == "v" else "horizontal", line,
                                       "row" if kind == "v" else "column", across)
        if (kind, line, across) in used and share < 0.97:
            fail("%s: the cut line at %s is %.0f%% drawn" % (name, where, share * 100))
        if (kind, line, across) not in used and share > 0.10:
            fail("%s: a line at %s, beside no card (%.0f%%)" % (name, where, share * 100))
    # No other full line crosses the grid: a column (row) of the grid that is
    # dark over 97% of the grid's height (width) is one of the lines.
    top, bottom = int(ys[0]) + 3, int(ys[3]) - 2
    per_column = [0] * page.w
    for y in range(top, bottom):
        for x in page.rows[y]:
            per_column[x] += 1
    for x in range(int(xs[0]) + 3, int(xs[3]) - 2):
        if min(abs(x - gx) for gx in xs) > 2 and per_column[x] > 0.97 * (bottom - top):
            fail("%s: an unexpected vertical line at x=%d" % (name, x))
    left, right = int(xs[0]) + 3, int(xs[3]) - 2
    for y in range(top, bottom):
        within = sum(1 for x in page.rows[y] if left <= x < right)
        if min(abs(y - gy) for gy in ys) > 2 and within > 0.97 * (right - left):
            fail("%s: an unexpected horizontal line at y=%d" % (name, y))


def check_margins(name, page, xs, ys):
    """Cut marks on every grid line in the margins, and no other ink."""
    for x in xs:
        for y in (ys[0] - 3.5 * MM, ys[3] + 3.5 * MM):
            if not page.ink_near(round(x), round(y)):
                fail("%s: no cut mark at x=%.1f, y=%.1f" % (name, x, y))
    for y in ys:
        for x in (xs[0] - 3.5 * MM, xs[3] + 3.5 * MM):
            if not page.ink_near(round(x), round(y)):
                fail("%s: no cut mark at x=%.1f, y=%.1f" % (name, x, y))
    stray = 0
    for y in range(page.h):
        for x in page.rows[y]:
            inside = xs[0] - 1.5 <= x <= xs[3] + 1.5 and ys[0] - 1.5 <= y <= ys[3] + 1.5
            on_mark = min(abs(x - gx) for gx in xs) <= 1.5 or min(abs(y - gy) for gy in ys) <= 1.5
            if not inside and not on_mark:
                stray += 1
    if stray:
        fail("%s: %d dark pixels in the margins beside the cut marks" % (name, stray))


def pdfinfo(pdf):
    r = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True)
    if r.returncode or r.stderr:
        fail("%s: pdfinfo: status %d: %s" % (pdf, r.returncode, r.stderr.strip()))
    return dict(line.split(":", 1) for line in r.stdout.splitlines() if ":" in line)


def main():
    pdf, paper, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
    info = pdfinfo(pdf)
    pages = math.ceil(copies / 9)
    if int(info.get("Pages", "0")) != pages:
        fail("%s: %s pages, not %d for %d copies" % (pdf, info.get("Pages", "?").strip(),
                                                      pages, copies))
    if "(%s)" % PAPER[paper][2] not in info.get("Page size", ""):
        fail("%s: page size %s, not %s" % (pdf, info.get("Page size", "?").strip(), paper))
    if shutil.which("qpdf"):
        r = subprocess.run(["qpdf", "--check", pdf], capture_output=True, text=True)
        if r.returncode:
            fail("%s: qpdf --check: %s" % (pdf, (r.stdout + r.stderr).strip()[-300:]))
    xs, ys = geometry(paper)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", pdf, os.path.join(tmp, "p")],
                       check=True)
        files = sorted(os.listdir(tmp))
        if len(files) != pages:
            fail("%s: pdftoppm rendered %d pages, not %d" % (pdf, len(files), pages))
        for i, f in enumerate(files):
            page = Page(os.path.join(tmp, f))
            name = "%s page %d" % (pdf, i + 1)
            check_grid(name, page, xs, ys, min(9, copies - 9 * i))
            check_margins(name, page, xs, ys)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
