#!/usr/bin/env python3
"""holder_notes.py GAME: plays tests/games/holder-lab as seat 0 of
`GAME play --protocol json --seats json,random --seed S`, writing notes
under the Students of its hand whenever it may ("Write a note"), else
taking the first option, and checks what the views show of the held zone
`notes` (under student, owner): a slot's cards only while its Student is
in seat 0's hand (its controller), never otherwise. Some view must show a
note, and some view must hide one (its Student placed at a Location, a
shared zone), or the check proves nothing. Prints nothing and exits 0 if all
holds; else the first problem, exit 1."""
import json
import subprocess
import sys


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
