#!/usr/bin/env python3
"""check_tts.py: the Tabletop Simulator deck of cardc print --tts.

    python3 tests/print/check_tts.py DIR CARDS.yaml

- DIR/deck.json parses and is a saved object: ObjectStates holds one
  DeckCustom whose DeckIDs has one id per copy of a card (the card file's
  counts, in its order), ContainedObjects one Card per copy with the same
  ids and names, and CustomDeck one sheet per 70 kinds of card, each at
  most 10 x 7, whose ids address a used place on it;
- each sheet and the back is a PNG whose header, chunks and CRCs are
  right, whose size is the sheet's grid of 252 x 352 pixel cards, and whose
  pixels (inflated with zlib) show a framed card in each used place and
  nothing in the others.
Prints one line per failure; exits 1 if any.
"""
import json
import os
import struct
import sys
import urllib.parse
import zlib

import yaml

CARD_W, CARD_H = 252, 352
failures = []


def fail(msg):
    failures.append(msg)
    if len(failures) <= 12:
        print("FAIL " + msg)


def read_png(path):
    """(width, height, rows of RGB bytes) of an 8-bit RGB PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG signature")
    pos, idat, ihdr, types = 8, b"", None, []
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        crc, = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        if zlib.crc32(kind + body) != crc:
            raise ValueError("bad CRC in chunk %r" % kind)
        types.append(kind)
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    if types[0] != b"IHDR" or types[-1] != b"IEND":
        raise ValueError("chunks %r" % types)
    w, h, depth, colour, _, _, interlace = ihdr
    if (depth, colour, interlace) != (8, 2, 0):
        raise ValueError("not 8-bit RGB without interlace: %r" % (ihdr,))
    raw = zlib.decompress(idat)
    stride = w * 3 + 1
    if len(raw) != stride * h:
        raise ValueError("%d bytes of rows, not %d" % (len(raw), stride * h))
    rows = []
    for y in range(h):
        if raw[y * stride] != 0:
            raise ValueError("row %d has filter %d" % (y, raw[y * stride]))
        rows.append(raw[y * stride + 1:(y + 1) * stride])
    return w, h, rows


def pixel(rows, x, y):
    return tuple(rows[y][3 * x:3 * x + 3])


def check_sheet(path, cols, rows_n, used, texts):
    try:
        w, h, rows = read_png(path)
    except (OSError, ValueError, zlib.error) as e:
        fail("%s: %s" % (path, e))
        return
    if (w, h) != (cols * CARD_W, rows_n * CARD_H):
        fail("%s: %d x %d pixels, not %d x %d cards of %d x %d" %
             (path, w, h, cols, rows_n, CARD_W, CARD_H))
        return
    for place in range(cols * rows_n):
        x0, y0 = place % cols * CARD_W, place // cols * CARD_H
        # the frame: the card's edge pixels, half way along each side
        edge = [pixel(rows, x0, y0 + CARD_H // 2), pixel(rows, x0 + CARD_W - 1, y0 + CARD_H // 2),
                pixel(rows, x0 + CARD_W // 2, y0), pixel(rows, x0 + CARD_W // 2, y0 + CARD_H - 1)]
        inside = pixel(rows, x0 + CARD_W // 2, y0 + CARD_H - 60)
        framed = all(p != (255, 255, 255) for p in edge) and inside == (255, 255, 255)
        blank = all(set(rows[y][3 * x0:3 * (x0 + CARD_W)]) == {255}
                    for y in range(y0, y0 + CARD_H, 7))
        if place < used and not framed:
            fail("%s: place %d holds no framed card" % (path, place))
        if place >= used and not blank:
            fail("%s: place %d should be empty" % (path, place))
        # the text's first line, 110 pixels below the top, under the band
        inked = any(min(pixel(rows, x, y)) < 128 for y in range(y0 + 110, y0 + 110 + 14)
                    for x in range(x0 + 8, x0 + CARD_W - 8))
        if place < used and inked != bool(texts[place]):
            fail("%s: place %d %s" % (path, place, "shows no text" if texts[place]
                                     else "shows a text it does not have"))


def main():
    folder, cards_file = sys.argv[1], sys.argv[2]
    cards = yaml.safe_load(open(cards_file, encoding="utf-8"))["cards"]
    copies = [(c["name"], c.get("count", 1)) for c in cards]
    try:
        deck = json.load(open(os.path.join(folder, "deck.json"), encoding="utf-8"))
        states = deck["ObjectStates"]
        obj = states[0]
    except (OSError, ValueError, KeyError, IndexError) as e:
        fail("deck.json: %s" % e)
        sys.exit(1)
    if len(states) != 1 or obj.get("Name") != "DeckCustom":
        fail("deck.json: ObjectStates is not one DeckCustom")
    want_ids = [(k // 70 + 1) * 100 + k % 70 for k, (_, n) in enumerate(copies) for _ in range(n)]
    if obj.get("DeckIDs") != want_ids:
        fail("deck.json: %d DeckIDs, not the %d copies' ids in order" %
             (len(obj.get("DeckIDs", [])), len(want_ids)))
    contained = obj.get("ContainedObjects", [])
    want_names = [name for name, n in copies for _ in range(n)]
    if [c.get("Nickname") for c in contained] != want_names:
        fail("deck.json: ContainedObjects does not name the %d copies in order" % len(want_names))
    if [c.get("CardID") for c in contained] != want_ids:
        fail("deck.json: ContainedObjects' CardIDs are not the DeckIDs")
    sheets = (len(copies) + 69) // 70
    custom = obj.get("CustomDeck", {})
    if sorted(custom, key=int) != [str(i) for i in range(1, sheets + 1)]:
        fail("deck.json: CustomDeck has sheets %s, not 1 to %d" %
             (sorted(custom, key=int)[:20], sheets))
    for key, sheet in sorted(custom.items()):
        i = int(key)
        used = min(70, len(copies) - (i - 1) * 70)
        cols, rows_n = sheet.get("NumWidth", 0), sheet.get("NumHeight", 0)
        if not (2 <= cols <= 10 and 2 <= rows_n <= 7 and cols * rows_n >= used):
            fail("sheet %d: a grid of %d x %d for %d cards" % (i, cols, rows_n, used))
            continue
        for url_key in ("FaceURL", "BackURL"):
            url = urllib.parse.urlparse(sheet.get(url_key, ""))
            path = urllib.parse.unquote(url.path)
            if url.scheme != "file" or not os.path.isfile(path):
                fail("sheet %d: %s %r is not a file:// URL of a file" % (i, url_key,
                                                                        sheet.get(url_key)))
            elif url_key == "FaceURL":
                if os.path.realpath(path) != os.path.realpath(
                        os.path.join(folder, "sheet-%d.png" % i)):
                    fail("sheet %d: FaceURL %s is not DIR/sheet-%d.png" % (i, path, i))
                check_sheet(path, cols, rows_n, used,
                            [c.get("text", "") for c in cards[(i - 1) * 70:(i - 1) * 70 + used]])
            else:
                try:
                    w, h, _ = read_png(path)
                    if (w, h) != (CARD_W, CARD_H):
                        fail("back.png: %d x %d" % (w, h))
                except (OSError, ValueError, zlib.error) as e:
                    fail("back.png: %s" % e)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
