#!/usr/bin/env python3
"""copies_check.py: the copies of a card in play, told apart in a JSON stream.

    copies_check.py CARDS.yaml STREAM PLAY HELD

PLAY lists the zones declared `in play` (comma-separated), HELD those held
zones whose cards drop when their holder leaves play. For every line of STREAM (the
JSON protocol, docs/RUNTIME.md, "Copies in play"), checks that:

- a view's entry of a zone in play with "cards" has "copies" exactly when
  one of its cards has several copies (cards.yaml's `count`): one entry per
  card, the copy number (1 to count) of such a card, null for the others;
  no other entry has "copies";
- no two cards in play in one view have the same name and copy number;
- a held slot names its holder with "copy" exactly for a card of several
  copies, and a slot of HELD with cards names a card and copy that the
  view has in play;
- a move names a card of several copies with "copy" when it leaves or
  enters a zone in play that the stream sees (not under a holder it may
  not see), and with none otherwise (nor for a card not named); one that
  enters play is in the next view in play with that number.

Prints what it found (views checked, copies seen numbered in play, times
two copies of one name were in play at once) and exits 1 at the first
line that breaks a rule, naming it, or when the stream never had two
copies of a name in play at once.
"""

import json
import re
import sys


def counts(path):
    """{name: count} from a cards.yaml written one card a line, as the labs
    are: `- {name: Library, type: location, rooms: 1, count: 2}`."""
    out = {}
    for line in open(path, encoding="utf-8"):
        m = re.search(r"name: ([^,}]*)", line)
        if m and line.lstrip().startswith("- {"):
            c = re.search(r"count: ([0-9]+)", line)
            out[m.group(1).strip()] = int(c.group(1)) if c else 1
    return out


class Bad(Exception):
    """A line of the stream that breaks a rule above."""


def in_play_cards(view, count, play):
    """{(name, copy)} of the view's cards in play, checking each entry."""
    seen = set()
    for z in view["zones"]:
        cards, copies = z.get("cards"), z.get("copies")
        several = cards is not None and any(count[c] > 1 for c in cards)
        if z["zone"] not in play or not several or z.get("holder", "") is None:
            if copies is not None:
                raise Bad("an entry with copies it should not have: %s" % json.dumps(z))
            continue
        if copies is None or len(copies) != len(cards):
            raise Bad("an entry in play without a copy per card: %s" % json.dumps(z))
        for name, k in zip(cards, copies):
            if count[name] == 1:
                if k is not None:
                    raise Bad("a card of one copy numbered: %s" % json.dumps(z))
                continue
            if not isinstance(k, int) or not 1 <= k <= count[name]:
                raise Bad("%s has no copy number 1..%d: %s" % (name, count[name], json.dumps(z)))
            if (name, k) in seen:
                raise Bad("two cards in play named %s #%d" % (name, k))
            seen.add((name, k))
    return seen


def check_holders(view, count, seen, held):
    """A held slot names its holder as the view names that card in play:
    "copy" exactly for a card of several copies, and a slot with cards of
    a zone in `held` lies under a card in play (they drop when it leaves)."""
    for z in view["zones"]:
        h = z.get("holder")
        if h is None:
            continue
        k = z.get("copy")
        if (count[h] > 1) != (k is not None):
            raise Bad("a holder of %d copies with copy %r: %s" % (count[h], k, json.dumps(z)))
        if z["zone"] in held and z["size"] > 0 and count[h] > 1 and (h, k) not in seen:
            raise Bad("cards under %s #%d, which the view has not in play: %s" % (
                h, k, json.dumps(z)))


def check_line(obj, count, play, held, st):
    """One line of the stream; st: what the lines before left to check."""
    if obj["type"] == "move":
        name, k = obj["card"], obj.get("copy")
        ends = [e for e in (obj["from"], obj["to"]) if e]
        want = name is not None and count[name] > 1 and \
            any(e["zone"] in play and e.get("holder", "") is not None for e in ends)
        if want != (k is not None):
            raise Bad("a move %s a copy number" % ("without" if want else "with"))
        into = k is not None and obj["to"] and obj["to"]["zone"] in play
        st["pending"] = (name, k) if into else None
    elif obj["type"] == "decision":
        seen = in_play_cards(obj["view"], count, play)
        check_holders(obj["view"], count, seen, held)
        if st["pending"] and st["pending"] not in seen:
            raise Bad("%s #%d moved into play, and the next view has it not" % st["pending"])
        st["pending"] = None
        st["views"] += 1
        st["numbered"] |= seen
        names = [n for n, _ in seen]
        st["pairs"] += sum(1 for n in set(names) if names.count(n) > 1)


def check(path, count, play, held):
    st = {"pending": None, "views": 0, "numbered": set(), "pairs": 0}
    for no, line in enumerate(open(path, encoding="utf-8"), 1):
        try:
            check_line(json.loads(line), count, play, held, st)
        except Bad as e:
            print("copies_check: %s line %d: %s" % (path, no, e))
            return False
    print("copies_check: %d views, %d copies numbered in play, %d times two copies "
          "of a name in play at once" % (st["views"], len(st["numbered"]), st["pairs"]))
    return st["views"] > 0 and st["pairs"] > 0


def main():
    if len(sys.argv) != 5:
        print(__doc__.split("\n\n")[1].strip())
        return 2
    count = counts(sys.argv[1])
    play, held = set(sys.argv[3].split(",")), set(sys.argv[4].split(","))
    return 0 if check(sys.argv[2], count, play, held) else 1


if __name__ == "__main__":
    sys.exit(main())
