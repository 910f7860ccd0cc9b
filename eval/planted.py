#!/usr/bin/env python3
"""Recall on planted flaws: copies MMLU questions into new CSV files with one kind of flaw planted
in each, lints each file with the one rule that should find it, and prints how many it found.

For each rule a file planted_<rule>.csv (.json for option-count) is written to --out (a temporary folder by default) with
the MMLU layout (question,choice0..3,answer): 20 questions drawn (seeded, random.Random("31:<rule>"))
from the MMLU subjects below, each edited to carry the flaw, plus for same-stem the untouched
originals the edited copies repeat. Two files check that a false alarm is gone instead: binary
questions (Yes/No, True/False, ...) among four-option ones for option-count, and song titles
"A B C" for statement-options; there the figure is the number of planted questions reported
(0 is right). Python 3 standard library only.

usage: eval/planted.py [--qbank PATH] [--bank DIR] [--out DIR]
"""
import argparse
import csv
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BANK = "/work/shared/data/mmlu-test"
SUBJECTS = ["high_school_biology", "astronomy", "high_school_geography", "nutrition",
            "high_school_us_history", "conceptual_physics", "marketing", "prehistory"]
HEADER = ["question", "choice0", "choice1", "choice2", "choice3", "answer"]
ABSOLUTE = {"always", "never", "all", "none", "only"}
PER_RULE = 20


def read_rows(bank):
    rows = []
    for subject in SUBJECTS:
        with open(os.path.join(bank, subject + "_test.csv"), encoding="utf-8", newline="") as f:
            for r in csv.reader(f):
                if len(r) == 6 and r[0] != "question" and r[5].isdigit():
                    rows.append(r)
    return rows


def words(text):
    return {w.strip(".,;:!?\"'()").lower() for w in text.split()}


def plain(r):
    """A question fit for planting: short stem, no absolute term, no combination option."""
    texts = r[:5]
    if len(r[0].split()) > 40 or "\n" in r[0]:
        return False
    if any(ABSOLUTE & words(t) for t in texts):
        return False
    return all(len(t.split()) >= 2 and not t[0].isdigit() for t in r[1:5])


def plant_key_in_question(rows, rng):
    endings = [" Correct Answer: {}", " Answer: {}", " Ans: {}", " Answer: ({})"]
    out = []
    for k, r in enumerate(rows):
        r = list(r)
        letter = "ABCD"[rng.randrange(4)]
        ending = endings[k % len(endings)].format(letter)
        if k % 2 == 0:
            r[0] = r[0].rstrip() + ending
        else:
            i = 1 + rng.randrange(4)
            r[i] = r[i].rstrip().rstrip(".") + "." + ending
        out.append(r)
    return out


def plant_dangling_reference(rows, rng):
    leads = ["According to question 5, ", "In the passage above, ", "The figure shows the setup. ",
             "(Q2) ", "Using your answer to the previous question: ", "Refer to question 12. ",
             "As the diagram above shows, ", "Read the following passage and answer. ",
             "In question 7, ", "See the table below. "]
    out = []
    for k, r in enumerate(rows):
        r = list(r)
        lead = leads[k % len(leads)]
        stem = r[0]
        r[0] = lead + stem[0].lower() + stem[1:] if lead.endswith(", ") else lead + stem
        out.append(r)
    return out


def plant_same_stem(rows, rng, pool):
    out = []
    for k, r in enumerate(rows):
        out.append(list(r))
        copy = list(r)
        key = int(r[5])
        distractors = [i for i in range(1, 5) if i != key + 1]
        for i in rng.sample(distractors, 2):
            copy[i] = rng.choice(pool)[1 + rng.randrange(4)]
        if k % 2 == 0:
            # A look-alike letter: Cyrillic а for the first Latin a of the stem.
            at = copy[0].find("a")
            if at >= 0:
                copy[0] = copy[0][:at] + "\u0430" + copy[0][at + 1:]
        out.append(copy)
    return out


def plant_absolute_terms(rows, rng):
    out = []
    for k, r in enumerate(rows):
        r = list(r)
        key = int(r[5])
        i = rng.choice([i for i in range(1, 5) if i != key + 1])
        text = r[i].rstrip(".")
        if k % 2 == 0:
            r[i] = text + " in all cases"
        else:
            r[i] = "always " + text[0].lower() + text[1:]
        out.append(r)
    return out


def content(text):
    return {w for w in words(text) if len(w) >= 5 and w.isalpha()}


def plant_key_echoes_stem(rows, rng):
    """The key gets the stem's longest word appended; no option echoed the stem before."""
    out = []
    for r in rows:
        r = list(r)
        key = int(r[5]) + 1
        word = max(sorted(content(r[0])), key=len)
        r[key] = r[key].rstrip(".") + " (" + word + ")"
        out.append(r)
    return out


def plant_option_fragment(rows, rng):
    """A distractor split the way conversions split them: its end lost after "and", or its start
    lost, leaving "and ..."."""
    out = []
    for k, r in enumerate(rows):
        r = list(r)
        key = int(r[5])
        i = rng.choice([i for i in range(1, 5) if i != key + 1])
        text = r[i].rstrip(".")
        r[i] = text + " and" if k % 2 == 0 else "and " + text[0].lower() + text[1:]
        out.append(r)
    return out


def binary_rows():
    pairs = [("Yes", "No"), ("True", "False"), ("No", "Yes"), ("FALSE", "TRUE"), ("Oui", "Non"),
             ("Ja", "Nein"), ("Sí", "No"), ("Vrai", "Faux"), ("はい", "いいえ"), ("Да", "Нет")]
    out = []
    for k in range(PER_RULE):
        a, b = pairs[k % len(pairs)]
        out.append([f"Is statement number {k + 1} of this planted set correct?", a, b, "", "",
                    str(k % 2)])
    return out


def song_rows():
    out = []
    titles = ["A B C", "A B C D", "B C D", "A B", "C D"]
    for k in range(PER_RULE // 2):
        t = titles[k % len(titles)]
        out.append([f"Which of these is a song title (set {k + 1})?", t, "Rhapsody in Blue",
                    "Clair de Lune", "Moonlight Sonata", "0"])
    return out


def write(path, rows):
    """A CSV file in the MMLU layout, or for .json a bank file (which can hold two options)."""
    if path.endswith(".json"):
        questions = []
        for k, r in enumerate(rows):
            texts = [t for t in r[1:5] if t != ""]
            questions.append({"id": f"planted-{k}", "type": "single", "stem": r[0],
                              "options": [{"text": t, "correct": i == int(r[5])}
                                          for i, t in enumerate(texts)]})
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"qbank": 1, "id": "planted", "title": "Planted", "questions": questions},
                      f, ensure_ascii=False, indent=2)
            f.write("\n")
        return
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(HEADER)
        for r in rows:
            w.writerow(r)


def lint(qbank, path, rule):
    run = subprocess.run([qbank, "lint", path, "--select", rule, "--format", "json"],
                         capture_output=True, text=True)
    if run.returncode not in (0, 1, 2) or not run.stdout:
        sys.exit(f"qbank lint {path} failed:\n{run.stderr}")
    rows = set()
    for f in json.loads(run.stdout)["findings"]:
        if f["rule"] != rule or "field_path" not in f:
            continue
        index = int(f["field_path"].split("]")[0].split("[")[1])
        rows.add(index)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--qbank", default=os.path.join(HERE, "..", "build", "tools", "qbank"))
    ap.add_argument("--bank", default=DEFAULT_BANK)
    ap.add_argument("--out")
    args = ap.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="planted-")
    os.makedirs(out, exist_ok=True)
    pool = read_rows(args.bank)
    fit = [r for r in pool if plain(r)]
    cases = {}
    for rule, make in [("key-in-question", plant_key_in_question),
                       ("dangling-reference", plant_dangling_reference),
                       ("absolute-terms", plant_absolute_terms),
                       ("option-fragment", plant_option_fragment)]:
        rng = random.Random("31:" + rule)
        rows = make(rng.sample(fit, PER_RULE), rng)
        cases[rule] = (rows, set(range(len(rows))))
    rng = random.Random("31:key-echoes-stem")
    echo_fit = [r for r in fit if content(r[0]) and
                not any(content(r[0]) & {w[:5] for w in words(t)} or content(r[0]) & words(t)
                        for t in r[1:5])]
    rows = plant_key_echoes_stem(rng.sample(echo_fit, PER_RULE), rng)
    cases["key-echoes-stem"] = (rows, set(range(len(rows))))
    rng = random.Random("31:same-stem")
    rows = plant_same_stem(rng.sample(fit, PER_RULE), rng, pool)
    cases["same-stem"] = (rows, set(range(1, len(rows), 2)))
    # False alarms that must stay silent: binary questions among four-option ones, song titles.
    rng = random.Random("31:option-count")
    base = [list(r) for r in rng.sample(fit, 30)]
    cases["option-count"] = (base + binary_rows(), set(range(30, 30 + PER_RULE)))
    rng = random.Random("31:statement-options")
    cases["statement-options"] = (song_rows(), set(range(PER_RULE // 2)))
    print(f"planted files in {out}")
    print("rule".ljust(22) + "planted  found  other findings")
    for rule, (rows, planted) in cases.items():
        # Two options do not fit the CSV layout (it keeps empty choices as empty options).
        ext = ".json" if rule == "option-count" else ".csv"
        path = os.path.join(out, f"planted_{rule}{ext}")
        write(path, rows)
        found = lint(args.qbank, path, rule)
        hit = len(found & planted)
        note = "  (false alarms: 0 is right)" if rule in ("option-count", "statement-options") else ""
        print(rule.ljust(22) + str(len(planted)).rjust(7) + str(hit).rjust(7) +
              str(len(found - planted)).rjust(16) + note)


if __name__ == "__main__":
    main()
