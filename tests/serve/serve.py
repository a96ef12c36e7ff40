"""`GAME serve` without a browser (Python's standard library only).

    python3 tests/serve/serve.py build/bin/easy-school build/bin/school-control

For each game: a seat's event stream is exactly what `play --protocol json`
writes to a stream playing that seat (a human seat beside a random one,
the same answers); two human seats play a whole game through the server,
every line JSON, and no move names a card where the seat may see neither
place (checked against the --reveal-all transcript of the same answers);
then what a client may do wrong: wrong keys, garbage, huge heads, bad
answers (the protocol's error), clients that vanish, reconnecting."""
import json
import os
import queue
import random
import re
import signal
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from served import TIMEOUT, Server, check, run_play, seat_sees, summary  # noqa: E402


def choose(rng, decision):
    return '{"choose":%d}' % rng.randrange(len(decision["options"]))


def play_one_seat(binary, game, seed):
    """Seat 1 human, seat 2 random: its stream is play's, line for line."""
    sv = Server(binary, "--seed", str(seed), "--seats", "human,random", "--exit-when-done")
    s = sv.stream(1)
    rng, answers = random.Random(seed), []
    while True:
        m = s.next()
        if m is None or m["type"] == "end":
            break
        if m["type"] == "decision":
            answers.append(choose(rng, m))
            status, body = sv.answer(1, answers[-1])
            check("%s: an answer is taken" % game, status == 200, "%d %r" % (status, body))
    rc, err = sv.wait()
    s.close()
    check("%s: --exit-when-done exits 0 once the end is sent" % game, rc == 0, err)
    want = run_play(binary, ["--seats", "json,random", "--seed", str(seed)], answers)
    check("%s: seat 1's stream is play's (%d lines, %d answers)" % (game, len(want), len(answers)),
          s.lines == want, first_difference(s.lines, want))
    check("%s: 'asking' goes true and false by turns, false at the end" % game,
          s.asking and s.asking[-1] == "false" and
          all(a != b for a, b in zip(s.asking, s.asking[1:])), repr(s.asking[:6]))


def first_difference(got, want):
    for i, (a, b) in enumerate(zip(got, want)):
        if a != b:
            return "line %d:\n  served %s\n  play   %s" % (i, a, b)
    return "served %d lines, play %d" % (len(got), len(want))


def play_two_seats(binary, game, seed):
    """Both seats human: a whole game through the server."""
    sv = Server(binary, "--seed", str(seed), "--seats", "human,human", "--exit-when-done")
    merged = queue.Queue()
    streams = {1: sv.stream(1, merged=merged), 2: sv.stream(2, merged=merged)}
    rng, answers, ended = random.Random(seed), [], set()
    while len(ended) < 2:
        seat, line = merged.get(timeout=TIMEOUT)
        m = json.loads(line)
        if m["type"] == "end":
            ended.add(seat)
        elif m["type"] == "decision":
            check("%s: a decision on seat %d's stream is seat %d's" % (game, seat, seat),
                  m["player"] == seat - 1)
            answers.append(choose(rng, m))
            status, _ = sv.answer(seat, answers[-1])
            check("%s: seat %d's answer is taken" % (game, seat), status == 200)
    rc, err = sv.wait()
    check("%s: two seats: the server exits 0" % game, rc == 0, err)
    for seat, s in streams.items():
        s.close()
        check("%s: seat %d's stream ends with the end" % (game, seat),
              json.loads(s.lines[-1])["type"] == "end")
    truth = run_play(binary, ["--seats", "json,json", "--seed", str(seed), "--reveal-all"], answers)
    for seat, s in streams.items():
        check_secrets(game, seat - 1, [json.loads(x) for x in s.lines],
                      [json.loads(x) for x in truth])
    return streams


def check_secrets(game, p, lines, truth):
    """Seat p's moves are the game's (--reveal-all), each card named where p
    sees a place it leaves or enters, null where it sees neither; its views
    list the cards of the zones it sees only."""
    moves = [m for m in lines if m["type"] == "move"]
    real = [m for m in truth if m["type"] == "move"]
    check("%s: seat %d sees every move of the game (%d)" % (game, p + 1, len(real)),
          len(moves) == len(real))
    bad = []
    for m, r in zip(moves, real):
        sees = seat_sees(game, r["from"], p) or seat_sees(game, r["to"], p)
        if (m["from"], m["to"]) != (r["from"], r["to"]) or m["card"] != (r["card"] if sees else None):
            bad.append((m, r))
    check("%s: seat %d: a move names its card exactly where the seat sees it" % (game, p + 1),
          not bad, repr(bad[:2]))
    leaks = [z for m in lines if m["type"] == "decision" for z in m["view"]["zones"]
             if "cards" in z and not seat_sees(game, z, p)]
    check("%s: seat %d's views list no card of a zone it may not see" % (game, p + 1),
          not leaks, repr(leaks[:2]))


def raw(sv, data, read=True):
    """data sent on a socket of its own; the first line of the answer."""
    with socket.create_connection((sv.host, sv.port), timeout=60) as s:
        try:
            s.sendall(data)
            if read:
                s.shutdown(socket.SHUT_WR)  # all is sent: a server waiting for more sees the end
        except OSError:
            return "(closed)"
        if not read:
            return ""
        got = b""
        try:
            while b"\r\n" not in got:
                chunk = s.recv(4096)
                if not chunk:
                    break
                got += chunk
        except OSError:
            return "(closed)"
        return got.split(b"\r\n")[0].decode() or "(closed)"


def misuse(binary, game):
    """What a client may do wrong; the server serves on."""
    sv = Server(binary, "--seed", "1", "--seats", "human,human")
    k1 = sv.key(1)
    wrong = "0" * len(k1)
    for path in ("/seat/1?key=" + wrong, "/seat/1/events?key=" + wrong, "/seat/1",
                 "/seat/2/events?key=" + k1, "/seat/1/events?key=" + k1[:-1]):
        check("%s: GET %s: 403" % (game, path), sv.request("GET", path)[0] == 403)
    check("%s: an answer with seat 2's key for seat 1: 403" % game,
          sv.answer(1, '{"choose":0}', key=sv.key(2))[0] == 403)
    for path in ("/", "/seat/3?key=" + k1, "/seat/0?key=" + k1, "/seat/01?key=" + k1,
                 "/seat/1/x?key=" + k1, "/favicon.ico"):
        check("%s: GET %s: 404" % (game, path), sv.request("GET", path)[0] == 404)
    check("%s: GET of an answer: 405" % game,
          sv.request("GET", "/seat/1/answer?key=" + k1)[0] == 405)
    for data in (b"garbage\r\n\r\n", b"GET\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n",
                 b"GET /seat/1 HTTP/1.1\r\nno colon here\r\n\r\n", b"\x00\xff\r\n\r\n",
                 b"GET /seat/1 HTTP/1.1\r\nContent-Length: x\r\n\r\n"):
        first = raw(sv, data)
        check("%s: %r: 400" % (game, data), first.startswith("HTTP/1.1 400"), first)
    first = raw(sv, b"GET /seat/1 HTTP/1.1\r\nX: " + b"a" * 20000 + b"\r\n\r\n")
    check("%s: a head of 20,000 bytes: 431 or closed" % game,
          first.startswith("HTTP/1.1 431") or first == "(closed)", first)
    first = raw(sv, b"POST /seat/1/answer?key=" + k1.encode() + b" HTTP/1.1\r\n\r\n")
    check("%s: POST without Content-Length: 411" % game, first.startswith("HTTP/1.1 411"), first)

    # a bad answer gets the protocol's own error line
    first_decision = run_play(binary, ["--seats", "json,random", "--seed", "1"],
                              ['{"choose":99}', '{"choose" 1}', "x" * 5000])
    errors = [json.loads(x) for x in first_decision if '"type":"error"' in x]
    pending = 1 if json.loads(next(x for x in run_play(
        binary, ["--seats", "json,json", "--seed", "1"], []) if '"decision"' in x))["player"] == 0 else 2
    for line, want in zip(['{"choose":99}', '{"choose" 1}', "x" * 5000], errors):
        status, body = sv.answer(pending, line)
        check("%s: the bad answer %.20r: 400 and the protocol's error" % (game, line),
              status in (400, 413) and json.loads(body) == want, "%d %r %r" % (status, body, want))
    status, body = sv.answer(3 - pending, '{"choose":0}')
    check("%s: an answer of the seat not asked: 409" % game,
          status == 409 and json.loads(body)["type"] == "error", "%d %r" % (status, body))

    # requests mangled at random (seeded): each gets a status line or is
    # closed, and the server serves on
    rng = random.Random(7)
    good = [b"GET /seat/1?key=%s HTTP/1.1\r\nHost: x\r\n\r\n" % k1.encode(),
            b"POST /seat/2/answer?key=%s HTTP/1.1\r\nContent-Length: 12\r\n\r\n{\"choose\":0}"
            % sv.key(2).encode(),
            b"GET /seat/2/events?key=%s HTTP/1.1\r\nLast-Event-ID: 3\r\n\r\n" % sv.key(2).encode()]
    statuses = set()
    for i in range(300):
        data = bytearray(rng.choice(good))
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(data))
            op = rng.randrange(3)
            if op == 0:
                data[at] = rng.randrange(256)
            elif op == 1:
                del data[at:at + rng.randint(1, 8)]
            else:
                data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        data += b"\r\n\r\n"  # a head that ends, whatever the mangling left
        first = raw(sv, bytes(data))
        statuses.add(first[:12])
        if not re.match(r"HTTP/1\.1 (200|400|403|404|405|409|411|413|431) |\(closed\)", first):
            check("%s: mangled request %d: a status" % (game, i), False, "%r -> %r" % (data, first))
    check("%s: 300 mangled requests answered (%d kinds of answer)" % (game, len(statuses)),
          len(statuses) > 3, repr(statuses))

    # clients that vanish: mid-stream, before reading, after half a request
    for i in range(20):
        raw(sv, b"GET /seat/1/events?key=" + k1.encode() + b" HTTP/1.1\r\n\r\n", read=i % 2 == 0)
        raw(sv, b"GET /seat/1?key=" + k1.encode() + b" HTTP/1.1\r\n", read=False)
    idle = [socket.create_connection((sv.host, sv.port), timeout=60) for _ in range(100)]
    for s in idle:
        s.sendall(b"GET /seat/1 HTTP/1.1\r\n")
    status, page = sv.request("GET", "/seat/1?key=" + k1)
    for s in idle:
        s.close()
    check("%s: the page after 40 clients vanished and beside 100 that say nothing: 200" % game,
          status == 200 and b'<script src="/serve/page.js">' in page, str(status))
    for path, kind in (("/serve/page.js", b"use strict"), ("/serve/page.css", b"body")):
        status, body = sv.request("GET", path)
        check("%s: GET %s: 200" % (game, path), status == 200 and kind in body, str(status))

    # reconnecting: the whole history again, or what follows Last-Event-ID
    a = sv.stream(1)
    first = [a.next() for _ in range(5)]
    a.close()
    b = sv.stream(1)
    again = [b.next() for _ in range(5)]
    b.close()
    check("%s: a page that comes back is sent the history from the start" % game, first == again)
    c = sv.stream(1, last_id=2)
    check("%s: Last-Event-ID 2: the stream goes on from line 3" % game, c.next() == first[3])
    c.close()
    asked = {}
    for seat in (1, 2):
        d = sv.stream(seat)
        deadline = time.monotonic() + TIMEOUT
        while not d.asking and time.monotonic() < deadline:
            time.sleep(0.01)  # it comes once every line has: no time is assumed
        asked[seat] = d.asking
        d.close()
    check("%s: once a stream has every line, 'asking' says whose question is pending" % game,
          asked == {pending: ["true"], 3 - pending: ["false"]}, repr(asked))

    sv.proc.send_signal(signal.SIGTERM)
    rc, err = sv.wait()
    check("%s: SIGTERM: exit 0" % game, rc == 0, err)


def usage(binary, game):
    import subprocess
    for args, rc in ((["--seats", "json,human"], 2), (["--port", "70000"], 2),
                     (["--games", "3"], 2), (["--exit-when-done=1"], 2)):
        r = subprocess.run([binary, "serve", *args], capture_output=True, text=True, timeout=60)
        check("%s: serve %s: exit %d" % (game, " ".join(args), rc), r.returncode == rc, r.stderr)
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen(1)
    r = subprocess.run([binary, "serve", "--port", str(busy.getsockname()[1]), "--seats", "human,human"],
                       capture_output=True, text=True, timeout=60)
    busy.close()
    check("%s: a port in use: exit 1 and why" % game,
          r.returncode == 1 and "cannot listen on 127.0.0.1:" in r.stderr, r.stderr)


def main():
    for binary in sys.argv[1:]:
        game = os.path.basename(binary).replace("-asan", "")
        usage(binary, game)
        for seed in (1, 2):
            play_one_seat(binary, game, seed)
        play_two_seats(binary, game, 1)
        misuse(binary, game)
    sys.exit(summary("serve"))


main()
