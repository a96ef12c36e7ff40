"""What the tests of `GAME serve` share: starting the server, reading a
seat's event stream, posting an answer. Python's standard library only."""
import http.client
import json
import os
import queue
import subprocess
import threading
import urllib.parse

TIMEOUT = int(os.environ.get("SERVE_TIMEOUT", "300"))  # seconds: only a hung server takes this long


class Server:
    """`GAME serve ARGS --port 0`, its seats' URLs read from its stdout."""

    def __init__(self, binary, *args):
        self.proc = subprocess.Popen([binary, "serve", "--port", "0", *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.urls = {}
        for line in self.proc.stdout:
            head, _, url = line.strip().partition(": ")
            if not head.startswith("seat ") or not url.startswith("http://127.0.0.1:"):
                raise AssertionError("not a seat line: %r" % line)
            self.urls[int(head[5:])] = url
            if len(self.urls) == self.expected(args):
                break
        any_url = urllib.parse.urlsplit(next(iter(self.urls.values())))
        self.host, self.port = any_url.hostname, any_url.port

    @staticmethod
    def expected(args):
        seats = args[args.index("--seats") + 1].split(",")
        return seats.count("human")

    def key(self, seat):
        return urllib.parse.parse_qs(urllib.parse.urlsplit(self.urls[seat]).query)["key"][0]

    def request(self, method, path, body=None, headers=None):
        c = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
        c.request(method, path, body=body, headers=headers or {})
        r = c.getresponse()
        data = r.read()
        c.close()
        return r.status, data

    def answer(self, seat, line, key=None):
        path = "/seat/%d/answer?key=%s" % (seat, key or self.key(seat))
        return self.request("POST", path, line.encode())

    def stream(self, seat, last_id=None, merged=None):
        return Stream(self, seat, last_id, merged)

    def wait(self):
        try:
            rc = self.proc.wait(TIMEOUT)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
        err = self.proc.stderr.read()
        self.proc.stdout.close()
        self.proc.stderr.close()
        return rc, err


class Stream:
    """A seat's event stream, read by a thread into a queue of
    (id, data) pairs; None once the server closes it. With merged, a queue
    shared by several streams, the thread also puts (seat, line) there."""

    def __init__(self, server, seat, last_id=None, merged=None):
        self.conn = http.client.HTTPConnection(server.host, server.port, timeout=TIMEOUT)
        headers = {} if last_id is None else {"Last-Event-ID": str(last_id)}
        self.conn.request("GET", "/seat/%d/events?key=%s" % (seat, server.key(seat)),
                          headers=headers)
        self.resp = self.conn.getresponse()
        if self.resp.status != 200:
            raise AssertionError("events of seat %d: status %d" % (seat, self.resp.status))
        if self.resp.getheader("Content-Type") != "text/event-stream":
            raise AssertionError("events: Content-Type %s" % self.resp.getheader("Content-Type"))
        self.events = queue.Queue()
        self.lines = []         # every data line read, in order (by the thread)
        self.asking = []        # every "asking" event's data, in order (by the thread)
        self.seat, self.merged = seat, merged
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        event_id, data, kind = None, None, None
        try:
            for raw in self.resp.fp:
                line = raw.decode("utf-8").rstrip("\n")
                if line.startswith("id: "):
                    event_id = int(line[4:])
                elif line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: "):
                    data = line[6:]
                elif line == "" and kind == "asking":
                    self.asking.append(data)
                    kind, data = None, None
                elif line == "" and data is not None:
                    self.lines.append(data)
                    self.events.put((event_id, data))
                    if self.merged:
                        self.merged.put((self.seat, data))
                    event_id, data = None, None
        except (OSError, ValueError):
            pass
        self.events.put(None)

    def next(self):
        """The next protocol line, parsed (None: the stream closed)."""
        item = self.events.get(timeout=TIMEOUT)
        if item is None:
            return None
        return json.loads(item[1])

    def close(self):
        self.conn.close()


def run_play(binary, args, answers):
    """`GAME play --protocol json ARGS` fed the answers; its stdout lines."""
    out = subprocess.run([binary, "play", "--protocol", "json", *args],
                         input="".join(a + "\n" for a in answers),
                         capture_output=True, text=True, timeout=TIMEOUT)
    return out.stdout.splitlines()


# Which zones a seat may not see, by game (as their rules declare them):
# a hidden zone for every seat, an owner zone for all but its owner.
HIDDEN = {
    "easy-school": ({"deck", "aside", "victory"}, set()),
    "school-control": ({"deck"}, {"hand"}),
}


def seat_sees(game, place, p):
    """May seat p (from 0) see the cards of this place of a move?"""
    if place is None:
        return False
    hidden, owner = HIDDEN[game]
    if place["zone"] in hidden:
        return False
    return place["zone"] not in owner or place.get("player") == p


# ---- the tally both tests keep ----

_tally = {"passed": 0, "failed": 0}


def check(what, ok, detail=""):
    """Counts a check; prints it when it failed."""
    if ok:
        _tally["passed"] += 1
    else:
        _tally["failed"] += 1
        print("FAIL: %s%s" % (what, ": " + detail if detail else ""))


def summary(name):
    """Prints NAME: N passed, M failed; returns the exit status."""
    print("%s: %d passed, %d failed" % (name, _tally["passed"], _tally["failed"]))
    return 1 if _tally["failed"] else 0
