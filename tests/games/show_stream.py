#!/usr/bin/env python3
"""show_stream.py OUT SEAT [OUT SEAT...]: what a stream that plays seat SEAT
alone (of tests/games/show-lab, with --protocol json) may learn from
`show`, for each stream OUT (one Python for many: its start costs more
than a stream's check).

  - every show line names SEAT among the seats shown ("to"): no other
    seat's show reaches the stream;
  - a view's "shown" names only cards a show line to SEAT named before, in
    that zone (by name: the protocol names cards, not copies);
  - a move from a zone SEAT may not see into another it may not see names
    its card only if a show line to SEAT named that card in the zone it
    leaves (a move of a shown card is named to the seats that saw it, and
    to no one else), or if it leaves the top of the pile;
  - the pile (hidden, `top public`): every card put on it and every card
    taken from its top is named, and a view names its top card, at its
    index, and no other.
Prints "shows: N show lines, M named moves of shown cards" for each stream
and exits 0 if all holds; else the first problem, exit 1.
"""
import json
import sys

# the zones of show-lab a seat sees: its own hand, the discard pile
def sees(place, seat):
    if place is None:
        return True
    return place["zone"] == "discard" or (place["zone"] == "hand" and place["player"] == seat)


def key(place):
    return (place["zone"], place.get("player"))


def check(path, seat):
    shown = {}          # zone key -> names a show line to seat named there
    pile = []           # the pile's cards by name, bottom to top, from its moves
    nshow = nnamed = 0
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        m = json.loads(line)
        t = m["type"]
        if t == "show":
            if seat not in m["to"]:
                sys.exit(f"{path}:{n}: a show to {m['to']} reaches the stream of seat {seat}")
            shown.setdefault(key(m["zone"]), set()).update(m["cards"])
            nshow += 1
        elif t == "decision":
            for z in m["view"]["zones"]:
                if z["zone"] == "pile":
                    top = [{"card": pile[-1], "index": len(pile) - 1}] if pile else None
                    if z.get("shown") != top or z["size"] != len(pile):
                        sys.exit(f"{path}:{n}: the pile shows {z.get('shown')}, its top is "
                                 f"{top}")
                    continue
                for c in z.get("shown", []):
                    if c["card"] not in shown.get(key(z), set()):
                        sys.exit(f"{path}:{n}: {c['card']} shown in {key(z)}, never shown "
                                 f"to seat {seat} there")
        elif t == "move" and (m["to"] or {}).get("zone") == "pile":
            if m["card"] is None:
                sys.exit(f"{path}:{n}: a card put on the pile is not named")
            pile.append(m["card"])
        elif t == "move" and (m["from"] or {}).get("zone") == "pile":
            if m["card"] is None or not pile or m["card"] != pile[-1]:
                sys.exit(f"{path}:{n}: {m['card']} taken from the pile, whose top is "
                         f"{pile[-1:]}")
            pile.pop()
        elif t == "move" and m["card"] is not None:
            a, b = m["from"], m["to"]
            if sees(a, seat) or sees(b, seat):
                continue
            if m["card"] not in shown.get(key(a), set()):
                sys.exit(f"{path}:{n}: {m['card']} named moving from {key(a)} to {key(b)}, "
                         f"never shown to seat {seat} there")
            nnamed += 1
    print(f"shows: {nshow} show lines, {nnamed} named moves of shown cards")


def main():
    args = sys.argv[1:]
    if not args or len(args) % 2:
        sys.exit("usage: show_stream.py OUT SEAT [OUT SEAT...]")
    for i in range(0, len(args), 2):
        check(args[i], int(args[i + 1]))


main()
