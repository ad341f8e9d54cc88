"""Which rows a plot uses: its `select`, and the swept parameters it holds fixed.

The same functions apply to results.csv's rows and to summary.csv's points: both hold every
parameter in a column of the same name, written alike.
"""

from .errors import PlotError, label
from .values import same_value


def matches_any(text, wanted):
    """Whether a field text is one of the wanted values (numbers to 1e-9 relative,
    words exactly)."""
    return any(same_value(text, w) for w in wanted)


def select_rows(rows, selection):
    """The rows whose value of every selected parameter is one of its wanted values.

    selection: a list of (parameter, [value texts]).  A parameter takes few distinct
    values, so each distinct text is matched once."""
    for name, wanted in selection:
        verdict = {}
        kept = []
        for r in rows:
            text = r[name]
            if text not in verdict:
                verdict[text] = matches_any(text, wanted)
            if verdict[text]:
                kept.append(r)
        rows = kept
    return rows


def selection_notes(selection):
    """How a subtitle says what was selected: ['N_y = 50', 'C ∈ {1, 4}']."""
    return [
        f"{name} = {wanted[0]}" if len(wanted) == 1 else f"{name} ∈ {{{', '.join(wanted)}}}"
        for name, wanted in selection
    ]


def read_selection(ctx, spec, index):
    """The plot's `select` as a list of (parameter, [value texts]), each name checked to
    be a parameter column of results.csv (the schema checked the values)."""
    selection = []
    for name, values in spec.select.items():
        if name not in ctx.header or name not in ctx.parameters:
            raise PlotError(
                f"{label(spec, index)}: select names '{name}', which is not a parameter column of results.csv "
                f"(parameters: {', '.join(ctx.parameters) or 'none'})"
            )
        selection.append((name, list(values)))
    return selection


def apply_selection(ctx, spec, index):
    """The view of ctx that the plot's `select` leaves; an error naming the selection
    when that leaves no ok row."""
    selection = read_selection(ctx, spec, index)
    if not selection:
        return ctx
    view = ctx.restricted(selection)
    if view.ok_rows:
        return view
    what = f"{label(spec, index)}: select {', '.join(selection_notes(selection))}"
    if view.rows:
        raise PlotError(
            f"{what} leaves only failed rows ({len(view.rows)} without status 'ok'), nothing to draw"
        )
    hints = []
    for name, wanted in selection:
        values = ctx.axes.get(name)
        if values is not None and not any(matches_any(v, wanted) for v in values):
            hints.append(f"{name} takes {', '.join(values)}")
    hint = f" ({'; '.join(hints)})" if hints else ""
    raise PlotError(f"{what} matches no row of results.csv{hint}, nothing to draw")


def unshown_parameters(ctx, shown):
    """The swept parameters (in axis order) that take several values in this plot's view
    but that it does not show: what it must facet or draw as series, never hold silently
    at one value."""
    return [name for name in ctx.axis_order
            if name not in shown and len(ctx.axes.get(name, [])) > 1 and name in ctx.header]


def facet_unshown(ctx, spec, index, shown, slots):
    """Fills the empty slots of a plot (('panels', None), ('series', None), in that order)
    with the swept parameters it does not show; returns the filled slots and notes for the
    subtitle.  A parameter left over with no slot is an error naming the ways out."""
    unshown = unshown_parameters(ctx, shown)
    filled, notes = dict(slots), []
    for slot in [k for k, v in slots if v is None]:
        if not unshown:
            break
        filled[slot] = unshown.pop(0)
        named = getattr(ctx, "parameter_labels", {}).get(filled[slot]) or filled[slot]
        notes.append(f"{'one panel' if slot == 'panels' else 'a curve'} per {named}")
    if unshown:
        names = ", ".join(unshown)
        raise PlotError(
            f"{label(spec, index)}: {names} {'is' if len(unshown) == 1 else 'are'} swept but not shown by this "
            f"plot, which has no room left to facet {'it' if len(unshown) == 1 else 'them'}: name "
            f"{'it' if len(unshown) == 1 else 'each'} in `select` (one value, or a few), or draw fewer of the others"
        )
    return filled, notes


def hold_fixed(ctx, rows, shown):
    """The rows at the first value of every swept parameter the plot does not show, so
    that what a cell draws is one point, never a mix of points; and the (parameter,
    value) pairs held.  After a `select`, the first value is the first one selected; a
    parameter selected at a single value is pinned already."""
    held = []
    for name in ctx.axis_order:
        values = ctx.axes[name]
        if name in shown or len(values) < 2 or name not in ctx.header:
            continue
        rows = [r for r in rows if same_value(r[name], values[0])]
        held.append((name, values[0]))
    return rows, held


def failed_rows(ctx):
    return [r for r in ctx.rows if r["status"].strip() != "ok"]


def plotted_points(ctx, spec, index, shown):
    """What a plot over swept parameters draws: the summary.csv points of its slice of the
    sweep (other swept parameters held), the notes on what was selected and held, and how
    many failed runs the slice has; an error when results.csv has no ok run there."""
    rows, held = hold_fixed(ctx, ctx.ok_rows, shown)
    failed, _ = hold_fixed(ctx, failed_rows(ctx), shown)
    notes = [f"{name} = {value}" for name, value in held]
    at = selection_notes(ctx.selection) + notes
    where = f" at {', '.join(at)}" if at else ""
    if not rows:
        raise PlotError(
            f"{label(spec, index)}: no rows with status 'ok'{where} in results.csv "
            f"({len(ctx.rows)} rows, {len(failed)} failed), nothing to draw"
        )
    points, _ = hold_fixed(ctx, ctx.ok_points, shown)
    if not points:
        raise PlotError(
            f"{label(spec, index)}: summary.csv has no combination with an ok repetition{where}, though "
            f"results.csv has {len(rows)} ok rows there: it is out of date"
        )
    # A parameter both selected (at several values) and held is named once, as held.
    held_names = {name for name, _ in held}
    chosen = selection_notes([(n, w) for n, w in ctx.selection if n not in held_names])
    return points, chosen + notes, len(failed)
