#!/usr/bin/env python3
"""False flags of `--against`'s explanation check (reused-explanation) on real text.

MMLU has no explanations, so each question's stem and key text (a sentence or a passage of real
English) become the explanation of a question of its own, with a placeholder stem and options;
every other subject in file-name order makes bank a.json, the rest b.json, and
`qbank lint b.json --against a.json --select reused-explanation` runs at each threshold
(reused-explanation's against-min-similarity). Prints the findings by similarity: MMLU repeats some
questions across subjects (those are 100% similar); the rest are false flags.
Usage: python3 bench/explanation_false_flags.py [--qbank build/tools/qbank]
           [--mmlu ../shared/data/mmlu-test] [--thresholds 30,40,50,60,70,80,90]
"""
import argparse
import collections
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

CONTROL = re.compile("[\u0080-\u009f]")  # qbank refuses them; some MMLU files hold a few


def make_bank(folder, files, tag):
    questions = []
    for name in files:
        with open(os.path.join(folder, name), newline="") as f:
            for row in csv.DictReader(f):
                key = row["choice" + row["answer"]].strip()
                n = len(questions)
                questions.append({
                    "id": "{}-{}".format(tag, n),
                    "stem": "Placeholder {} {} of {}?".format(tag, n, name),
                    "options": [{"text": "option {}{}-{}".format(tag, n, k), "correct": k == 0}
                                for k in range(2)],
                    "explanation": CONTROL.sub("", row["question"].strip() + " " + key)})
    return {"qbank": 1, "questions": questions}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--qbank", default="build/tools/qbank")
    parser.add_argument("--mmlu", default="../shared/data/mmlu-test")
    parser.add_argument("--thresholds", default="30,40,50,60,70,80,90")
    args = parser.parse_args()
    files = sorted(f for f in os.listdir(args.mmlu) if f.endswith(".csv"))
    work = tempfile.mkdtemp(prefix="qbank-explanations-")
    a, b = os.path.join(work, "a.json"), os.path.join(work, "b.json")
    with open(a, "w") as f:
        json.dump(make_bank(args.mmlu, files[0::2], "a"), f)
    with open(b, "w") as f:
        json.dump(make_bank(args.mmlu, files[1::2], "b"), f)
    for t in args.thresholds.split(","):
        config = os.path.join(work, "c{}.json".format(t))
        with open(config, "w") as f:
            json.dump({"extends": "recommended", "rules": {"reused-explanation": {
                "options": {"against-min-similarity": int(t)}}}}, f)
        run = subprocess.run([args.qbank, "lint", b, "--against", a, "--select",
                              "reused-explanation", "--config", config, "-f", "json"],
                             capture_output=True, text=True)
        if run.returncode not in (0, 1):
            sys.exit("qbank failed: " + run.stderr[:2000])
        similar = collections.Counter()
        for finding in json.loads(run.stdout)["findings"]:
            m = re.search(r" is (\d+)% similar to ", finding["message"])
            if m:
                similar[int(m.group(1))] += 1
        print("against-min-similarity {}: {} findings; by similarity {}".format(
            t, sum(similar.values()), ", ".join(
                "{}%: {}".format(s, n) for s, n in sorted(similar.items()))))
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
