#!/usr/bin/env python3
"""Per-rule precision of `qbank lint` on a bank, from the hand labels in eval/labels/.

Runs `qbank lint --format json` on the bank (default: ../shared/data/mmlu-test) under each preset
and prints, per rule: the findings under each preset, the questions labelled (eval/labels/<rule>.tsv,
lines `question_id<TAB>true|false<TAB>reason`), how many labels are true, and the precision.
A label counts only when the rule still reports that question (a rule changed since labelling
shows fewer labelled). Python 3 standard library only.

usage: eval/precision.py [--qbank PATH] [--bank DIR] [--preset NAME ...]
"""
import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BANK = os.path.join(HERE, "..", "..", "shared", "data", "mmlu-test")
PRESETS = ["recommended", "practice-page", "strict"]


def lint(qbank, bank, preset):
    run = subprocess.run([qbank, "lint", bank, "--preset", preset, "--format", "json"],
                         capture_output=True, text=True)
    # 2 with a report: some questions were refused at import (reported as import-error).
    if run.returncode not in (0, 1, 2) or not run.stdout:
        sys.exit(f"qbank lint --preset {preset} failed:\n{run.stderr}")
    return json.loads(run.stdout)["findings"]


def read_labels(directory):
    labels = {}
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".tsv"):
            continue
        rule = name[:-4]
        table = {}
        with open(os.path.join(directory, name)) as f:
            for number, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line or line.startswith("#"):
                    continue
                parts = line.split("\t")
                if len(parts) < 2 or parts[1] not in ("true", "false"):
                    sys.exit(f"{name}:{number}: expected question_id<TAB>true|false<TAB>reason")
                table[parts[0]] = parts[1] == "true"
        labels[rule] = table
    return labels


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--qbank", default=os.path.join(HERE, "..", "build", "tools", "qbank"))
    ap.add_argument("--bank", default=DEFAULT_BANK)
    ap.add_argument("--preset", action="append")
    args = ap.parse_args()
    presets = args.preset or PRESETS
    counts = {}
    reported = collections.defaultdict(set)  # rule -> question ids reported under any preset
    total_questions = None
    for preset in presets:
        findings = lint(args.qbank, args.bank, preset)
        counts[preset] = collections.Counter(f["rule"] for f in findings)
        for f in findings:
            # A bank-level finding (key-balance, a file-wide roll-up) is labelled by its file's
            # name, or <bank> for the whole bank.
            key = f.get("question_id")
            if key is None:
                key = os.path.basename(f["file"]) if f.get("file") else "<bank>"
            reported[f["rule"]].add(key)
    labels = read_labels(os.path.join(HERE, "labels"))
    rules = sorted(set(reported) | set(labels))
    head = "rule".ljust(34) + "".join(p.rjust(15) for p in presets)
    print(head + "   labelled  true  precision")
    for rule in rules:
        row = rule.ljust(34) + "".join(str(counts[p][rule]).rjust(15) for p in presets)
        table = {q: v for q, v in labels.get(rule, {}).items() if q in reported[rule]}
        if table:
            true = sum(table.values())
            row += f"   {len(table):>8}  {true:>4}  {100.0 * true / len(table):>8.1f}%"
        else:
            row += "          -     -          -"
        print(row)
    print("total".ljust(34) + "".join(str(sum(counts[p].values())).rjust(15) for p in presets))


if __name__ == "__main__":
    main()
