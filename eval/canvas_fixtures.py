#!/usr/bin/env python3
"""Checks qbank's QTI 1.2 reader against Canvas QTI 1.2 files from elsewhere.

Given a folder, it finds every unit qbank imports as one: a QTI 1.2 .xml file (a questestinterop
document, or one assessment, section or item without it), a .zip or .imscc package, and a folder holding an imsmanifest.xml (read as a package folder; the .xml files
inside it are not counted again). For each unit it reads the QTI itself, with Python's own XML
parser, and counts the <item> elements, their declared types and the keys their <resprocessing>
gives; then it imports the unit with `qbank convert UNIT --to json` and compares.

    python3 eval/canvas_fixtures.py FOLDER [--qbank build/tools/qbank] [--markdown]

Prints one row per unit: items held, items read, types right, keys right (choice questions only:
the options that a full-credit condition names, in the order of the response labels). Exit code
1 when any unit differs. The files themselves are others' content: keep them outside the repo.
"""
import argparse
import io
import json
import os
import subprocess
import sys
import zipfile
import xml.etree.ElementTree as ET

# Canvas's question_type -> the qbank type it is read as (docs/formats/qti12.md).
CANVAS_TYPES = {
    "multiple_choice_question": "single",
    "multiple_answers_question": "multiple",
    "true_false_question": "true-false",
    "short_answer_question": "short-answer",
    "numerical_question": "numerical",
    "matching_question": "matching",
    "essay_question": "essay",
    "file_upload_question": "essay",
    "text_only_question": "description",
    "multiple_dropdowns_question": "other",
    "multiple_dropdowns": "other",
    "fill_in_multiple_blanks_question": "other",
    "calculated_question": "other",
}
CHOICE = {"single", "multiple", "true-false"}
# A QTI 1.2 document's root: the wrapper, or one assessment, section or item without it.
QTI_ROOTS = {"questestinterop", "assessment", "objectbank", "section", "item"}


def local(tag):
    return tag.rsplit("}", 1)[-1]


def children(node, name):
    return [c for c in node if local(c.tag) == name]


def descendants(node, name):
    return [c for c in node.iter() if local(c.tag) == name]


def metadata(item, label):
    for field in descendants(item, "qtimetadatafield"):
        lab = children(field, "fieldlabel")
        ent = children(field, "fieldentry")
        if lab and ent and (lab[0].text or "").strip() == label:
            return (ent[0].text or "").strip()
    return None


def positive_equals(node, negated=False):
    """The (respident, value) pairs a condition tests, outside <not>."""
    out = []
    for c in node:
        tag = local(c.tag)
        if tag == "not":
            out += positive_equals(c, not negated)
        elif tag in ("and", "or"):
            out += positive_equals(c, negated)
        elif tag == "varequal" and not negated:
            out.append((c.get("respident", ""), (c.text or "").strip()))
    return out


def expected_item(item):
    """(type or None, keys as letters or None) as the file states them."""
    declared = metadata(item, "question_type")
    qtype = CANVAS_TYPES.get(declared) if declared else None
    lids = descendants(item, "response_lid")
    if qtype is None and declared is None:
        # Plain QTI 1.2: the structure decides, as Canvas's own importer does.
        strs = descendants(item, "response_str") + descendants(item, "response_num")
        if len(lids) == 1 and not strs:
            qtype = "multiple" if lids[0].get("rcardinality") == "Multiple" else "single"
            texts = [(t.text or "").strip() for t in descendants(lids[0], "mattext")]
            if qtype == "single" and texts in (["True", "False"], ["true", "false"]):
                qtype = "true-false"  # plain QTI 1.2 has no true/false type (docs/formats/qti12.md)
    if qtype not in CHOICE or len(lids) != 1:
        return qtype, None
    labels = [l.get("ident") for l in descendants(lids[0], "response_label")]
    maxv = 100.0
    for d in descendants(item, "decvar"):
        try:
            maxv = float(d.get("maxvalue", "100")) or 100.0
        except ValueError:
            pass
    keys = set()
    for rc in descendants(item, "respcondition"):
        score = None
        for s in children(rc, "setvar"):
            try:
                v = float((s.text or "").strip())
            except ValueError:
                continue
            score = v if s.get("action", "Set") == "Set" else (score or 0) + v
        if score is None or score < maxv and not (qtype == "multiple" and score > 0):
            continue
        for cv in children(rc, "conditionvar"):
            for _, value in positive_equals(cv):
                if value in labels:
                    keys.add(labels.index(value))
    return qtype, "".join(chr(ord("A") + i) for i in sorted(keys))


def qti_documents(unit):
    """The questestinterop documents of a unit, as (name, bytes)."""
    if os.path.isdir(unit):
        for root, _, files in os.walk(unit):
            for f in sorted(files):
                if f.endswith((".xml", ".qti", ".dat")):
                    path = os.path.join(root, f)
                    with open(path, "rb") as fh:
                        yield path, fh.read()
    elif unit.endswith((".zip", ".imscc")):
        with zipfile.ZipFile(unit) as z:
            for name in z.namelist():
                if name.endswith((".xml", ".qti", ".dat")):
                    yield name, z.read(name)
    else:
        with open(unit, "rb") as fh:
            yield unit, fh.read()


def expected(unit):
    items = []
    for _, data in qti_documents(unit):
        try:
            root = ET.parse(io.BytesIO(data)).getroot()
        except ET.ParseError:
            continue
        if local(root.tag) not in QTI_ROOTS:
            continue
        items += [expected_item(i) for i in root.iter() if local(i.tag) == "item"]
    return items


def read_by_qbank(qbank, unit):
    run = subprocess.run([qbank, "convert", unit, "--to", "json"], capture_output=True, text=True)
    try:
        bank = json.loads(run.stdout)
    except json.JSONDecodeError:
        return None, run.stderr.strip().splitlines()[:3]
    out = []
    for q in bank.get("questions", []):
        keys = "".join(chr(ord("A") + i) for i, o in enumerate(q.get("options", []))
                       if o.get("correct"))
        out.append((q.get("type", "single"), keys))
    return out, [l for l in run.stderr.splitlines() if "error" in l][:3]


def units(folder):
    found = []
    for root, dirs, files in os.walk(folder):
        if "imsmanifest.xml" in files and root != folder:
            found.append(root)
            dirs[:] = []
            continue
        for f in sorted(files):
            path = os.path.join(root, f)
            if f.endswith((".zip", ".imscc")):
                found.append(path)
            elif f.endswith((".xml", ".qti")):
                try:
                    top = ET.parse(path).getroot()
                except ET.ParseError:
                    continue
                if local(top.tag) in QTI_ROOTS:
                    found.append(path)
    return sorted(found)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--qbank", default=os.path.join(os.path.dirname(__file__), "..", "build",
                                                    "tools", "qbank"))
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = ap.parse_args()
    bad = 0
    rows = []
    for unit in units(args.folder):
        want = expected(unit)
        got, errors = read_by_qbank(args.qbank, unit)
        name = os.path.relpath(unit, args.folder)
        if got is None:
            rows.append((name, len(want), "refused", "-", "-", " ".join(errors)))
            bad += 1
            continue
        pairs = list(zip(want, got))
        typed = [(w, g) for w, g in pairs if w[0] is not None]
        types_right = sum(1 for w, g in typed if w[0] == g[0])
        keyed = [(w, g) for w, g in pairs if w[1] is not None]
        keys_right = sum(1 for w, g in keyed if w[1] == g[1])
        types = ",".join(sorted({g[0] for g in got}))
        wrong = [f"#{i + 1}: {w} read {g}" for i, (w, g) in enumerate(pairs)
                 if (w[0] is not None and w[0] != g[0]) or (w[1] is not None and w[1] != g[1])]
        ok = len(want) == len(got) and types_right == len(typed) and keys_right == len(keyed)
        bad += 0 if ok else 1
        rows.append((name, len(want), len(got), f"{types_right}/{len(typed)} ({types})",
                     f"{keys_right}/{len(keyed)}", "; ".join(wrong[:3] + errors)))
    if args.markdown:
        print("| file | items | read | types right | keys right | notes |")
        print("|---|---|---|---|---|---|")
        for r in rows:
            print("| " + " | ".join(str(c) for c in r) + " |")
    else:
        for r in rows:
            print("\t".join(str(c) for c in r))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
