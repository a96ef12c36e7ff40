#!/usr/bin/env python3
"""holder_notes.py GAME: plays tests/games/holder-lab as seat 0 of
`GAME play --protocol json --seats json,random --seed S`, writing notes
under the Students of its hand whenever it may ("Write a note"), else
taking the first option, and checks what the views show of the held zone
`notes` (under student, owner): a slot's cards only while its Student is
in seat 0's hand (its controller), never otherwise. Some view must show a
note, and some view must hide one (its Student placed at a Location, a
shared zone), or the check proves nothing. Prints nothing and exits 0 if all
holds; else the first problem, exit 1.

It also checks that a view names only the holders seat 0 may see: a held
slot under a card that lies where seat 0 cannot see it (another hand, the
deck) is not named, so for each card name the view names no more holders
(copies) than it shows cards of that name where seat 0 sees them."""
import json
import subprocess
import sys
from collections import Counter


def holders_seen(seed, zones):
    """Every holder named is a card seat 0 sees (by name, copies counted)."""
    seen = Counter(c for z in zones if "cards" in z for c in z["cards"])
    named = Counter(h for h, _ in {(z["holder"], z.get("copy")) for z in zones
                                   if z.get("holder") is not None})
    for name, n in named.items():
        if n > seen[name]:
            sys.exit(f"seed {seed}: the view names {n} {name} holding cards, "
                     f"but shows {seen[name]} {name} where seat 0 sees it")


def play(binary, seed):
    p = subprocess.Popen([binary, "play", "--protocol", "json", "--seats", "json,random",
                          "--seed", str(seed)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True)
    shown = hidden = 0
    for line in p.stdout:
        m = json.loads(line)
        if m["type"] == "end":
            break
        if m["type"] != "decision":
            continue
        zones = m["view"]["zones"]
        holders_seen(seed, zones)
        hand = next(z for z in zones if z["zone"] == "hand" and z["player"] == 0)
        for z in zones:
            if z["zone"] != "notes":
                continue
            if "cards" in z:
                if z["holder"] not in hand["cards"]:
                    sys.exit(f"seed {seed}: notes under {z['holder']} #{z.get('copy')} shown, "
                             f"but no {z['holder']} is in the hand")
                shown += len(z["cards"])
            else:
                hidden += z["size"]
        ids = [o["id"] for o in m["options"] if o["label"] == "Write a note"]
        p.stdin.write(json.dumps({"choose": ids[0] if ids else 0}) + "\n")
        p.stdin.flush()
    p.stdin.close()
    p.wait()
    return shown, hidden


def main():
    results = [play(sys.argv[1], seed) for seed in range(1, 11)]
    if sum(r[0] for r in results) == 0:
        sys.exit("no view showed a note: the check proved nothing")
    if sum(r[1] for r in results) == 0:
        sys.exit("no view hid a note: the check proved nothing")


main()
