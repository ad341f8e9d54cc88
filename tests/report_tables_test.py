#!/usr/bin/env python3
"""REPORT.md's tables as a paper takes them: for every shipped study, a small made-up results folder (figure_fixture:
the study's own sweep, checks and tables, made-up metric values) is reported, and every LaTeX table it writes beside
REPORT.md must compile with pdflatex and booktabs as it is, and every CSV table must hold the Markdown table's header
and rows, cell for cell.

usage: report_tables_test.py FIGURE_FIXTURE SOURCE_DIR
"""
import csv
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

FIXTURE, SOURCE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from study_fixtures import make_fixture, shipped_experiments  # noqa: E402

DOCUMENT = r"""\documentclass{article}
\usepackage[utf8]{inputenc}
\usepackage[T1]{fontenc}
\usepackage{booktabs}
\usepackage[a3paper,landscape,margin=1cm]{geometry}
\begin{document}
%s
\end{document}
"""


def markdown_tables(report):
    """Each Markdown table of REPORT.md followed by its 'Also as' line: (csv file name, header, rows)."""
    with open(report) as f:
        lines = f.read().split("\n")
    tables, block = [], []
    for line in lines:
        if line.startswith("|"):
            block.append(line)
            continue
        m = re.match(r"Also as \[LaTeX\]\((.*)\.tex\) and \[CSV\]\((.*)\.csv\)\.", line)
        if m and block:
            cells = [[c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", row)[1:-1]] for row in block]
            tables.append((m.group(2) + ".csv", cells[0], cells[2:]))
        if line.strip():
            block = []
    return tables


class ReportTables(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.root = tempfile.mkdtemp(prefix="isogrid-report-tables-test-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.root, True)

    def test_every_table_compiles_and_every_csv_holds_its_table(self):
        self.assertIsNotNone(shutil.which("pdflatex"), "pdflatex is missing: make test installs texlive-latex-recommended")
        experiments = shipped_experiments(SOURCE)
        self.assertGreater(len(experiments), 50)
        compiled, compared = 0, 0
        for experiment in experiments:
            out = make_fixture(FIXTURE, experiment, self.root)
            name = os.path.basename(out)
            tex = sorted(glob.glob(os.path.join(out, "tables", "*.tex")))
            if tex:
                # One document per study, every table of it in turn.
                with open(os.path.join(out, "tables.tex"), "w") as f:
                    f.write(DOCUMENT % "\n".join(r"\input{tables/%s}" % os.path.basename(t) for t in tex))
                r = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "tables.tex"], cwd=out,
                                   capture_output=True, text=True, timeout=120)
                errors = [line for line in r.stdout.split("\n") if line.startswith("!")]
                self.assertEqual(r.returncode, 0, f"{name}: pdflatex fails on its tables: {errors}\n{r.stdout[-1500:]}")
                compiled += len(tex)
            for csv_name, header, rows in markdown_tables(os.path.join(out, "REPORT.md")):
                with open(os.path.join(out, csv_name), newline="") as f:
                    table = list(csv.reader(f))
                self.assertEqual(table[0], header, f"{name}: {csv_name}")
                self.assertEqual(table[1:], rows, f"{name}: {csv_name}")
                compared += 1
        print(f"{compiled} LaTeX tables compiled, {compared} CSV tables compared, of {len(experiments)} studies")
        self.assertEqual(compiled, compared)
        self.assertGreater(compiled, 100)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
