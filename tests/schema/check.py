"""The card file's JSON Schema (cardc schema) against the checker.

- It is a valid draft-07 schema, and make's copy (build/share/cardc) is what
  `cardc schema` prints.
- Every card file that `cardc check` accepts alone (the decks, examples/ok,
  the rulebooks, every test game's cards.yaml, tests/schema/*.yaml) is
  valid under it: the schema
  never refuses what the checker takes. The decks must be among them.
- Every examples/broken/*.yaml is listed in tests/schema/broken-examples.txt
  as `caught KEYWORD` (the schema refuses it, and KEYWORD is among the
  validator's reasons), `missed` (valid under the schema: only the checker
  sees what is wrong) or `not-yaml` (no YAML reader gives it a tree), and
  each entry is checked.

    python3 tests/schema/check.py CARDC      (from the repository root)
"""
import glob
import json
import subprocess
import sys

import jsonschema
import yaml


def keywords(errors):
    """Every validator keyword among errors and their sub-errors."""
    out = set()
    for e in errors:
        out.add(e.validator)
        out |= keywords(e.context)
    return out


def load(path):
    """The YAML tree of path, or None when it is not YAML (or not there)."""
    try:
        with open(path, encoding="utf-8") as f:
            return ("tree", yaml.safe_load(f))
    except (yaml.YAMLError, UnicodeDecodeError, OSError):
        return None


def check_accepted(cardc, validator):
    """Files the checker accepts are valid under the schema."""
    files = sorted(set(glob.glob("decks/*/cards.yaml") + glob.glob("examples/ok/*.yaml") +
                       glob.glob("examples/rulebooks/*.yaml") + glob.glob("tests/schema/*.yaml") +
                       glob.glob("tests/**/cards.yaml", recursive=True)))
    accepted = []
    for f in files:
        if subprocess.run([cardc, "check", f], capture_output=True).returncode != 0:
            continue
        accepted.append(f)
        tree = load(f)
        assert tree, (f, "the checker takes it, but it is not YAML to python3-yaml")
        errors = list(validator.iter_errors(tree[1]))
        assert not errors, (f, "checked clean, but the schema refuses it:",
                            [e.message[:200] for e in errors[:3]])
    for deck in glob.glob("decks/*/cards.yaml") + ["tests/schema/scalars.yaml"]:
        assert deck in accepted, (deck, "a shipped deck that does not check clean")
    assert len(accepted) > 30, accepted
    return accepted


def check_broken(validator):
    """Each broken example as tests/schema/broken-examples.txt says."""
    listed = {}
    for line in open("tests/schema/broken-examples.txt", encoding="utf-8"):
        line = line.split("#", 1)[0].split()
        if line:
            listed[line[0]] = line[1:]
    names = sorted(f[len("examples/broken/"):-len(".yaml")]
                   for f in glob.glob("examples/broken/*.yaml"))
    names = sorted(set(names) | {"unreadable"})
    assert sorted(listed) == names, ("listed but not there, or there but not listed:",
                                     sorted(set(listed) ^ set(names)))
    tally = {"caught": 0, "missed": 0, "not-yaml": 0}
    for name in names:
        verdict = listed[name]
        tree = load("examples/broken/%s.yaml" % name)
        if tree is None:
            got = ["not-yaml"]
        else:
            errors = list(validator.iter_errors(tree[1]))
            got = ["missed"] if not errors else ["caught"] + sorted(keywords(errors))
        assert got[0] == verdict[0], (name, "listed as", verdict, "but it is", got)
        if verdict[0] == "caught":
            assert verdict[1] in got[1:], (name, "caught, but not by", verdict[1], got)
        tally[verdict[0]] += 1
    return tally


def main():
    cardc = sys.argv[1]
    printed = subprocess.run([cardc, "schema"], capture_output=True, check=True).stdout
    schema = json.loads(printed)
    jsonschema.Draft7Validator.check_schema(schema)
    with open("build/share/cardc/cardc-cards.schema.json", "rb") as f:
        assert f.read() == printed, "make's copy of the schema is not what cardc prints"
    validator = jsonschema.Draft7Validator(schema)
    accepted = check_accepted(cardc, validator)
    tally = check_broken(validator)
    print("schema: %d card files the checker accepts are valid; of the broken examples "
          "%d caught, %d missed (the checker's alone), %d not YAML" %
          (len(accepted), tally["caught"], tally["missed"], tally["not-yaml"]))


if __name__ == "__main__":
    main()
