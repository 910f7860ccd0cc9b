#!/usr/bin/env python3
"""Writes a Word document with python-docx (Debian's python3-docx) for docx_format_test: three
questions in the numbered-list layout, keyed by bold, by highlight and by an "Answer:" line, then
one question in Moodle's Word table layout. Usage: docx_python_docx.py OUT.docx"""

import sys

from docx import Document
from docx.enum.text import WD_COLOR_INDEX


def numbered_list(doc):
    doc.add_paragraph("Geography practice set")  # before the first question: not read

    doc.add_paragraph("1. Which river flows through the city of Budapest?")
    doc.add_paragraph("a) The Rhine")
    key = doc.add_paragraph("b) ")
    key.add_run("The Danube").bold = True
    doc.add_paragraph("c) The Vistula")
    doc.add_paragraph("Explanation: Budapest straddles the Danube, Buda on one bank and Pest on "
                      "the other.")

    stem = doc.add_paragraph("2. Which of these is a ")
    stem.add_run("landlocked").italic = True
    stem.add_run(" country?")
    doc.add_paragraph("a) Portugal")
    marked = doc.add_paragraph("b) ")
    marked.add_run("Mongolia").font.highlight_color = WD_COLOR_INDEX.YELLOW
    doc.add_paragraph("c) Chile")

    doc.add_paragraph("3. How many time zones does mainland Australia use in winter?")
    doc.add_paragraph("A. One")
    doc.add_paragraph("B. Two")
    doc.add_paragraph("C. Three")
    doc.add_paragraph("Answer: C")


def moodle_table(doc):
    doc.add_heading("tectonic-1", level=2)
    table = doc.add_table(rows=0, cols=4)

    def row(*cells):
        r = table.add_row().cells
        for i, text in enumerate(cells):
            r[i].text = text
        return r

    head = row("Which boundary forms where two plates move apart?", "", "", "MC")
    head[0].merge(head[2])
    head[0].text = "Which boundary forms where two plates move apart?"
    settings = row("Default mark:", "", "", "1")
    settings[0].merge(settings[2])
    settings[0].text = "Default mark:"
    row("#", "Answers", "Feedback", "Grade")
    row("", "A convergent boundary", "Plates move together there.", "0")
    row("", "A divergent boundary", "Right: new crust forms between them.", "100")
    row("", "A transform boundary", "Plates slide past each other there.", "0")
    row("", "General feedback:", "Mid-ocean ridges are divergent boundaries.", "")
    row("", "Tags:", "geology, plates", "")
    doc.add_paragraph("")


def main():
    doc = Document()
    numbered_list(doc)
    moodle_table(doc)
    doc.save(sys.argv[1])


if __name__ == "__main__":
    main()
