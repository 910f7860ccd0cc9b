#!/usr/bin/env python3
"""Draws the labelling sample: up to N findings per rule of `qbank lint` on a bank, seeded.

For each rule, the distinct questions it reports (under the strict preset, where every rule is
on) are sorted and sampled with random.Random(SEED); each sampled question is printed with the
rule's messages on it and its text, for a person to judge true or false. --skeleton writes the
question ids into eval/labels/<rule>.tsv lines (`id<TAB>?<TAB>`) for rules that have no label file
yet; a person then replaces "?" with true or false and writes the reason.

usage: eval/sample_findings.py [--qbank PATH] [--bank DIR] [--preset strict] [--seed 11]
                               [--per-rule 30] [--rule ID] [--skeleton]
"""
import argparse
import collections
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BANK = os.path.join(HERE, "..", "..", "shared", "data", "mmlu-test")


def lint(qbank, bank, preset):
    run = subprocess.run([qbank, "lint", bank, "--preset", preset, "--format", "json"],
                         capture_output=True, text=True)
    # 2: some questions were refused at import (MMLU's 80 with mojibake); the others are linted.
    if run.returncode not in (0, 1, 2) or not run.stdout:
        sys.exit("qbank lint failed:\n" + run.stderr)
    return json.loads(run.stdout)["findings"]


def questions(qbank, bank):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "bank.json")
        # --keep-going: the questions the import refuses are left out, the others written.
        subprocess.run([qbank, "import", bank, "-o", out, "-k"], capture_output=True)
        with open(out) as f:
            data = json.load(f)
    return {q["id"]: q for q in data["questions"]}


def sample(findings, rule, seed, per_rule):
    ids = sorted({f["question_id"] for f in findings if f["rule"] == rule and f.get("question_id")})
    rng = random.Random(f"{seed}:{rule}")
    return sorted(rng.sample(ids, min(per_rule, len(ids))))


def show(q):
    lines = ["    stem: " + q.get("stem", "").replace("\n", "\n          ")]
    for i, o in enumerate(q.get("options", [])):
        mark = "*" if o.get("correct") else " "
        lines.append(f"   {mark}{chr(65 + i)}: " + o.get("text", ""))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--qbank", default=os.path.join(HERE, "..", "build", "tools", "qbank"))
    ap.add_argument("--bank", default=DEFAULT_BANK)
    ap.add_argument("--preset", default="strict")
    ap.add_argument("--seed", default="11")
    ap.add_argument("--per-rule", type=int, default=30)
    ap.add_argument("--rule", action="append")
    ap.add_argument("--skeleton", action="store_true")
    args = ap.parse_args()
    findings = lint(args.qbank, args.bank, args.preset)
    by_question = collections.defaultdict(list)
    for f in findings:
        by_question[(f["rule"], f.get("question_id", ""))].append(f["message"])
    bank = questions(args.qbank, args.bank)
    rules = sorted({f["rule"] for f in findings})
    for rule in args.rule or rules:
        picked = sample(findings, rule, args.seed, args.per_rule)
        print(f"== {rule}: {len(picked)} of the questions it reports")
        for qid in picked:
            print(f"-- {qid}")
            for m in by_question[(rule, qid)]:
                print("  > " + m)
            if qid in bank:
                print(show(bank[qid]))
        path = os.path.join(HERE, "labels", rule + ".tsv")
        if args.skeleton and picked and not os.path.exists(path):
            with open(path, "w") as f:
                for qid in picked:
                    f.write(f"{qid}\t?\t\n")


if __name__ == "__main__":
    main()
