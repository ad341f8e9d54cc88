"""A plot spec of run.json as a typed value: PlotSpec.

Each entry of run.json's `plots` list is validated against the one schema of a plot spec,
simulator/plot/plot_spec.schema.json (JSON Schema draft 7, which the C++ side that writes the
specs is tested against too), with jsonschema's Draft7Validator.  Every property the spec
leaves out takes the schema's `default` (None where the schema has none), so the drawing code
reads attributes and never repeats a default.  A spec that fails is a PlotError naming the
plot, the property and what is wrong with it.

What a schema cannot know (whether a column exists in results.csv, whether `select` names a
parameter) is checked by the drawing code against the results.
"""

import copy
import dataclasses
import functools
import json
import os
import types
import typing

from .errors import PlotError, label

try:
    import jsonschema
except ImportError:  # reported as a PlotError when the first spec is read
    jsonschema = None

# simulator/plot/plot_spec.schema.json, beside the package.
SCHEMA_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "plot_spec.schema.json")


@dataclasses.dataclass(frozen=True)
class PlotSpec:
    """One plot, one attribute per property of the schema (see its descriptions).  JSON
    arrays are tuples and `select` a read-only mapping, so a spec cannot change under the
    code that draws it."""

    kind: str  # contour, line, parity, sequence, isoefficiency or timeline
    file: str
    title: typing.Optional[str]
    face: str  # predicted or simulated
    select: typing.Mapping[str, typing.Tuple[str, ...]]
    x: typing.Optional[str]
    x_kind: str  # parameter or metric
    y: typing.Union[str, typing.Tuple[str, ...], None]  # contour: a parameter; line: metrics; sequence: stems
    z: typing.Optional[str]
    metric: typing.Optional[str]
    series: typing.Optional[str]
    panels: typing.Optional[str]
    log_x: bool
    log_y: bool
    log: bool
    levels: typing.Optional[typing.Tuple[float, ...]]
    infeasible: typing.Optional[str]
    band: typing.Optional[float]
    bins: typing.Optional[int]
    runs: bool  # parity: every run its own point
    residuals: bool  # parity: a panel of relative deviations under the diagonal
    x_label: typing.Optional[str]  # every kind: the axes' labels instead of the declared ones
    y_label: typing.Optional[str]
    size: typing.Optional[typing.Tuple[float, float]]  # inches
    formats: typing.Tuple[str, ...]  # images written besides `file`
    reference_lines: typing.Tuple[typing.Mapping[str, typing.Any], ...]  # {axis, value, label}
    paper: typing.Tuple[typing.Mapping[str, typing.Any], ...]  # line: {metric, at, value, statistic, derived}
    point: typing.Tuple[int, ...]  # timeline: the points drawn (their indices in results.csv)
    groups: typing.Tuple[str, ...]  # timeline: the groups drawn, a panel each (empty: every group)


@functools.lru_cache(maxsize=None)
def schema():
    """The schema as a dict, checked to be a draft 7 schema whose properties are PlotSpec's."""
    if jsonschema is None:
        raise PlotError(
            "the plots are checked with the jsonschema module, which this Python lacks: install "
            "python3-jsonschema (or point ISOGRID_PYTHON at a Python that has it)"
        )
    try:
        with open(SCHEMA_PATH, encoding="utf-8") as f:
            loaded = json.load(f)
        jsonschema.Draft7Validator.check_schema(loaded)
    except (OSError, ValueError, jsonschema.SchemaError) as e:
        raise PlotError(f"cannot read the plot spec schema {SCHEMA_PATH}: {e}")
    properties = list(loaded.get("properties", {}))
    fields = [f.name for f in dataclasses.fields(PlotSpec)]
    if sorted(properties) != sorted(fields):
        raise PlotError(
            f"{SCHEMA_PATH} and isoplot.spec.PlotSpec disagree: the schema has properties {', '.join(properties)}, "
            f"PlotSpec has {', '.join(fields)}"
        )
    return loaded


@functools.lru_cache(maxsize=None)
def validator():
    return jsonschema.Draft7Validator(schema())


def defaults():
    """Each property's default in the schema (None where it has none)."""
    return {name: copy.deepcopy(p.get("default")) for name, p in schema()["properties"].items()}


def read_spec(raw, index):
    """The PlotSpec of run.json's plot number `index` (from 0), its missing properties
    filled from the schema's defaults; a PlotError naming the plot when it is invalid."""
    errors = list(validator().iter_errors(raw))
    if errors:
        problems = sorted({describe(e) for e in errors})
        raise PlotError(f"{label(raw, index)}: {'; '.join(problems)}")
    values = defaults()
    values.update(copy.deepcopy(raw))
    return PlotSpec(**{name: frozen(value) for name, value in values.items()})


def frozen(value):
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    if isinstance(value, dict):
        return types.MappingProxyType({k: frozen(v) for k, v in value.items()})
    return value


def describe(error):
    """One validation error as '<property path>: <jsonschema's message>', and the kind of
    plot when the rule is one of that kind's."""
    message = error.message
    if error.context:
        # A oneOf (a name or null, a number or null, ...): say which alternative nearly fit.
        # Errors of the alternatives whose type matched are about the value; when none
        # matched, it is the type.
        specific = [e for e in error.context if e.validator != "type"]
        if specific:
            return "; ".join(sorted({describe(e) for e in specific}))
        types_ = [t for e in error.context for t in _listed(e.validator_value)]
        message = f"{error.instance!r} is not of type {', '.join(repr(t) for t in types_)}"
    path = property_path(error.absolute_path)
    text = f"{path}: {message}" if path else message
    schema_path = list(error.absolute_schema_path)
    if error.validator == "pattern" and len(error.absolute_path) == 1:
        description = schema()["properties"].get(error.absolute_path[0], {}).get("description")
        if description:
            text += f" ({description})"
    if schema_path[:1] == ["allOf"] and "then" in schema_path[:3]:
        kind = schema()["allOf"][schema_path[1]]["if"]["properties"]["kind"]["const"]
        text += f" (in a {kind} plot)"
    return text


def _listed(value):
    return value if isinstance(value, list) else [value]


def property_path(path):
    """select.C, y[1]: where in the spec an error is."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text
