"""Where a contour map draws its iso-lines, and which cells are infeasible."""

import math

import numpy as np
from matplotlib import ticker

# Isoefficiency maps are read at these efficiencies (Drozdowski & Wielebski 2003).
EFFICIENCY_LEVELS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99]


def infeasible_mask(feasible):
    """Cells whose mean feasibility metric is 0 (no repetition had a solution).
    Missing cells (NaN) are unknown, not infeasible."""
    feasible = np.asarray(feasible, dtype=float)
    with np.errstate(invalid="ignore"):
        return np.isfinite(feasible) & (np.abs(feasible) <= 1e-12)


def default_levels(z):
    """Iso-line levels when the plot names none.

    Efficiencies (everything in [0, 1]) get the levels an isoefficiency map is read at;
    otherwise about eight round numbers, log-spaced when z spans more than two decades.
    """
    z = np.asarray(z, dtype=float)
    z = z[np.isfinite(z)]
    if z.size == 0:
        return []
    lo, hi = float(z.min()), float(z.max())
    if lo >= 0 and hi <= 1:
        return list(EFFICIENCY_LEVELS)
    if lo == hi:
        return [lo]
    if lo > 0 and hi / lo > 100:
        return nice_log_levels(lo, hi)
    return nice_linear_levels(lo, hi)


def nice_linear_levels(lo, hi, n=8):
    """About n round-numbered levels strictly inside (lo, hi)."""
    ticks = ticker.MaxNLocator(nbins=n + 1, steps=[1, 2, 2.5, 5, 10]).tick_values(lo, hi)
    inside = [float(t) for t in ticks if lo < t < hi]
    return inside or [0.5 * (lo + hi)]


def nice_log_levels(lo, hi, n=8):
    """About n levels 1, 2, 5 x 10^k inside [lo, hi]; only powers of ten (every k-th
    decade if need be) when the range is too wide for that."""
    first, last = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    for mantissas in ([1, 2, 5], [1, 3], [1]):
        levels = [m * 10.0**e for e in range(first, last + 1) for m in mantissas]
        levels = [v for v in levels if lo <= v <= hi]
        if len(levels) <= n + 2:
            return levels
    step = math.ceil((last - first) / n)
    return [10.0**e for e in range(first, last + 1, step) if lo <= 10.0**e <= hi]


def format_level(value):
    """Short labels for iso-lines and legends: 0.9, 100, 1e+06."""
    return f"{value:g}"
