#!/usr/bin/env python3
"""copies_check.py: the copies of a card in play, told apart in a JSON stream.

    copies_check.py CARDS.yaml STREAM PLAY HELD [HOLDERS]

PLAY lists the zones declared `in play` (comma-separated), HELD those held
zones whose cards drop when their holder leaves play, HOLDERS the card
types that hold cards (the types after `under` of the held zones). For every line of STREAM (the
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
  enters play is in the next view in play with that number;
- a card named inside another value carries the number its view gives
  it: every `NAME #K` of a decision's prompt and labels, a window's
  "copies" (one per argument), "during"'s "copy" and a number's "copy" name
  a card the view has in play with that number (or, in a prompt or label,
  a card of a type of HOLDERS, numbered wherever it lies: a view lists
  only the held slots that hold cards, so it cannot tell them all); a show line's
  "copies" (one per card) come only from a zone in play, and the next view
  has those cards there (unless a move took them away first); a
  response's "copy" is one of its card's.

Prints what it found (views checked, copies seen numbered in play, times
two copies of one name were in play at once, numbers named inside other
values) and exits 1 at the first
line that breaks a rule, naming it, or when the stream never had two
copies of a name in play at once nor named a numbered copy inside another
value.
"""

import json
import re
import sys


def counts(path, types=None):
    """{name: count} from a cards.yaml whose cards are written one a line,
    `- {name: Library, type: location, count: 2}`, or as a block whose
    keys stand one a line under `- name: Decoy Tower`; and into types (a
    dict, when given) {name: type}."""
    out, last = {}, None
    types = {} if types is None else types
    for line in open(path, encoding="utf-8"):
        inline = re.match(r"\s*- \{.*name: ([^,}]*)", line)
        block = re.match(r"\s*- name: (.*)", line)
        if inline:
            c = re.search(r"count: ([0-9]+)", line)
            t = re.search(r"type: ([^,}]*)", line)
            out[inline.group(1).strip()] = int(c.group(1)) if c else 1
            types[inline.group(1).strip()] = t.group(1).strip() if t else None
        elif block:
            last = block.group(1).strip()
            out[last] = 1
        elif last and re.match(r"\s+count: ([0-9]+)", line):
            out[last] = int(line.split(":")[1])
        elif last and re.match(r"\s+type: (.*)", line):
            types[last] = line.split(":")[1].strip()
        elif not line.startswith((" ", "#")) or line.lstrip().startswith("- "):
            last = None
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


def numbered_in(text, count):
    """The (NAME, K) of every `NAME #K` in text, NAME a card of several
    copies."""
    for name in (n for n in count if count[n] > 1):
        for m in re.finditer(r"(?<![A-Za-z])%s #([0-9]+)" % re.escape(name), text):
            yield name, int(m.group(1))


def inner_copies(obj, count):
    """(NAME, K, where) of each card a decision numbers inside another
    value: its prompt and labels, its window's args, its cause, its
    numbers."""
    texts = [obj["prompt"]] + [o["label"] for o in obj["options"]]
    for name, k in (p for t in texts for p in numbered_in(t, count)):
        yield name, k, "words"
    w = obj.get("window")
    if w and "copies" in w:
        if len(w["copies"]) != len(w["args"]):
            raise Bad("a window's copies not one per argument: %s" % json.dumps(w))
        for a, k in zip(w["args"], w["copies"]):
            if k is not None:
                yield a, k, "a window's args"
    d = obj.get("during") or {}
    if "copy" in d:
        yield d["cause"], d["copy"], "during's cause"
    for n in obj["view"].get("numbers", []):
        if "copy" in n:
            yield n["value"], n["copy"], "a number's value"


def check_inner(obj, count, seen, st):
    """The cards a decision numbers inside other values are in play so
    numbered (a holder's number in words stands wherever it lies)."""
    holders = st["holders"] | {z["holder"] for z in obj["view"]["zones"] if z.get("holder")}
    for name, k, where in inner_copies(obj, count):
        if (name, k) not in seen and not (where == "words" and name in holders):
            raise Bad("%s names %s #%s, which the view has not in play" % (where, name, k))
        st["inner"] += 1


def check_show(obj, count, play, st):
    """A show line's copies: one per card, from a zone in play; the next
    view has them there."""
    copies = obj.get("copies")
    if copies is None:
        return
    if len(copies) != len(obj["cards"]) or obj["zone"]["zone"] not in play:
        raise Bad("a show with copies %r of %r from %r" % (copies, obj["cards"], obj["zone"]))
    st["shown"] |= {(c, k) for c, k in zip(obj["cards"], copies) if k is not None}


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
        st["shown"].discard((name, k))  # shown, then moved before a view
    elif obj["type"] == "show":
        check_show(obj, count, play, st)
    elif obj["type"] == "responses":
        for r in obj["responses"]:
            if "copy" in r and not 1 <= r["copy"] <= count[r["card"]]:
                raise Bad("a response's card %s #%s" % (r["card"], r["copy"]))
            st["inner"] += "copy" in r
    elif obj["type"] == "decision":
        seen = in_play_cards(obj["view"], count, play)
        check_holders(obj["view"], count, seen, held)
        if st["pending"] and st["pending"] not in seen:
            raise Bad("%s #%d moved into play, and the next view has it not" % st["pending"])
        st["pending"] = None
        check_inner(obj, count, seen, st)
        if not st["shown"] <= seen:
            raise Bad("cards shown numbered and not in play so: %s" % sorted(st["shown"] - seen))
        st["inner"] += len(st["shown"])
        st["shown"] = set()
        st["views"] += 1
        st["numbered"] |= seen
        names = [n for n, _ in seen]
        st["pairs"] += sum(1 for n in set(names) if names.count(n) > 1)


def check(path, count, play, held, holders=frozenset()):
    st = {"pending": None, "views": 0, "numbered": set(), "pairs": 0, "shown": set(),
          "inner": 0, "holders": set(holders)}
    for no, line in enumerate(open(path, encoding="utf-8"), 1):
        try:
            check_line(json.loads(line), count, play, held, st)
        except Bad as e:
            print("copies_check: %s line %d: %s" % (path, no, e))
            return False
    print("copies_check: %d views, %d copies numbered in play, %d times two copies "
          "of a name in play at once, %d numbers inside other values" % (
              st["views"], len(st["numbered"]), st["pairs"], st["inner"]))
    return st["views"] > 0 and (st["pairs"] > 0 or st["inner"] > 0)


def main():
    if len(sys.argv) not in (5, 6):
        print(__doc__.split("\n\n")[1].strip())
        return 2
    types = {}
    count = counts(sys.argv[1], types)
    play, held = set(sys.argv[3].split(",")), set(sys.argv[4].split(","))
    holder_types = set(sys.argv[5].split(",")) if len(sys.argv) == 6 else set()
    holders = {name for name, t in types.items() if t in holder_types}
    return 0 if check(sys.argv[2], count, play, held, holders) else 1


if __name__ == "__main__":
    sys.exit(main())
