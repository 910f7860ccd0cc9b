#!/usr/bin/env python3
"""Originality benchmark: how many leaked questions qbank finds in exam dumps, per kind of copy.

Makes a synthetic bank (an invented vocabulary in English sentence templates, so stock phrasing
such as "Which of the following" is shared by unrelated questions, as in real banks; never real
exam text), leaks some of its questions into dump files laid out as dump sites publish them
(VCE text, dump-site HTML, PDF-to-text with page headers and hyphenated wraps, forum copy-paste,
one-line minified HTML) with a kind of change each, adds unrelated dump questions, and checks:

  against: qbank lint bank.json --against DUMP... (the dump reader, exact-duplicate and
           near-duplicate over stems and options, reused-explanation over explanations)
  index:   qbank index build DUMPS -o refs.qidx; qbank lint bank.json --reference refs.qidx
  sim_text (Debian's similarity-tester), when installed: a question counts as found when sim_text
           reports its file overlapping a dump file.

Prints recall per kind and false flags per 1,000 clean questions for each. With --curve, each
check alone at several thresholds (near-duplicate's against-min-similarity for --against's stems
and options, reused-explanation's against-min-similarity for its explanations, reference-overlap's
min-similarity for the index): the threshold curve the defaults come from.
Usage: python3 bench/dump_recall.py [--qbank build/tools/qbank] [--leaked 240] [--clean 1000]
                                    [--curve [--against-thresholds 30,40,50,60,70]
                                             [--explanation-thresholds 30,40,50,60,70,80,90]
                                             [--index-thresholds 0,40,50,55,60,65,70,80]]
"""
import argparse
import collections
import html
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

KINDS = ["verbatim", "reordered", "lookalike", "paraphrase", "pdf-hyphenated", "html", "short",
         "explanation"]
LAYOUTS = ["vce", "examtopics_html", "pdf", "forum", "minified_html"]
# The rules --against feeds: whole questions, and explanations as fields of their own.
AGAINST_RULES = {"exact-duplicate", "near-duplicate", "reused-explanation"}

FUNCTION_STEMS = [
    "Which of the following {np} {verb} the {noun} when the {noun2} is {adj}?",
    "What is the {adj} {noun} of a {noun2} that {verb} {np}?",
    "A {role} must {verb} the {noun} before the {noun2} {verb2}. Which {noun3} should the {role} check first?",
    "Which {noun} {verb} the {noun2} in a {adj} {noun3}, and why does the {role} rely on it?",
    "In a {adj} {noun}, the {role} notices that the {noun2} {verb} {np} every morning. What is the most likely cause?",
    "Which statement about the {noun} of a {adj} {noun2} is true?",
    "When a {noun} {verb} {np}, which {noun2} does the {role} use to {verb2} the {noun3}?",
]
SHORT_STEMS = [
    "What does a {adj} {noun} {verb2}?",
    "Which {noun} {verb} the {noun2}?",
    "What is a {adj} {noun}?",
    "Which {role} checks the {noun}?",
    "Why does the {noun} {verb2} the {noun2}?",
]
SYLLABLES = ["tra", "mor", "vex", "lin", "qua", "dor", "pel", "sen", "rix", "tal", "bor", "nim",
             "gar", "zel", "fon", "kir", "lum", "pra", "sto", "ven", "wil", "cor", "dra", "mex"]
REAL_NOUNS = ["harbour", "vessel", "signal", "register", "ledger", "channel", "buoy", "beacon",
              "pilot", "quay", "berth", "tide", "cargo", "anchor", "rudder", "hull", "mast",
              "compass", "chart", "crane", "manifest", "permit", "dock", "lock", "gate"]
ADJS = ["outer", "inner", "northern", "shallow", "tidal", "sealed", "primary", "spare", "narrow",
        "heavy", "empty", "coastal", "upper", "lower", "temporary", "fixed"]
VERBS = ["records", "controls", "blocks", "measures", "marks", "protects", "releases", "guides",
         "tracks", "limits", "signals", "stores"]
VERBS2 = ["leave", "enter", "close", "open", "inspect", "report", "hold", "clear"]
ROLES = ["harbour master", "pilot", "deck officer", "port clerk", "lock keeper", "surveyor"]
SYNONYMS = {"records": "logs", "controls": "governs", "blocks": "stops", "measures": "gauges",
            "marks": "flags", "protects": "guards", "releases": "frees", "guides": "steers",
            "tracks": "follows", "limits": "caps", "signals": "indicates", "stores": "keeps",
            "outer": "external", "inner": "internal", "shallow": "low", "narrow": "thin",
            "heavy": "weighty", "empty": "vacant", "primary": "main", "spare": "reserve",
            "check": "verify", "likely": "probable", "cause": "reason", "true": "correct",
            "statement": "claim", "notices": "sees", "morning": "day", "must": "has to",
            "before": "prior to", "use": "employ", "rely": "depend"}
# Latin letters and the Cyrillic letters that look like them (small and capital).
LOOKALIKE = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441",
             "x": "\u0445", "T": "\u0422", "K": "\u041a", "M": "\u041c", "H": "\u041d",
             "B": "\u0412", "A": "\u0410", "C": "\u0421", "E": "\u0415", "O": "\u041e",
             "P": "\u0420", "W": "\u0428"}


def pseudo_word(rng):
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3)))


def make_question(rng, index, short):
    noun = lambda: rng.choice(REAL_NOUNS) if rng.random() < 0.5 else pseudo_word(rng)
    fill = dict(noun=noun(), noun2=noun(), noun3=noun(), adj=rng.choice(ADJS),
                verb=rng.choice(VERBS), verb2=rng.choice(VERBS2), role=rng.choice(ROLES),
                np="the " + rng.choice(ADJS) + " " + noun())
    template = rng.choice(SHORT_STEMS if short else FUNCTION_STEMS)
    stem = template.format(**fill)
    if not short and rng.random() < 0.5:
        stem = "The {} {} {} of the {} {}. ".format(
            noun(), rng.choice(VERBS), "the " + rng.choice(ADJS) + " " + noun(),
            rng.choice(ADJS), noun()).capitalize() + stem
    stem = stem[0].upper() + stem[1:]
    options = []
    for _ in range(4):
        words = [noun() for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.4:
            words = ["the", rng.choice(ADJS)] + words + [rng.choice(VERBS), noun()]
        options.append(" ".join(words).capitalize())
    explanation = " ".join(
        "The {} {} {} because the {} {} {}.".format(noun(), rng.choice(VERBS), noun(),
                                                   noun(), rng.choice(VERBS), noun())
        for _ in range(rng.randint(2, 4)))
    key = rng.randrange(4)
    return {"id": "b{:04d}".format(index), "stem": stem,
            "options": [{"text": o, "correct": i == key} for i, o in enumerate(options)],
            "explanation": explanation}


def paraphrase(rng, text):
    words = text.split(" ")
    spots = [i for i, w in enumerate(words) if w.strip("?.,").lower() in SYNONYMS]
    rng.shuffle(spots)
    changed = 0
    for i in spots[:3]:
        bare = words[i].strip("?.,")
        words[i] = words[i].replace(bare, SYNONYMS[bare.lower()])
        changed += 1
    if changed < 2 and len(words) > 4:  # swap two neighbouring words
        i = rng.randrange(1, len(words) - 2)
        words[i], words[i + 1] = words[i + 1], words[i]
    return " ".join(words)


def lookalike(rng, text):
    out = []
    for k, ch in enumerate(text):
        word_start = k == 0 or text[k - 1] == " "
        if ch in LOOKALIKE and (word_start or ch.islower()) and rng.random() < 0.35:
            out.append(LOOKALIKE[ch])
        else:
            out.append(ch)
    return "".join(out)


def leak(rng, q, kind):
    """The question as the dump prints it: (stem, options, key letters, explanation)."""
    stem = q["stem"]
    options = [o["text"] for o in q["options"]]
    keys = [i for i, o in enumerate(q["options"]) if o["correct"]]
    if kind == "reordered":
        order = list(range(len(options)))
        while order == sorted(order):
            rng.shuffle(order)
        options = [options[i] for i in order]
        keys = [order.index(k) for k in keys]
    elif kind == "lookalike":
        stem = lookalike(rng, stem)
        options = [lookalike(rng, o) for o in options]
    elif kind == "paraphrase":
        stem = paraphrase(rng, stem)
    letters = "".join("ABCDEFGH"[k] for k in keys)
    return stem, options, letters, q["explanation"]


def wrap(text, width, hyphenate):
    """Wraps like a PDF page: lines of `width`; with `hyphenate`, long words split with '-'."""
    lines, line = [], ""
    for word in text.split(" "):
        if len(line) + 1 + len(word) <= width:
            line = (line + " " + word).strip()
            continue
        room = width - len(line) - 2
        if hyphenate and len(word) >= 8 and room >= 4:
            lines.append((line + " " + word[:room] + "-").strip())
            line = word[room:]
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return "\n".join(lines)


class DumpWriter:
    def __init__(self, layout):
        self.layout = layout
        self.parts = []
        self.number = 0

    def add(self, stem, options, letters, explanation, hyphenate=False):
        self.number += 1
        n = self.number
        opts = ["{}. {}".format("ABCDEFGH"[i], o) for i, o in enumerate(options)]
        if self.layout == "vce":
            self.parts.append("QUESTION {}\n{}\n\n{}\n\nCorrect Answer: {}\nSection: (none)\n"
                              "Explanation\n\nExplanation/Reference:\n{}\n\n".format(
                                  n, stem, "\n".join(opts), letters, explanation))
        elif self.layout == "pdf":
            body = "QUESTION NO: {}\n{}\n{}\nAnswer: {}\nExplanation:\n{}\n".format(
                n, wrap(stem, 60, hyphenate), "\n".join(wrap(o, 60, hyphenate) for o in opts),
                letters, wrap(explanation, 60, hyphenate))
            self.parts.append(body)
            if n % 3 == 0:
                self.parts.append("\fHarbourDumps.test - Practice Exam HB-100 - Page {} of 90\n"
                                  .format(n // 3 + 1))
        elif self.layout == "forum":
            voted = [o + (" Most Voted" if "ABCDEFGH"[i] in letters else "")
                     for i, o in enumerate(opts)]
            self.parts.append(
                "Question #{}Topic 1\n{}\n{}\nSuggested Answer: {}\nCommunity vote distribution\n"
                "{} (86%)\nHighly Voted 2 years, 3 months ago\nSelected Answer: {}\nI agree with "
                "this one\nupvoted {} times\n\n".format(n, stem, "\n".join(voted), letters,
                                                        letters, letters, n % 9 + 1))
        else:
            items = "".join("<li class=\"choice\">{}</li>".format(html.escape(o)) for o in opts)
            self.parts.append(
                "<div class=\"card\"><div class=\"card-header\">Question #{} <span>Topic 1</span>"
                "</div><p class=\"card-text\">{}</p><ul>{}</ul><p>Suggested Answer: {}</p>"
                "<div class=\"votes\">Community vote distribution</div><p>{}</p></div>".format(
                    n, html.escape(stem).replace("\n", "<br/>"), items, letters,
                    html.escape(explanation)))

    def text(self):
        if self.layout == "examtopics_html":
            return ("<!DOCTYPE html>\n<html>\n<head><title>HB-100 dumps</title>\n<style>.card{}"
                    "</style></head>\n<body>\n" + "\n".join(self.parts) + "\n</body>\n</html>\n")
        if self.layout == "minified_html":
            return ("<html><head><script>var x=1;</script></head><body>" + "".join(self.parts) +
                    "</body></html>")
        header = "HarbourDumps.test - Practice Exam HB-100 - dumps in VCE and PDF\n\n"
        return header + "".join(self.parts)


def extension(layout):
    return ".html" if layout.endswith("html") else ".txt"


def build(args, work):
    rng = random.Random(args.seed)
    total = args.leaked + args.clean
    questions = [make_question(rng, i, short=(i % 4 == 0)) for i in range(total)]
    with open(os.path.join(work, "bank.json"), "w") as f:
        json.dump({"qbank": 1, "questions": questions}, f, ensure_ascii=False, indent=1)
    leaked = {}
    writers = {layout: DumpWriter(layout) for layout in LAYOUTS}
    leaked_ids = rng.sample(range(total), args.leaked)
    for n, i in enumerate(leaked_ids):
        q = questions[i]
        kind = KINDS[n % len(KINDS)]
        if kind == "short" and len(q["stem"].split()) > 12:
            q = questions[i] = make_question(rng, i, short=True)  # a short stem for this kind
        layout = LAYOUTS[n % len(LAYOUTS)]
        if kind == "pdf-hyphenated":
            layout = "pdf"
        elif kind == "html":
            layout = rng.choice(["examtopics_html", "minified_html"])
        elif kind == "explanation":  # the layouts that print an explanation under its label
            layout = rng.choice(["vce", "pdf"])
        stem, options, letters, explanation = leak(rng, q, kind)
        if kind != "explanation":
            # The dump's explanation is its own, so each kind measures the stem and options.
            explanation = make_question(rng, 200000 + n, short=False)["explanation"]
        writers[layout].add(stem, options, letters, explanation, hyphenate=kind == "pdf-hyphenated")
        if kind == "explanation":  # the bank keeps only the explanation: a new stem and options
            fresh = make_question(rng, i, short=False)
            fresh["explanation"] = q["explanation"]
            q = questions[i] = fresh
        leaked[q["id"]] = kind
    # Unrelated questions in the dumps (the same templates, other words).
    for k in range(args.unrelated):
        other = make_question(rng, 100000 + k, short=(k % 4 == 0))
        s, o, letters, e = leak(rng, other, "verbatim")
        writers[LAYOUTS[k % len(LAYOUTS)]].add(s, o, letters, e)
    with open(os.path.join(work, "bank.json"), "w") as f:
        json.dump({"qbank": 1, "questions": questions}, f, ensure_ascii=False, indent=1)
    dumps = []
    os.makedirs(os.path.join(work, "dumps"), exist_ok=True)
    for layout, w in writers.items():
        path = os.path.join(work, "dumps", layout + extension(layout))
        with open(path, "w") as f:
            f.write(w.text())
        dumps.append(path)
    return questions, leaked, dumps


def rule_config(work, rule, options):
    """A config file setting `options` of `rule` (the other rules as the default config has them)."""
    path = os.path.join(work, "config-{}-{}.json".format(
        rule, "-".join("{}".format(v) for v in options.values())))
    with open(path, "w") as f:
        json.dump({"extends": "recommended", "rules": {rule: {"options": options}}}, f)
    return ["--config", path]


def flagged_by_qbank(args, work, extra, rules):
    cmd = [args.qbank, "lint", os.path.join(work, "bank.json"), "-f", "json"] + extra
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit("qbank failed: " + " ".join(cmd) + "\n" + run.stderr[:2000])
    found = set()
    for finding in json.loads(run.stdout)["findings"]:
        if finding["rule"] in rules:
            found.add(finding.get("question_id"))
    return found


def flagged_by_sim_text(work, questions, dumps):
    if shutil.which("sim_text") is None:
        return None
    qdir = os.path.join(work, "sim_questions")
    os.makedirs(qdir, exist_ok=True)
    paths = {}
    for q in questions:
        path = os.path.join(qdir, q["id"] + ".txt")
        with open(path, "w") as f:
            f.write(q["stem"] + "\n" + "\n".join(o["text"] for o in q["options"]) + "\n" +
                    q.get("explanation", "") + "\n")
        paths[path] = q["id"]
    # -p: percentages (of a question found in a dump); -r 8: runs of 8 words (its default, 24,
    # is longer than most questions); -t 20: at least 20%; "/" separates new files from old ones.
    run = subprocess.run(["sim_text", "-p", "-r", "8", "-t", "20"] + list(paths) + ["/"] + dumps,
                         capture_output=True, text=True)
    found = set()
    for line in run.stdout.splitlines():
        m = re.match(r"(\S+) consists for (\d+) % of (\S+) material", line)
        if m and m.group(1) in paths:
            found.add(paths[m.group(1)])
    return found


def report(name, found, leaked, clean_ids):
    per_kind = collections.Counter(leaked.values())
    hits = collections.Counter(kind for qid, kind in leaked.items() if qid in found)
    false_flags = len(found & clean_ids)
    cells = ["{} {}/{} ({:.0f}%)".format(k, hits[k], per_kind[k], 100.0 * hits[k] / per_kind[k])
             for k in KINDS if per_kind[k]]
    total_hits = sum(hits.values())
    print("{:8} recall {}/{} ({:.1f}%); {}; false flags {} of {} clean ({:.1f} per 1,000)".format(
        name, total_hits, len(leaked), 100.0 * total_hits / len(leaked), "; ".join(cells),
        false_flags, len(clean_ids), 1000.0 * false_flags / len(clean_ids)))


def curve(args, work, against, index, leaked, clean_ids):
    """Each check alone at several thresholds."""
    for t in args.against_thresholds.split(","):
        config = rule_config(work, "near-duplicate", {"against-min-similarity": int(t)})
        found = flagged_by_qbank(args, work, against + config, {"exact-duplicate", "near-duplicate"})
        report("against@" + t, found, leaked, clean_ids)
    for t in args.explanation_thresholds.split(","):
        config = rule_config(work, "reused-explanation", {"against-min-similarity": int(t)})
        found = flagged_by_qbank(args, work, against + config, {"reused-explanation"})
        report("explanation@" + t, found, leaked, clean_ids)
    for t in args.index_thresholds.split(","):
        # 0: the word-set rescoring off (only runs and shares of n-grams report).
        config = rule_config(work, "reference-overlap", {"min-similarity": int(t)})
        found = flagged_by_qbank(args, work, ["--reference", index] + config, {"reference-overlap"})
        report("index@" + t, found, leaked, clean_ids)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--qbank", default="build/tools/qbank")
    parser.add_argument("--leaked", type=int, default=240)
    parser.add_argument("--clean", type=int, default=1000)
    parser.add_argument("--unrelated", type=int, default=300)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--keep", help="write the bank and dumps to this folder and keep them")
    parser.add_argument("--curve", action="store_true", help="each check at several thresholds")
    parser.add_argument("--against-thresholds", default="30,40,50,60,70")
    parser.add_argument("--explanation-thresholds", default="30,40,50,60,70,80,90")
    parser.add_argument("--index-thresholds", default="0,40,50,55,60,65,70,80")
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="qbank-dump-bench-")
    os.makedirs(work, exist_ok=True)
    questions, leaked, dumps = build(args, work)
    clean_ids = {q["id"] for q in questions} - set(leaked)
    print("{} questions, {} leaked into {} dump files ({} unrelated dump questions), {} clean"
          .format(len(questions), len(leaked), len(dumps), args.unrelated, len(clean_ids)))
    against = []
    for d in dumps:
        against += ["--against", d]
    found_against = flagged_by_qbank(args, work, against, AGAINST_RULES)
    report("against", found_against, leaked, clean_ids)
    index = os.path.join(work, "refs.qidx")
    subprocess.run([args.qbank, "index", "build", os.path.join(work, "dumps"), "-o", index],
                   check=True, capture_output=True)
    found = flagged_by_qbank(args, work, ["--reference", index], {"reference-overlap"})
    report("index", found, leaked, clean_ids)
    report("either", found | found_against, leaked, clean_ids)
    if args.curve:
        curve(args, work, against, index, leaked, clean_ids)
    sim = flagged_by_sim_text(work, questions, dumps)
    if sim is None:
        print("sim_text  not installed (apt-get install similarity-tester)")
    else:
        report("sim_text", sim, leaked, clean_ids)
    if not args.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
