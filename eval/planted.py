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


# Two options that say the same thing, written for this set: reordered words, synonyms, derived
# words and a broader word; each pair replaces two distractors of an MMLU question.
PARAPHRASES = [
    ("a contact lens", "a lens for contact"),
    ("the heart muscle", "the muscle of the heart"),
    ("a sudden rise in temperature", "an abrupt increase in temperature"),
    ("halting and starting the flow of current", "stopping and beginning the flow of current"),
    ("a fungal colony in the soil", "a colony of fungi in the soil"),
    ("the rapid growth of cities", "the fast growth of cities"),
    ("a decline in trade", "a decrease in trade"),
    ("the price of the goods rises", "the cost of the goods rises"),
    ("a small country town", "a little country town"),
    ("a large quantity of water", "a big quantity of water"),
    ("the shape of the coast", "the form of the coast"),
    ("a bacterial population in the blood", "a population of bacteria in the blood"),
    ("a quick reply to the letter", "a fast answer to the letter"),
    ("the end of the war", "the close of the war"),
    ("an error in the calculation", "a mistake in the calculation"),
    ("the start of the trial", "the beginning of the trial"),
    ("a rise in wages", "an increase in wages"),
    ("the ancient city walls", "the old city walls"),
    ("the voters' choice", "the choice of the voters"),
    ("a gift from the king", "a present from the king"),
]


def plant_paraphrased_options(rows, rng):
    out = []
    for k, r in enumerate(rows):
        r = list(r)
        key = int(r[5])
        a, b = [i for i in range(1, 5) if i != key + 1][:2]
        r[a], r[b] = PARAPHRASES[k % len(PARAPHRASES)]
        out.append(r)
    return out


# Stems an option must complete, written for this set: the option at the index given does not fit.
UNGRAMMATICAL = [
    ("The organ that stores bile is an", ["organ of digestion", "the gall bladder", "exocrine gland", "accessory organ"], 1),
    ("A sudden drop in barometric pressure usually signals an", ["approaching storm", "incoming front", "arriving depression", "cold clear night"], 3),
    ("The smallest unit of an element that keeps its properties is an", ["atom", "element particle", "isotope", "molecule"], 3),
    ("In a food web, a rabbit is an", ["animal that grazes", "organism of the meadow", "consumer", "eater of plants"], 2),
    ("The Magna Carta is an", ["English charter", "agreement of 1215", "royal decree", "ancient legal text"], 2),
    ("A word that describes a noun is an", ["adjective", "noun modifier", "adverb", "article"], 1),
    ("The main purpose of the Federal Reserve is to", ["set monetary policy", "supervise banks", "the Treasury", "issue currency"], 2),
    ("Plants open their stomata in order to", ["take in carbon dioxide", "release oxygen", "the roots", "lose water"], 2),
    ("The role of white blood cells is to", ["fight infection", "carry oxygen", "the platelets", "clot blood"], 2),
    ("A thermostat is used to", ["regulate temperature", "the boiler", "measure humidity", "store heat"], 1),
    ("Enzymes help to", ["speed up reactions", "the substrate", "store energy", "carry genes"], 1),
    ("The function of the ozone layer is to", ["absorb ultraviolet light", "trap heat", "the stratosphere", "make rain"], 2),
    ("Central banks raise interest rates in order to", ["curb inflation", "a recession", "boost lending", "raise taxes"], 1),
    ("The aim of a vaccine is to", ["train the immune system", "kill bacteria directly", "an antibiotic", "cure a cold"], 2),
    ("A graph of supply and demand is meant to", ["show the market price", "the consumer", "track inflation", "list taxes"], 1),
    ("The first step of the scientific method is to", ["ask a question", "draw a conclusion", "the hypothesis", "test a prediction"], 2),
    ("A lever is designed to", ["multiply force", "the fulcrum", "store energy", "reduce friction"], 1),
    ("The kidneys work to", ["filter the blood", "pump the blood", "the bladder", "digest food"], 2),
    ("Mitochondria are able to", ["make ATP", "copy DNA", "the nucleus", "split water"], 2),
    ("The job of an editor is to", ["correct the text", "print the book", "the author", "sell copies"], 2),
]


def ungrammatical_rows():
    return [[stem] + options + [str(0)] for stem, options, _ in UNGRAMMATICAL]


# Watermarks of dump sites no term list names (invented names), each on a line of its own after
# the stem or appended to it, as copies from dump sites carry them.
WATERMARKS = [
    "Download the latest VCE at www.quizharbor-{n}.com",
    "Passbright{n}.net - 100% pass guaranteed with real exam questions",
    "Free PDF dumps: https://examlantern{n}.org/free",
    "Get the full version of this practice test at certmeadow{n}.io",
    "Exam4Tide{n} | latest valid braindumps",
]


def plant_watermark(rows, rng):
    out = []
    for k, r in enumerate(rows):
        r = list(r)
        mark = WATERMARKS[k % len(WATERMARKS)].format(n=k)
        r[0] = r[0].rstrip() + ("\n" if k % 2 == 0 else " ") + mark
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


HEADINGS = {
    "twice": lambda n: f"Topic 1 Question #{n}\nQuestion #{n}Topic 1",
    "q-dot": lambda n: f"Q{n}.",
    "slash": lambda n: f"Question {n}/100",
    "item": lambda n: f"Item {n}",
    "topic-dash": lambda n: f"Topic 2 - Question {n}",
}


def dump_copy(rows, style, rng):
    """100 MMLU questions written as a dump in heading style `style`, a watermark of an invented
    site between every tenth question and the next."""
    lines = []
    for n, r in enumerate(rows, 1):
        lines.append(HEADINGS[style](n))
        lines.append(r[0].replace("\n", " "))
        for k in range(4):
            lines.append(f"{'ABCD'[k]}. {r[1 + k]}")
        lines.append(f"Suggested Answer: {'ABCD'[int(r[5])]}")
        if n % 10 == 0:
            lines.append(WATERMARKS[(n // 10) % len(WATERMARKS)].format(n=n))
        lines.append("")
    return "\n".join(lines) + "\n"


def read_dump(qbank, path):
    """The questions `qbank convert` reads from a dump, and how many stems hold a watermark."""
    run = subprocess.run([qbank, "convert", path, "--from", "dump", "--to", "json", "-k"],
                         capture_output=True, text=True)
    if not run.stdout:
        return 0, 0
    questions = json.loads(run.stdout)["questions"]
    marked = sum(1 for q in questions
                 if any(site in json.dumps(q).lower()
                        for site in ("quizharbor", "passbright", "examlantern", "certmeadow",
                                     "exam4tide")))
    return len(questions), marked


def dump_layouts(qbank, pool, out):
    print("\ndump reader: 100 MMLU questions per heading style, a watermark after every tenth")
    print("style".ljust(14) + "questions read  questions holding a watermark")
    rng = random.Random("31:dump")
    rows = [r for r in pool if "\n" not in r[0]]
    for style in HEADINGS:
        sample = rng.sample(rows, 100)
        path = os.path.join(out, f"planted_dump_{style}.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write(dump_copy(sample, style, rng))
        read, marked = read_dump(qbank, path)
        print(style.ljust(14) + str(read).rjust(15) + str(marked).rjust(30))


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
                       ("option-fragment", plant_option_fragment),
                       ("paraphrased-options", plant_paraphrased_options),
                       ("dump-markers", plant_watermark)]:
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
    # The option that does not complete its stem: written whole, amid 20 untouched MMLU rows.
    rng = random.Random("31:ungrammatical-option")
    base = [list(r) for r in rng.sample(fit, PER_RULE)]
    cases["ungrammatical-option"] = (base + ungrammatical_rows(),
                                     set(range(PER_RULE, 2 * PER_RULE)))
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
    dump_layouts(args.qbank, pool, out)


if __name__ == "__main__":
    main()
