"""A results folder as pandas DataFrames, for the analyses and figures of one's own.

    import sys; sys.path.insert(0, "simulator/plot")    # or PYTHONPATH=<prefix>/share/isogrid/plot once installed
    from isoplot import frames

    run = frames.load("results/fig3-isoefficiency-m-V")
    run.results                       # results.csv: a row per point and repetition, numbers as numbers
    run.ok                            # its rows with status ok
    run.summary                       # summary.csv (None when points do not repeat)
    run.crossings, run.isoefficiency  # crossings.csv, isoefficiency.csv (None when the run has none)
    run.swept, run.metrics            # the swept parameters (in sweep order) and the model's metrics
    run.label("sim_efficiency")       # "simulated efficiency E", from the model's declarations
    run.unit("pred_makespan")         # "s"; "unitless" for a ratio; "" when the model declares none
    run.axis_label("sim_makespan")    # "simulated makespan (s)"
    run.provenance                    # run.json: versions, command line, seed, status, times

Cells are typed column by column: a column whose every cell is a number (or empty) is numeric, empty cells NaN;
a column of lists ("1;2;4", a list parameter) holds Python lists of numbers; anything else stays text (a policy,
a platform file, a message). The seed, a 64-bit unsigned number, stays exact. Nothing here draws: matplotlib is
the plotting library, and plots drawn from these frames should take their axis labels from `axis_label`.
"""

import dataclasses
import json
import math
import os
import typing

import pandas as pd

from .results import ELEMENT_AXIS

FACES = {"pred_": "predicted", "sim_": "simulated"}
UNITLESS = "unitless"


@dataclasses.dataclass
class Run:
    folder: str
    results: pd.DataFrame
    summary: typing.Optional[pd.DataFrame]
    crossings: typing.Optional[pd.DataFrame]
    isoefficiency: typing.Optional[pd.DataFrame]
    provenance: dict
    swept: typing.List[str]
    metrics: typing.List[str]
    declarations: typing.Dict[str, dict]  # parameter and metric names -> run.json's {doc, unit, label}

    @property
    def ok(self):
        """The rows of results.csv whose status is ok."""
        return self.results[self.results["status"] == "ok"]

    def _declared(self, column):
        """(face, declaration) of a column: sim_makespan -> ("simulated", makespan's); a summary
        column's statistic suffix (_mean, _std, ...) is read through."""
        face = None
        for prefix, name in FACES.items():
            if column.startswith(prefix):
                face, column = name, column[len(prefix):]
                break
        if column not in self.declarations and face:
            for suffix in ("_mean", "_std", "_median", "_cv"):
                if column.endswith(suffix) and column[: -len(suffix)] in self.declarations:
                    column = column[: -len(suffix)]
                    break
        base = column.split("[", 1)[0]  # an element of a list parameter: its list's declaration
        return face, self.declarations.get(column) or self.declarations.get(base) or {}

    def label(self, column):
        """What the model calls a column: 'simulated efficiency E', 'Internet throughput'."""
        face, declared = self._declared(column)
        name = declared.get("label") or column
        if "[" in column and declared.get("label"):
            name += " [" + column.split("[", 1)[1]
        return f"{face} {name}" if face else name

    def unit(self, column):
        return self._declared(column)[1].get("unit", "")

    def axis_label(self, column):
        """'simulated makespan (s)'; the label alone for a quantity without a unit."""
        unit = self.unit(column)
        return f"{self.label(column)} ({unit})" if unit and unit != UNITLESS else self.label(column)


def load(folder):
    """The Run of a results folder that `isogrid run` (or `collect`) wrote."""
    with open(os.path.join(folder, "run.json"), encoding="utf-8") as f:
        provenance = json.load(f)
    declarations = {}
    for entry in provenance.get("parameters", []) + provenance.get("metrics", []):
        if isinstance(entry, dict) and "name" in entry:
            declarations[entry["name"]] = {k: entry.get(k, "") for k in ("doc", "unit", "label")}
    axes = provenance.get("experiment", {}).get("axes", [])
    swept = [a["name"] for a in axes if isinstance(a, dict) and "name" in a]
    return Run(
        folder=folder,
        results=with_elements(read_table(os.path.join(folder, "results.csv")), swept),
        summary=with_elements(read_optional(os.path.join(folder, "summary.csv")), swept),
        crossings=read_optional(os.path.join(folder, "crossings.csv")),
        isoefficiency=read_optional(os.path.join(folder, "isoefficiency.csv")),
        provenance=provenance,
        swept=swept,
        metrics=[m["name"] for m in provenance.get("metrics", []) if isinstance(m, dict) and "name" in m],
        declarations=declarations,
    )


def with_elements(table, swept):
    """A column for each swept element of a list parameter ('workers[2]'), taken from the
    list cells, so that such an axis is grouped on like any other."""
    if table is None:
        return None
    for name in swept:
        match = ELEMENT_AXIS.match(name)
        if match and name not in table.columns and match.group(1) in table.columns:
            column, i = match.group(1), int(match.group(2))
            table[name] = table[column].map(lambda v: v[i] if isinstance(v, list) and i < len(v) else math.nan)
    return table


def read_optional(path):
    return read_table(path) if os.path.exists(path) else None


def read_table(path):
    """A CSV file of isogrid's, every column typed on its own (see the module's docstring)."""
    raw = pd.read_csv(path, dtype=str, keep_default_na=False)
    return pd.DataFrame({name: typed(raw[name]) for name in raw.columns})


def typed(cells):
    texts = cells.str.strip()
    filled = texts[texts != ""]
    if filled.empty:
        return pd.to_numeric(texts.replace("", math.nan), errors="coerce")
    if filled.map(is_number).all():
        if filled.str.fullmatch(r"\d+").all() and filled.map(int).max() >= 2**63:
            return texts.map(lambda t: int(t) if t else None).astype("object")  # a seed: exact, unsigned 64 bits
        return pd.to_numeric(texts.replace("", math.nan))
    if filled.str.contains(";").any() and filled.map(lambda t: all(is_number(p) for p in t.split(";"))).all():
        return texts.map(lambda t: [float(p) for p in t.split(";")] if t else [])
    return cells


def is_number(text):
    try:
        float(text)
    except ValueError:
        return False
    return True
