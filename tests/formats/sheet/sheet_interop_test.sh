#!/usr/bin/env bash
# Spreadsheets written by other programs at test time, read by qbank; and qbank's own xlsx and ods
# opened by LibreOffice with the same content. openpyxl (python3-openpyxl) writes an .xlsx with
# shared strings, a number, a formula and a merged range; LibreOffice headless converts
# a CSV made here to .ods and .xlsx; qbank's own exports are converted back to CSV by LibreOffice
# and compared with qbank's CSV of the same bank. Skips (77) without python3-openpyxl or soffice.
# Usage: sheet_interop_test.sh QBANK SOURCE_DIR
set -euo pipefail
qbank=$1
src=$2
py=/usr/bin/python3
if ! "$py" -c 'import openpyxl' 2>/dev/null; then echo "skip: no python3-openpyxl"; exit 77; fi
if ! command -v soffice >/dev/null; then echo "skip: no soffice (LibreOffice)"; exit 77; fi
work=$(mktemp -d /tmp/qbank-sheets.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# 1. openpyxl's workbook: the data on a second sheet, chosen with --sheet.
"$py" - "$work/openpyxl.xlsx" <<'PY'
import sys
from openpyxl import Workbook
wb = Workbook()
wb.active.title = "Cover"
wb.active["A1"] = "Practice questions, see the next sheet"
ws = wb.create_sheet("Bank")
ws.append(["Question", "Option A", "Option B", "Option C", "Correct Answer", "Points"])
ws.append(["How many sides has a hexagon?", 5, 6, 8, "B", 2])
ws.append(["Which is not a colour?", "Red", "Chair", "Blue", "B", 1])
ws.append(["What is 2 + 3?", "=2+3", "6", "7", "A", 1])
ws.merge_cells("A6:B6")
ws["A6"] = "Which ocean is largest?"
wb.save(sys.argv[1])
PY
"$qbank" convert "$work/openpyxl.xlsx" --sheet Bank --to json -o "$work/openpyxl.json" \
  2> "$work/openpyxl.err" || fail "openpyxl.xlsx does not import: $(cat "$work/openpyxl.err")"
# A key naming no option is refused at its cell.
"$qbank" convert "$work/openpyxl.xlsx" --sheet Bank --columns "Correct Answer=ignore,Option C=key" --to json \
  -o "$work/bad.json" 2> "$work/bad.err" && fail "a key of 8 for options A-B was accepted"
grep -q "openpyxl.xlsx:Bank!D2: error: row 2, field 4 (key)" "$work/bad.err" ||
  fail "the error does not name the cell: $(cat "$work/bad.err")"
"$py" - "$work/openpyxl.json" "$work/openpyxl.err" <<'PY'
import json, sys
bank = json.load(open(sys.argv[1]))
qs = bank["questions"]
assert len(qs) == 4, qs
assert [o["text"] for o in qs[0]["options"]] == ["5", "6", "8"], qs[0]
assert [o.get("correct", False) for o in qs[0]["options"]] == [False, True, False]
assert qs[1]["stem"] == "Which is not a colour?", qs[1]["stem"]
assert qs[0]["extensions"]["sheet"]["points"] == "2"
err = open(sys.argv[2]).read()
# openpyxl writes no cached value for a formula: it reads as the formula's absence, and is noted.
assert "Bank!B4: warning: cell holds a formula" in err, err
assert "Bank!A6: warning: merged cells A6:B6" in err, err
PY

# 2. LibreOffice converts a CSV to .ods and .xlsx (one soffice run, its own profile).
cat > "$work/lo.csv" <<'CSV'
Question,Answer 1,Answer 2,Answer 3,Correct answer(s),Feedback
"Which river flows through Cairo?",Nile,Danube,Amazon,1,"The Nile, Africa's longest river."
Which numbers are even?,2,3,4,"1,3",Divisible by two.
CSV
profile="file://$work/lo-profile"
mkdir -p "$work/lo"
soffice -env:UserInstallation="$profile" --headless --convert-to ods --outdir "$work/lo" \
  "$work/lo.csv" > "$work/soffice.log" 2>&1
soffice -env:UserInstallation="$profile" --headless --convert-to xlsx --outdir "$work/lo" \
  "$work/lo.csv" >> "$work/soffice.log" 2>&1
for f in "$work/lo/lo.ods" "$work/lo/lo.xlsx"; do
  [ -f "$f" ] || fail "LibreOffice wrote no $f: $(cat "$work/soffice.log")"
  "$qbank" convert "$f" --to json -o "$f.json" || fail "$f does not import"
  "$py" - "$f.json" <<'PY'
import json, sys
qs = json.load(open(sys.argv[1]))["questions"]
assert len(qs) == 2, qs
assert [o.get("correct", False) for o in qs[0]["options"]] == [True, False, False], qs[0]
assert [o.get("correct", False) for o in qs[1]["options"]] == [True, False, True], qs[1]
assert qs[0]["explanation"] == "The Nile, Africa's longest river.", qs[0]
PY
done

# 3. qbank's own xlsx and ods, opened by LibreOffice and saved as CSV, hold what qbank's CSV holds.
bank=$src/tests/formats/testdata/sheets/vendor.csv
"$qbank" convert "$bank" --to csv -o "$work/own.csv"
"$qbank" convert "$bank" --to xlsx -o "$work/own_xlsx.xlsx"
"$qbank" convert "$bank" --to ods -o "$work/own_ods.ods"
mkdir -p "$work/back"
soffice -env:UserInstallation="$profile" --headless --convert-to 'csv:Text - txt - csv (StarCalc):44,34,76,1' \
  --outdir "$work/back" "$work/own_xlsx.xlsx" "$work/own_ods.ods" >> "$work/soffice.log" 2>&1
for f in "$work/back/own_xlsx.csv" "$work/back/own_ods.csv"; do
  [ -f "$f" ] || fail "LibreOffice did not open $f: $(cat "$work/soffice.log")"
  "$py" - "$work/own.csv" "$f" <<'PY'
import csv, sys
want = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))
got = list(csv.reader(open(sys.argv[2], newline="", encoding="utf-8")))
# LibreOffice drops trailing empty columns a row does not fill; pad to the header.
got = [row + [""] * (len(want[0]) - len(row)) for row in got]
assert got == want, "\n".join(f"{w}\n{g}" for w, g in zip(want, got) if w != g)
PY
done
echo "ok"
