"""Field texts as values: parsing numbers, matching parameter values, sort keys.

results.csv and summary.csv hold texts; a parameter's value is a number written
shortest-round-trip ("1e+08"), a word ("fifo") or a list ("1;2;4").  Two texts name the
same number when they agree to RELATIVE_TOLERANCE.
"""

import math

import numpy as np

# Values of a swept parameter are written shortest-round-trip, so two spellings of the
# same number agree to far better than this; it only absorbs parse noise.
RELATIVE_TOLERANCE = 1e-9


def parse_float(text):
    """The number a CSV/JSON field spells: NaN for an empty field ("not computed"),
    None when it is not a number (a word such as a policy name, or a list "1;2")."""
    text = text.strip()
    if text == "":
        return math.nan
    try:
        return float(text)
    except ValueError:
        return None


def float_or_nan(text):
    x = parse_float(text)
    return math.nan if x is None else x


def is_numeric(values):
    """True when every value of an axis is a finite number, so it can be a real axis."""
    parsed = [parse_float(str(v)) for v in values]
    return bool(parsed) and all(p is not None and math.isfinite(p) for p in parsed)


def same_number(a, b):
    return a == b or abs(a - b) <= RELATIVE_TOLERANCE * max(abs(a), abs(b))


def same_value(a, b):
    """Whether two field texts name the same parameter value (numbers to 1e-9 relative)."""
    x, y = parse_float(str(a)), parse_float(str(b))
    if x is None or y is None or math.isnan(x) or math.isnan(y):
        return str(a).strip() == str(b).strip()
    return same_number(x, y)


def axis_index(texts, values):
    """For each field text, the index of the axis value it matches, or -1."""
    index = np.full(len(texts), -1, dtype=np.int64)
    if is_numeric(values):
        parsed = np.array([float_or_nan(t) for t in texts], dtype=float)
        for j, v in enumerate(float(v) for v in values):
            with np.errstate(invalid="ignore"):
                close = np.abs(parsed - v) <= RELATIVE_TOLERANCE * np.maximum(np.abs(parsed), abs(v))
            hit = ((parsed == v) | close) & (index < 0)
            index[hit] = j
    else:
        where = {}
        for j, v in enumerate(values):
            where.setdefault(str(v).strip(), j)
        for i, t in enumerate(texts):
            index[i] = where.get(t.strip(), -1)
    return index


def metric_values(rows, column):
    """A column of numbers as floats; empty cells, infinities and non-numbers become NaN
    (not drawable)."""
    out = np.array([float_or_nan(r[column]) for r in rows], dtype=float)
    out[~np.isfinite(out)] = np.nan
    return out


def parameter_key(text):
    """A parameter value as a sort key: numbers before words, numbers by value."""
    x = parse_float(text)
    if x is None or math.isnan(x):
        return (1, 0.0, text.strip())
    return (0, x, "")


def index_of(values, text):
    """Where `text` is among `values` (numbers to 1e-9 relative, words exactly), or None."""
    return next((i for i, v in enumerate(values) if same_value(v, text)), None)


def has_values(point, values):
    """Whether a results row or summary point has every (parameter, value text) of the mapping `values`."""
    return all(name in point and same_value(point[name], v) for name, v in values.items())
