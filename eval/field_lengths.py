#!/usr/bin/env python3
"""Word counts of every stem, trap, explanation and rationale of some banks, as qbank counts them.

Runs `qbank lint` with only field-length on, every bound set out of reach, so each non-empty field
gives one finding whose message holds its word count (ICU word breaks, as the rule counts). Prints
the distribution per field: the figures behind field-length's defaults (rules/field-length.md).

usage: eval/field_lengths.py [--qbank PATH] INPUT...
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

FIELDS = ["stem", "trap", "explanation", "rationale"]
HAS_WORDS = re.compile(r"has (\d+) words?;")


def percentile(values, p):
    if not values:
        return 0
    k = max(0, min(len(values) - 1, int(round(p / 100.0 * (len(values) - 1)))))
    return values[k]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--qbank", default=os.path.join(here, "..", "build", "tools", "qbank"))
    ap.add_argument("inputs", nargs="+")
    args = ap.parse_args()
    rules = subprocess.run([args.qbank, "rules"], capture_output=True, text=True, check=True)
    ids = [line.split()[0] for line in rules.stdout.splitlines() if line.strip()]
    config = {"rules": {rule: "off" for rule in ids}}
    out_of_reach = {"min": 1000000, "max": 0}
    config["rules"]["field-length"] = {
        "severity": "warning",
        "options": {field: out_of_reach for field in FIELDS},
    }
    with tempfile.TemporaryDirectory() as tmp:
        config_path = os.path.join(tmp, "lengths.qbank.json")
        with open(config_path, "w") as f:
            json.dump(config, f)
        run = subprocess.run(
            [args.qbank, "lint", *args.inputs, "--config", config_path, "--format", "json"],
            capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit("qbank lint failed:\n" + run.stderr)
    words = {field: [] for field in FIELDS}
    for finding in json.loads(run.stdout)["findings"]:
        if finding["rule"] != "field-length":
            continue
        path = finding["field_path"].split(".", 1)[1]
        field = "rationale" if path.endswith(".rationale") else path
        match = HAS_WORDS.search(finding["message"])
        if field in words and match:
            words[field].append(int(match.group(1)))
    print("field        count    min    p1    p5   p50   p95   p99  p99.9     max")
    for field in FIELDS:
        v = sorted(words[field])
        if not v:
            print(f"{field:<12} {0:>5}")
            continue
        cells = [percentile(v, p) for p in (1, 5, 50, 95, 99, 99.9)]
        print(f"{field:<12} {len(v):>5} {v[0]:>6} " + " ".join(f"{c:>5}" for c in cells[:5]) +
              f" {cells[5]:>6} {v[-1]:>7}")


if __name__ == "__main__":
    main()
