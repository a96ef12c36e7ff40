#!/usr/bin/env python3
"""damage_ttf.py: cardc print --font on damaged copies of a TrueType font.

    python3 tests/print/damage_ttf.py CARDC FONT.ttf GAME TMPDIR

Makes copies of FONT cut short (every length up to 4 KiB by 97 bytes, and
32 lengths spread over the file), copies whose table directory gives huge
or shifted offsets and lengths or a huge table count, and copies whose
cmap subtables have huge counts, offsets and ranges; prints GAME with each
(one at a time, in TMPDIR). Each must be refused (status 2, "cardc: cannot
use the font ...") or printed (status 0, a PDF that qpdf --check passes):
never a crash or a sanitizer report. Prints one line per failure and the
count; exits 1 if any failed.
"""
import os
import struct
import subprocess
import sys


def tables(data):
    n = struct.unpack(">H", data[4:6])[0]
    for i in range(n):
        rec = 12 + 16 * i
        yield rec, data[rec:rec + 4].decode("latin-1"), *struct.unpack(">II", data[rec + 8:rec + 16])


def cmap_damage(data):
    """Copies whose cmap subtables (counts, offsets, id range offsets) are huge."""
    out = []
    for _, tag, off, _ in tables(data):
        if tag != "cmap":
            continue
        n = struct.unpack(">H", data[off + 2:off + 4])[0]
        for i in range(n):
            sub = off + struct.unpack(">I", data[off + 8 + 8 * i:off + 12 + 8 * i])[0]
            fmt = struct.unpack(">H", data[sub:sub + 2])[0]
            for where, size, value in ((off + 8 + 8 * i, 4, 0xfffffff0), (sub + 6, 2, 0xfffe),
                                       (sub + 12, 4, 0x7fffffff)):
                d = bytearray(data)
                d[where:where + size] = value.to_bytes(size, "big")
                out.append(d)
            if fmt == 4:  # every id range offset huge
                segs = struct.unpack(">H", data[sub + 6:sub + 8])[0] // 2
                d = bytearray(data)
                for k in range(segs):
                    at = sub + 16 + 6 * segs + 2 * k
                    d[at:at + 2] = b"\xff\xf0"
                out.append(d)
    return out


def damaged(data):
    """Every damaged copy of data."""
    copies = [data[:n] for n in range(0, 4096, 97)]
    copies += [data[:len(data) * k // 32] for k in range(1, 32)]
    for rec, _, _, _ in tables(data):
        for field, value in ((8, 0xfffffff0), (12, 0xfffffff0), (8, len(data) - 2)):
            d = bytearray(data)
            d[rec + field:rec + field + 4] = struct.pack(">I", value)
            copies.append(d)
    d = bytearray(data)
    d[4:6] = b"\xff\xff"
    copies.append(d)
    return copies + cmap_damage(data)


def outcome(cardc, game, font, pdf):
    """"" if printing game with font is refused or sound, else what is wrong."""
    run = subprocess.run([cardc, "print", game, "-o", pdf, "--font", font],
                         capture_output=True, text=True)
    if run.returncode == 2 and run.stderr.startswith("cardc: cannot use the font"):
        return ""
    if run.returncode == 0:
        check = subprocess.run(["qpdf", "--check", pdf], capture_output=True)
        return "" if check.returncode == 0 else "printed, but qpdf refuses the PDF"
    return "status %d: %s" % (run.returncode, run.stderr[:300])


def main():
    cardc, src, game, tmp = sys.argv[1:5]
    data = open(src, "rb").read()
    font, pdf = os.path.join(tmp, "damaged.ttf"), os.path.join(tmp, "damaged.pdf")
    copies, failed = damaged(data), 0
    for i, c in enumerate(copies):
        with open(font, "wb") as f:
            f.write(c)
        what = outcome(cardc, game, font, pdf)
        if what:
            print("  copy %d (%d bytes): %s" % (i, len(c), what))
            failed += 1
    print("  %d damaged copies, %d failed" % (len(copies), failed))
    sys.exit(1 if failed else 0)


main()
