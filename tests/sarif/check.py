"""cardc check --format=sarif over every golden broken example.

Each output must be one SARIF 2.1.0 log that tests/sarif/sarif-subset.schema.json
accepts (the spec's required fields and value sets, written down here), and
say what --format=json says of the same input: one result per error or
warning, in the same order, with its file, line, column, level and message,
and its notes as relatedLocations. Rule ids must be listed in tool.driver.rules
with ruleIndex pointing at them, and the ids of the table in
compiler/diag_sarif.c that the examples reach must turn up.

With CARDC_ASAN, a sanitized cardc, a few of the examples (notes, the
error cap, several paths, an unreadable file) run under it too: the same
log, and nothing on stderr (no leak, no report).

    python3 tests/sarif/check.py CARDC [CARDC_ASAN]    (from the repository root)
"""
import glob
import json
import os
import subprocess
import sys
import urllib.parse

import jsonschema


def cases():
    """(name, argv after 'check') of every golden broken example."""
    for f in sorted(glob.glob("examples/broken/*.yaml")):
        args_file = f[:-5] + ".args"
        args = open(args_file).read().split() if os.path.exists(args_file) else []
        yield f, args + [f]
    for d in sorted(glob.glob("examples/broken-rules/*/")):
        yield d, [d.rstrip("/")]
    yield "two paths", ["examples/broken/duplicate-key.yaml", "examples/broken-rules/bad-limit"]


def run(cardc, fmt, argv):
    p = subprocess.run([cardc, "check", "--format=" + fmt] + argv, capture_output=True)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def groups(items):
    """The JSON items as [error or warning, its notes...] groups."""
    out = []
    for it in items:
        if it["severity"] == "note" and out and it["file"]:
            out[-1].append(it)
        else:
            out.append([it])
    return out


def where(loc):
    """(file, line, column) of a SARIF location, as --format=json says them."""
    pl = loc.get("physicalLocation")
    if not pl:
        return ("", 0, 0)
    uri = urllib.parse.unquote(pl["artifactLocation"]["uri"])
    if uri.startswith("file://"):
        uri = uri[len("file://"):]
    else:
        assert pl["artifactLocation"].get("uriBaseId") == "%SRCROOT%", pl
    r = pl.get("region")
    return (uri, r["startLine"], r["startColumn"]) if r else (uri, 0, 0)


def compare(name, log, items, ids_seen):
    run_ = log["runs"][0]
    assert run_["columnKind"] == "unicodeCodePoints", name
    rules = run_["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert len(ids) == len(set(ids)), (name, "a rule listed twice")
    results = run_["results"]
    want = groups(items)
    assert len(results) == len(want), (name, len(results), len(want))
    for res, grp in zip(results, want):
        head = grp[0]
        assert res["ruleId"] in ids and ids[res["ruleIndex"]] == res["ruleId"], (name, res)
        assert res["level"] == head["severity"], (name, res, head)
        assert res["message"]["text"] == head["message"], (name, res, head)
        loc = where(res["locations"][0]) if "locations" in res else ("", 0, 0)
        assert loc == (head["file"], head["line"], head["column"]), (name, loc, head)
        related = res.get("relatedLocations", [])
        assert len(related) == len(grp) - 1, (name, res, grp)
        for k, (rel, note) in enumerate(zip(related, grp[1:])):
            assert rel["id"] == k + 1 and rel["message"]["text"] == note["message"], (name, rel)
            assert where(rel) == (note["file"], note["line"], note["column"]), (name, rel, note)
        ids_seen.setdefault(res["ruleId"], set()).add(head["message"])
    used = {r["ruleId"] for r in results}
    assert used == set(ids), (name, "rules listed but not used", set(ids) - used)


# run under the sanitized cardc as well
SANITIZED = ["examples/broken/duplicate-card.yaml", "examples/broken/error-cap.yaml",
             "examples/broken/alias-card.yaml", "examples/broken/unreadable.yaml", "two paths",
             "examples/broken-rules/unknown-card/"]


def check_sanitized(cardc, asan):
    """The sanitized cardc writes the same log as cardc, and nothing else."""
    n = 0
    for name, argv in cases():
        if name not in SANITIZED:
            continue
        want = run(cardc, "sarif", argv)
        got = run(asan, "sarif", argv)
        assert got == want, (name, "under the sanitizers:", got[0], got[2][:2000])
        n += 1
    assert n == len(SANITIZED), (n, "of the sanitized cases found")


def main():
    cardc = sys.argv[1]
    if len(sys.argv) > 2:
        check_sanitized(cardc, sys.argv[2])
    schema = json.load(open("tests/sarif/sarif-subset.schema.json"))
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
    ids_seen = {}
    n = 0
    for name, argv in cases():
        st_s, out_s, err_s = run(cardc, "sarif", argv)
        st_j, out_j, _ = run(cardc, "json", argv)
        assert st_s == st_j and st_s in (0, 1, 2), (name, "status", st_s, st_j)
        assert err_s == "", (name, "sarif: output on stderr", err_s)
        log = json.loads(out_s)
        errors = sorted(validator.iter_errors(log), key=str)
        assert not errors, (name, [e.message for e in errors[:3]])
        compare(name, log, json.loads(out_j), ids_seen)
        n += 1
    # Every id of the table is one kind: a message with a known id never
    # turns up under the default id of its file, and the table's ids are used.
    for want in ("yaml/syntax", "cards/unknown-key", "cards/duplicate-key",
                 "cards/missing-key", "cards/count", "cards/expect-mismatch",
                 "rules/syntax"):
        assert want in ids_seen, ("no example gives rule id", want, sorted(ids_seen))
    assert n > 100, n
    print("sarif: %d examples, %d rule ids, all valid and as --format=json says" %
          (n, len(ids_seen)))


if __name__ == "__main__":
    main()
