#!/usr/bin/env python3
"""Lists the functions in lib/ whose body is longer than a limit (default 80 lines).

The style bar (issue 15): no function in lib/ longer than about 80 lines without a comment saying
why. A function is exempt when a comment line among the five above its signature holds
"long-function:" followed by the reason; exempt ones are listed apart.

Comments, string literals (raw ones included) and character literals are blanked before the
braces are counted, so a parser that matches '{' is measured right. Member functions defined in
class bodies are found as well as free ones; lambdas count towards the function that holds them.
The length is the number of lines from the body's opening brace to its closing one.

Usage: python3 scripts/long_functions.py [--limit N] [--check] [FILE...]
  (run from the checkout root; default files: the .cc and .h files of lib/).
  --check exits 1 when an unexplained long function is found.
"""
import argparse
import os
import re
import subprocess
import sys

CONTROL = re.compile(r"^(if|for|while|switch|else|do|try|catch|return|case|default)\b")
AGGREGATE = re.compile(r"^(template\s*<.*>\s*)?(class|struct|union|enum|namespace|extern)\b", re.S)
ACCESS = re.compile(r"\s*(public|private|protected)\s*:(?!:)")
NAME = re.compile(r"([~\w:]+(?:\s*operator\s*[^\s(]+)?)\s*\($")


def blank(text):
    """text with comments, string and character literals replaced by spaces (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i)
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            # A digit separator (1'000) is not a character literal.
            if c == "'" and i > 0 and text[i - 1].isalnum() and i + 1 < n and text[i + 1].isalnum() \
                    and not text[i - 1].isalpha():
                out.append(" ")
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(" " * (j - i))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path):
    """(length, first line of the signature, name, exempt) for each function body in path."""
    raw = open(path, encoding="utf-8").read()
    raw_lines = raw.split("\n")
    text = blank(raw)
    line_of = []  # line number (1-based) of each offset
    line = 1
    for ch in text:
        line_of.append(line)
        if ch == "\n":
            line += 1
    stack = []  # (kind, open line, header start line, name)
    header_start = 0
    found = []
    for i, ch in enumerate(text):
        if ch in ";{}":
            if ch == "{":
                access = ACCESS.match(text, header_start, i)
                if access:
                    header_start = access.end()
                header = text[header_start:i].strip()
                in_function = any(kind == "function" for kind, *_ in stack)
                head_of_paren = header.split("(")[0]
                is_function = (not in_function and ")" in header and not CONTROL.match(header)
                               and not AGGREGATE.match(header)
                               and ("=" not in head_of_paren or "operator" in head_of_paren))
                if is_function:
                    name_match = NAME.search(head_of_paren + "(")
                    name = name_match.group(1) if name_match else head_of_paren.split()[-1:]
                    offset = header_start + (len(text[header_start:i]) - len(text[header_start:i].lstrip()))
                    stack.append(("function", line_of[i], line_of[offset], name))
                else:
                    stack.append(("block", line_of[i], 0, ""))
            elif ch == "}" and stack:
                kind, open_line, start_line, name = stack.pop()
                if kind == "function":
                    above = raw_lines[max(0, start_line - 6):start_line - 1]
                    exempt = any("long-function:" in l for l in above)
                    found.append((line_of[i] - open_line, start_line, name, exempt))
            header_start = i + 1
    return found


def lib_sources():
    """The C++ files of lib/: git's list, or a walk of the folder outside a git checkout."""
    try:
        return subprocess.check_output(["git", "ls-files", "lib/*.cc", "lib/*.h"], text=True,
                                       stderr=subprocess.DEVNULL).split()
    except (OSError, subprocess.CalledProcessError):
        return sorted(os.path.join(d, f) for d, _, names in os.walk("lib") for f in names
                      if f.endswith((".cc", ".h")))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=80)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or lib_sources()
    long_ones, explained = [], []
    for path in files:
        for length, line, name, exempt in functions(path):
            if length > args.limit:
                (explained if exempt else long_ones).append((length, path, line, name))
    for length, path, line, name in sorted(long_ones, reverse=True):
        print(f"{length:4d} {path}:{line} {name}")
    for length, path, line, name in sorted(explained, reverse=True):
        print(f"{length:4d} {path}:{line} {name} (explained by a long-function: comment)")
    if args.check and long_ones:
        print(f"long_functions: {len(long_ones)} function(s) over {args.limit} lines", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
