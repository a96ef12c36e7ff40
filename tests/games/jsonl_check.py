#!/usr/bin/env python3
"""jsonl_check.py [--ended] [--defeat] OUT...: checks what a game wrote with --protocol json,
in each file OUT (one Python for many streams: its start costs more than a
stream's check).

  - every line is strict UTF-8 (no invalid byte, overlong form or encoded
    surrogate) and one JSON object (no NaN or Infinity, no escaped lone
    surrogate) of type decision, move, error, responses, chosen, show,
    out or end;
  - a chosen line (a public choice answered) names the player, the prompt
    and the label;
  - a decision's options have ids 0..K-1 and K >= 1, and labels that tell
    them apart (a label cut short could make two alike); every zone of its
    view has a size, and a "cards" list, when present, of that size;
  - after an error comes the same decision line again, or the end line of
    a game abandoned after too many bad answers in a row;
  - the cards stay where the moves put them: from the first view on, the
    size of each zone (and, where the view names the cards, which cards)
    follows the moves exactly, and the number of cards in view never
    changes (no card lost or made up). A held zone's slots whose holder
    the seat may not see are one entry with "holder":null (their moves name
    that holder null too), and a slot comes out of it or goes into it as its
    holder comes into sight or goes out of it: so of a held zone the total
    follows the moves, and each slot named in two views in a row, with no
    move to a holder not seen in between, follows them; a held zone's entry
    (a slot, or the one of holders not seen) holds at least one card: a
    slot with nothing under it is not listed (RUNTIME.md, the protocol);
  - a reaction window: a decision's "window" holds an id, "kind", "event",
    "args", "by", "depth" and "order" (every seat once, the decider among
    them), then "copies" (one per argument) when a card of its args is a
    copy numbered in play, and no answer; a window asks no seat twice; its "responses" line
    comes once, after its questions, with the window's fields as they were
    and one answer per seat in the window's order;
  - a step of a set chosen one card at a time: its "set" holds the cards
    chosen so far and the sizes [LO, HI] (fewer cards than HI), and
    "Done" is its last option, offered only once LO cards are chosen;
  - a show line names at least one card, a zone as a move's places are
    written, and the seats shown to (each once, in order); a view's
    "shown" (cards a seat was shown in a zone it may not see) stands only
    where "cards" does not, holds at most "size" cards, and an "index"
    within the zone, each at most once;
  - players out of the game: an out line names a seat once, with its
    turn, the turns never going down; the end line's "out" lists the same
    in the same order (and is there exactly when a game puts a player
    out); no decision is a player's once it is out, no window asks one
    (a window's order is every seat still in when it is first seen), and
    no winner is out;
  - a view's "numbers", when there, are objects of "name", "player" (a
    seat, for a number per seat) and "value": a number, true or false, a
    string (a card's name, an attribute value's word) or null; then
    "unseen":true (a card not seen: its value null) or "copy":K (a card's
    copy in play, its value a name), or nothing more;
  - the stream ends with exactly one end line; with --ended, a game played
    to its end: "result" is "win" (with at least one winner, unless every
    seat is out, or with --defeat, where the rules may defeat every
    player) or "draw".
Prints nothing and exits 0 if all holds; else the first problem ("line N:
...", after "OUT: " when there are several files), exit 1.
"""
import json
import sys
from collections import Counter


WHERE = ""  # "OUT: " when several files are checked


def fail(n, msg):
    print(f"{WHERE}line {n}: {msg}")
    sys.exit(1)


def no_constant(name):
    raise ValueError(f"{name} is not JSON")


def strings(x):
    """Every string in a JSON value, keys included."""
    if isinstance(x, str):
        yield x
    elif isinstance(x, list):
        for v in x:
            yield from strings(v)
    elif isinstance(x, dict):
        for k, v in x.items():
            yield k
            yield from strings(v)


def parse(n, raw):
    """The JSON object of one line: strict UTF-8, strict JSON."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        fail(n, f"not UTF-8 ({e}): {raw[max(0, e.start - 20):e.end + 20]!r}")
    try:
        m = json.loads(text, parse_constant=no_constant)
    except ValueError as e:
        fail(n, f"not JSON ({e}): {raw[:80]!r}")
    for s in strings(m):
        try:
            s.encode("utf-8")
        except UnicodeEncodeError:
            fail(n, f"a lone surrogate escaped in a string: {s[:40]!r}")
    return m


NUMBER_TAILS = [[], ["unseen"], ["copy"]]  # the fields after a number's "value"


def check_numbers(n, numbers):
    """A view's "numbers": each {"name", ["player",] "value", [tail]}."""
    for x in numbers:
        keys = list(x.keys()) if isinstance(x, dict) else []
        head = ["name", "player", "value"] if "player" in keys else ["name", "value"]
        if keys[:len(head)] != head or keys[len(head):] not in NUMBER_TAILS:
            fail(n, f"a number with the fields {keys if keys else x!r}")
        v = x["value"]
        if not (v is None or isinstance(v, (bool, int, str))):
            fail(n, f"number {x['name']!r} has the value {v!r}")
        if "unseen" in x and (x["unseen"] is not True or v is not None):
            fail(n, f"number {x['name']!r} unseen with the value {v!r}")
        if "copy" in x and not isinstance(v, str):
            fail(n, f"number {x['name']!r} numbers a copy of {v!r}")


WINDOW_KEYS = ["id", "kind", "event", "args", "by", "depth", "order"]  # and "copies" may end it


def check_window(n, w, windows):
    """A decision's window (asked) or a responses line's (windows: id ->
    (the window as first seen, the seats asked, closed))."""
    keys = list(w.keys()) if isinstance(w, dict) else None
    if keys not in (WINDOW_KEYS, WINDOW_KEYS + ["copies"]):
        fail(n, f"a window with the fields {keys if keys else w!r}")
    if "copies" in w and len(w["copies"]) != len(w["args"]):
        fail(n, f"a window's copies {w['copies']!r} not one per argument {w['args']!r}")
    order = w["order"]
    if not all(isinstance(p, int) and p >= 0 for p in order) or \
            len(set(order)) != len(order) or not order or w["depth"] < 1:
        fail(n, f"window {w['id']}: order {order}, depth {w['depth']}")
    first = windows.setdefault(w["id"], (w, set(), False))
    if first[2]:
        fail(n, f"window {w['id']} used after its responses")
    if first[0] != w:
        fail(n, f"window {w['id']} changed: {first[0]} then {w}")
    return first


def check_set_step(n, m):
    """A step of a set chosen one card at a time: "set" holds the cards
    chosen so far (names) and the sizes [LO, HI], fewer cards than HI; the
    options are cards not "Done", then "Done" only once LO are chosen."""
    st = m["set"]
    chosen = st.get("chosen")
    if sorted(st) != ["chosen", "size"] or not isinstance(chosen, list) or \
            not all(isinstance(c, str) for c in chosen) or len(st["size"]) != 2:
        fail(n, f"a set step with the fields {st!r}")
    lo, hi = st["size"]
    k = len(st["chosen"])
    if not 1 <= lo <= hi or k >= hi:
        fail(n, f"a set step of {k} cards, sizes {lo}..{hi}")
    labels = [o["label"] for o in m["options"]]
    if "Done" in labels[:-1] or ("Done" in labels and k < lo):
        fail(n, f"a set step of {k} cards (sizes {lo}..{hi}) offers {labels!r}")


def check_responses(n, m, windows):
    w = m.get("window")
    first = check_window(n, w, windows)
    rs = m.get("responses")
    if not isinstance(rs, list) or [r.get("player") for r in rs] != w["order"]:
        fail(n, f"responses {rs!r} not one per seat in the order {w['order']}")
    for r in rs:
        if not isinstance(r.get("label"), str) or not (r.get("card") is None or
                                                         isinstance(r["card"], str)):
            fail(n, f"a response without a label, or a card that is no name: {r!r}")
    windows[w["id"]] = (first[0], first[1], True)


def check_shown(n, key, z):
    """A view's zone entry: "shown" only where "cards" is not, at most
    "size" of them, each index within the zone and given once."""
    shown = z.get("shown")
    if shown is None:
        return
    if "cards" in z or not isinstance(shown, list) or not shown or len(shown) > z["size"]:
        fail(n, f"zone {key}: \"shown\" {shown!r} with size {z['size']}")
    idx = [c.get("index") for c in shown if "index" in c]
    if not all(isinstance(c.get("card"), str) for c in shown) or len(set(idx)) != len(idx) or \
            not all(isinstance(i, int) and 0 <= i < z["size"] for i in idx):
        fail(n, f"zone {key}: a bad \"shown\" {shown!r}")


def check_show(n, m, sizes):
    """A show line: cards by name, a zone as a move writes it, the seats."""
    cards, to, z = m.get("cards"), m.get("to"), m.get("zone")
    if not cards or not all(isinstance(c, str) for c in cards):
        fail(n, f"a show of no card by name: {cards!r}")
    if not to or to != sorted(set(to)) or not all(isinstance(p, int) and p >= 0 for p in to):
        fail(n, f"a show to seats {to!r}")
    if not isinstance(z, dict) or "zone" not in z:
        fail(n, f"a show from no zone: {z!r}")
    k = (z["zone"], z.get("player"), z.get("holder"), z.get("copy"))
    if sizes is not None and "holder" not in z and len(cards) > sizes.get(k, 0):
        fail(n, f"a show of {len(cards)} cards from zone {k} of {sizes.get(k)}")


def check_outs(n, end, outs, windows_out):
    """The players out: the out lines (outs: (player, turn), in order)
    against the end line, and every window's order (windows_out: (order,
    the seats out as it was first seen)) against the seats."""
    nplayers = len(end["scores"])
    if "out" in end:
        listed = [(o.get("player"), o.get("turn")) for o in end["out"]]
        if listed != outs:
            fail(n, f"the end line's out {end['out']!r}, the out lines said {outs!r}")
    elif outs:
        fail(n, "out lines, and no out field on the end line")
    gone = {p for p, _ in outs}
    if any(p not in range(nplayers) for p in gone):
        fail(n, f"players out {sorted(gone)} of {nplayers} seats")
    if gone & set(end["winners"]):
        fail(n, f"winners {end['winners']} out of the game")
    for order, out in windows_out:
        if sorted(order) != [p for p in range(nplayers) if p not in out]:
            fail(n, f"a window's order {order}: not every seat still in, of {nplayers} "
                    f"(out: {sorted(out)})")


def check_out_line(n, m, outs):
    p, turn = m.get("player"), m.get("turn")
    if sorted(m) != ["player", "turn", "type"] or not isinstance(p, int) or \
            not isinstance(turn, int) or p < 0 or turn < 0:
        fail(n, f"an out line {m!r}")
    if p in {q for q, _ in outs}:
        fail(n, f"player {p} goes out twice")
    if outs and turn < outs[-1][1]:
        fail(n, f"player {p} out in turn {turn}, after a player out in turn {outs[-1][1]}")
    outs.append((p, turn))


def check(path, ended, defeat):
    sizes = None      # (zone, player, holder, copy) -> size, from the first view on
    names = {}        # (zone, player, holder, copy) -> Counter of names, where the view names them
    total = None
    last_decision = None
    after_error = False
    end = None
    windows = {}
    held = set()          # the zones whose slots lie under holders
    held_total = Counter()  # a held zone -> its cards, from the first view on
    unseen_moved = set()  # held zones a move to or from a holder not seen touched
    outs = []             # (player, turn) of each out line, in order
    windows_out = []      # (a window's order, the seats out as it was first seen)
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    for n, raw in enumerate(lines, 1):
        m = parse(n, raw)
        if not isinstance(m, dict) or "type" not in m:
            fail(n, "not an object with a type")
        if end is not None:
            fail(n, "a line after the end line")
        t = m["type"]
        if after_error and (t != "decision" or raw != last_decision) and \
                not (t == "end" and m.get("result") == "abandoned"):
            fail(n, "an error not followed by the same decision")
        after_error = False
        if t == "error":
            if not isinstance(m.get("message"), str) or not m["message"]:
                fail(n, "an error without a message")
            if last_decision is None:
                fail(n, "an error before any decision")
            after_error = True
        elif t == "decision":
            if m.get("player") in {p for p, _ in outs}:
                fail(n, f"a decision of player {m['player']}, who is out of the game")
            opts = m.get("options")
            if not opts or [o.get("id") for o in opts] != list(range(len(opts))):
                fail(n, "options are not ids 0..K-1")
            if not all(isinstance(o.get("label"), str) for o in opts):
                fail(n, "an option without a label")
            labels = Counter(o["label"] for o in opts)
            if len(labels) != len(opts):
                same = next(k for k, v in labels.items() if v > 1)
                fail(n, f"{labels[same]} options labelled {same[:60]!r}")
            check_numbers(n, m["view"].get("numbers", []))
            view = {}
            for z in m["view"]["zones"]:
                key = (z["zone"], z.get("player"), z.get("holder"), z.get("copy"))
                if "cards" in z and len(z["cards"]) != z["size"]:
                    fail(n, f"zone {key}: size {z['size']}, {len(z['cards'])} cards")
                if "holder" in z and z["size"] == 0:
                    fail(n, f"zone {key}: an empty held slot listed")
                view[key] = z
                check_shown(n, key, z)
            count = sum(z["size"] for z in view.values())
            held |= {z["zone"] for z in view.values() if "holder" in z}
            in_view = Counter()
            for k, z in view.items():
                if k[0] in held:
                    in_view[k[0]] += z["size"]
            if sizes is None:
                sizes = {k: z["size"] for k, z in view.items()}
                held_total = Counter(in_view)
                total = count
            else:
                if count != total:
                    fail(n, f"{count} cards in view, {total} before")
                for zone in held:
                    if in_view[zone] != held_total[zone]:
                        fail(n, f"held zone {zone}: {in_view[zone]} cards, the moves say "
                                f"{held_total[zone]}")
                for k, z in view.items():
                    if k[0] in held and (k[2] is None or k not in sizes or k[0] in unseen_moved):
                        continue  # in or out of sight of its holder: the total is checked
                    if sizes.get(k) != z["size"]:
                        fail(n, f"zone {k}: size {z['size']}, the moves say {sizes.get(k)}")
                for k in [k for k in sizes if k[0] in held]:
                    del sizes[k]
                    if k not in view:
                        names.pop(k, None)
                sizes.update({k: z["size"] for k, z in view.items() if k[0] in held})
            for k, z in view.items():
                if k[0] in held and (k[2] is None or k[0] in unseen_moved):
                    names.pop(k, None)  # its cards may come or go with a holder
                if "cards" in z:
                    seen = Counter(z["cards"])
                    if k in names and names[k] != seen:
                        fail(n, f"zone {k}: the view has {dict(seen - names[k])} more and "
                                f"{dict(names[k] - seen)} fewer than the moves say")
                    names[k] = Counter(z["cards"])
                else:
                    names.pop(k, None)
            if "set" in m:
                check_set_step(n, m)
            if "window" in m:
                if m["window"]["id"] not in windows:
                    windows_out.append((m["window"]["order"], {p for p, _ in outs}))
                w, asked, _ = check_window(n, m["window"], windows)
                if m["player"] not in w["order"]:
                    fail(n, f"player {m['player']} asked by window {w['id']}, not in its order")
                if m["player"] in asked and raw != last_decision:
                    fail(n, f"window {w['id']} asks player {m['player']} twice")
                asked.add(m["player"])
            last_decision = raw
            unseen_moved = set()
        elif t == "responses":
            if isinstance(m.get("window"), dict) and m["window"].get("id") not in windows:
                windows_out.append((m["window"].get("order"), {p for p, _ in outs}))
            check_responses(n, m, windows)
        elif t == "show":
            check_show(n, m, sizes)
        elif t == "move":
            if sizes is None:
                continue
            card = m.get("card")
            for place, step in (("from", -1), ("to", 1)):
                p = m.get(place)
                if p is None:
                    continue
                k = (p["zone"], p.get("player"), p.get("holder"), p.get("copy"))
                if "holder" in p:
                    held.add(p["zone"])
                if p["zone"] in held:
                    held_total[p["zone"]] += step
                    if held_total[p["zone"]] < 0:
                        fail(n, f"held zone {p['zone']}: a card moves out of an empty zone")
                    if p.get("holder") is None:
                        unseen_moved.add(p["zone"])
                    if k not in sizes or p.get("holder") is None:
                        names.pop(k, None)
                        continue  # out of sight at the last view: the total counts it
                elif k not in sizes:
                    fail(n, f"a move {place} an unknown zone {k}")
                sizes[k] += step
                if sizes[k] < 0:
                    fail(n, f"zone {k}: a card moves out of an empty zone")
                if k in names:
                    if card is None:
                        names.pop(k)        # a card the stream may not name
                    elif step < 0:
                        if names[k][card] == 0:
                            fail(n, f"zone {k}: {card} moves out but is not there")
                        names[k][card] -= 1
                        names[k] += Counter()
                    else:
                        names[k][card] += 1
        elif t == "chosen":
            if not isinstance(m.get("player"), int) or not isinstance(m.get("prompt"), str) \
                    or not isinstance(m.get("label"), str) or not m["label"]:
                fail(n, "a chosen line without its player, prompt and label")
        elif t == "out":
            check_out_line(n, m, outs)
        elif t == "end":
            end = m
            if not isinstance(m.get("scores"), list) or not isinstance(m.get("winners"), list):
                fail(n, "an end line without scores and winners")
            check_outs(n, m, outs, windows_out)
        else:
            fail(n, f"unknown type {t!r}")
    if end is None:
        fail(len(lines), "no end line")
    if ended:
        r = end.get("result")
        if r not in ("win", "draw"):
            fail(len(lines), f"the game did not end: result {r!r}")
        if r == "win" and not end["winners"] and not defeat and \
                len(outs) != len(end["scores"]):
            fail(len(lines), "a win without winners")


def main():
    global WHERE
    ended = "--ended" in sys.argv[1:]
    defeat = "--defeat" in sys.argv[1:]
    paths = [a for a in sys.argv[1:] if a not in ("--ended", "--defeat")]
    if not paths:
        sys.exit("usage: jsonl_check.py [--ended] [--defeat] OUT...")
    for path in paths:
        WHERE = f"{path}: " if len(paths) > 1 else ""
        check(path, ended, defeat)


main()
