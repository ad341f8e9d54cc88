#pragma once
// One swept parameter and the values it takes. Written in an experiment file as
//   m: [1, 2, 4, 8]                    a list
//   m: {range: [1, 20]}               1, 2, ..., 20 (inclusive; optional third entry is the step)
//   V: {logspace: [0, 10, 41]}        41 values 10^0 .. 10^10, evenly spaced in the exponent
//   C: {geomspace: [1e-8, 1e5, 27]}   27 values from 1e-8 to 1e5, evenly spaced in log
//   x: {linspace: [0, 1, 11]}         11 values from 0 to 1
// or, handy on the command line, as the string "logspace(0, 10, 41)". A key `w[2]` sweeps element 2 of the list
// parameter w, whose whole list is given under `parameters`.
#include "simulator/core/model.hpp"
#include "simulator/core/param_spec.hpp"
#include "simulator/core/value.hpp"
#include "simulator/core/yaml_source.hpp"
#include "simulator/experiment/value_reader.hpp"

#include <optional>
#include <string>
#include <vector>

namespace isogrid {

// Where a swept value goes in a point: a model parameter, or one element of a list parameter (`w[2]`).
struct ParamSlot {
  size_t param = 0;               // index into the model's parameters
  std::optional<size_t> element;  // set for one element of a list

  // The slot's part of the parameter's value; NaN when the value has no such element.
  Value of(const Value& whole) const;
  Value in(const std::vector<Value>& values) const { return of(values[param]); }
  // Puts `v` into a point's parameter values; an element slot needs the parameter to hold a list that long.
  void set(std::vector<Value>& values, const Value& v) const;
  bool operator==(const ParamSlot& o) const { return param == o.param && element == o.element; }
  bool operator!=(const ParamSlot& o) const { return !(*this == o); }
};

// How experiment files write a slot: "w" or "w[2]".
std::string slot_name(const ParamSlot& slot, const ModelInfo& model);

struct Axis : ParamSlot {
  std::string name;  // the key as written: "m", or "w[2]"
  std::vector<Value> values;
};

// "program=raytracer, n=4": a point's values on `axes`, as reports name a group of points ("" with no axis).
std::string axes_values_text(const std::vector<const Axis*>& axes, const std::vector<Value>& values);

// A key naming one element of a list parameter, "w[2]", split into name and index; nullopt for a plain name.
// A key with brackets of any other shape ("w[a]", "w[1") fails at `at`.
struct ElementKey {
  std::string param;
  size_t element = 0;
};
std::optional<ElementKey> read_element_key(const Field& at, const std::string& key);

// Reads a key that names a model parameter or one element of a list parameter, failing at `at` when it names
// neither. Element slots are only for number-or-list parameters.
ParamSlot read_slot(const Field& at, const std::string& key, const ModelInfo& model);

std::vector<double> range_values(double start, double stop, double step);
std::vector<double> linspace_values(double start, double stop, size_t n);
std::vector<double> logspace_values(double start_exponent, double stop_exponent, size_t n);
std::vector<double> geomspace_values(double start, double stop, size_t n);

// True when a scalar is written as a generator call such as "range(1, 20)".
bool looks_like_generator(const std::string& text);

Axis read_axis(const Field& field, size_t param, const ParamSpec& spec, const ValueReader& reader);
// How many values read_axis would make of `field`, computed without making them (a generator's count), so that a
// sweep whose axes multiply past max_points is refused before gigabytes of values are built. Malformed axes count
// 1: read_axis reports them.
double planned_axis_size(const Field& field, const ParamSpec& spec);
// The axis of one element of a list parameter: numbers only, each checked against the parameter's bounds.
Axis read_element_axis(const Field& field, const std::string& key, const ParamSlot& slot, const ParamSpec& spec,
                       const ValueReader& reader);

const Axis* find_axis(const std::vector<Axis>& axes, const std::string& name);
std::vector<std::string> axis_names(const std::vector<Axis>& axes);

// Names an experiment file uses to refer to its sweep and its model: each fails at the field, listing the known ones.
const Axis& read_swept(const Field& field, const std::vector<Axis>& axes);
size_t read_metric(const Field& field, const ModelInfo& model);

}  // namespace isogrid
