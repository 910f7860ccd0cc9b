#!/usr/bin/env python3
"""Writes a Word document with python-docx (Debian's python3-docx) for docx_format_test: one
question whose stem shows a picture (a 4x3 PNG made here), the picture's bytes beside it.
Usage: docx_python_docx_picture.py OUT.docx OUT.png"""

import struct
import sys
import zlib

from docx import Document
from docx.shared import Inches


def png(width, height):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + b"\xcc\x22\x22" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" +
            chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def main():
    picture = sys.argv[2]
    with open(picture, "wb") as f:
        f.write(png(4, 3))
    doc = Document()
    stem = doc.add_paragraph("1. Which shape does the figure show? ")
    stem.add_run().add_picture(picture, width=Inches(1))
    doc.add_paragraph("a) A circle")
    doc.add_paragraph("*b) A rectangle")
    doc.add_paragraph("c) A triangle")
    doc.save(sys.argv[1])


if __name__ == "__main__":
    main()
