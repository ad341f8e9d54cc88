#pragma once
// One swept parameter and the values it takes. Written in an experiment file as
//   m: [1, 2, 4, 8]                    a list
//   m: {range: [1, 20]}               1, 2, ..., 20 (inclusive; optional third entry is the step)
//   V: {logspace: [0, 10, 41]}        41 values 10^0 .. 10^10, evenly spaced in the exponent
//   C: {geomspace: [1e-8, 1e5, 27]}   27 values from 1e-8 to 1e5, evenly spaced in log
//   x: {linspace: [0, 1, 11]}         11 values from 0 to 1
// or, handy on the command line, as the string "logspace(0, 10, 41)".
#include "simulator/core/model.hpp"
#include "simulator/core/param_spec.hpp"
#include "simulator/core/value.hpp"
#include "simulator/experiment/value_reader.hpp"
#include "simulator/experiment/yaml_source.hpp"

#include <string>
#include <vector>

namespace isogrid {

struct Axis {
  size_t param = 0;  // index into the model's parameters
  std::string name;
  std::vector<Value> values;
};

std::vector<double> range_values(double start, double stop, double step);
std::vector<double> linspace_values(double start, double stop, size_t n);
std::vector<double> logspace_values(double start_exponent, double stop_exponent, size_t n);
std::vector<double> geomspace_values(double start, double stop, size_t n);

// True when a scalar is written as a generator call such as "range(1, 20)".
bool looks_like_generator(const std::string& text);

Axis read_axis(const Field& field, size_t param, const ParamSpec& spec, const ValueReader& reader);

const Axis* find_axis(const std::vector<Axis>& axes, const std::string& name);
std::vector<std::string> axis_names(const std::vector<Axis>& axes);

// Names an experiment file uses to refer to its sweep and its model: each fails at the field, listing the known ones.
const Axis& read_swept(const Field& field, const std::vector<Axis>& axes);
size_t read_metric(const Field& field, const ModelInfo& model);

}  // namespace isogrid
