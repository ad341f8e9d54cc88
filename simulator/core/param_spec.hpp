#pragma once
// What a model accepts and what it measures. The harness validates experiment files against these specs before
// anything runs, and `isogrid list` prints them. Models do not write them by hand: a ModelSchema derives them from
// the model's typed parameters struct (model_schema.hpp).
#include "simulator/core/value.hpp"

#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace isogrid {

enum class ParamKind {
  Real,        // any finite number within [min, max]
  Integer,     // a whole number within [min, max]
  RealOrList,  // a number, or a list of numbers (one per worker) within [min, max]
  Choice,      // one word out of `choices`, or out of a policy family's registered names
  Text,        // any word (a host name, a label)
  Path,        // a file, resolved relative to the experiment file
  NumberList,  // a list of numbers within [min, max] (scaling_factors: [0.6, 0.8, 1]); one number is a list of one
  WordList,    // a list of words, each out of `choices` or a policy family's names when either is given
  Map,         // names to values (alphabet: {F: Edin3}); its leaves are `entry_kind`, nested `map_depth` deep
};

// A unit that says its quantity has none (an efficiency, a count of load units in DLT's normalised time): `isogrid
// list` says "unitless", an axis label shows the label alone.
inline const std::string kUnitless = "unitless";

struct ParamSpec {
  std::string name;
  ParamKind kind = ParamKind::Real;
  std::optional<Value> default_value;  // none: the experiment must give it
  std::string doc;
  std::string unit;   // "s", "B", "KiB/s", kUnitless; empty: not declared
  std::string label;  // what an axis or a table calls it: "Internet throughput"; empty: not declared
  double min         = -std::numeric_limits<double>::infinity();
  bool min_exclusive = false;  // true: value must be > min (sizes that must be positive)
  double max         = std::numeric_limits<double>::infinity();
  bool max_exclusive = false;  // true: value must be < max (a share that cannot be all)
  std::string max_text;        // max as people write it ("2^63"), when that reads better than its digits
  std::string max_reason;      // why max is what it is, said when a value passes it
  std::vector<std::string> choices;
  std::string policy_family;               // Choice whose names come from the policy catalog
  bool platform_file   = false;            // Path to a platform: loaded once in a child process while validating
  bool allow_empty     = false;            // NumberList, WordList, Map: [] or {} is a value (else at least one entry)
  bool repeats         = false;            // WordList: a sequence (one word per phase), where a word may come again
  ParamKind entry_kind = ParamKind::Real;  // Map: its leaves are numbers (Real, within [min, max]) or words (Text)
  int map_depth = 1;  // Map: 2 lets an entry hold a mapping of leaves too (program_parameters: {queens: {depth: 1}})
};

struct MetricSpec {
  std::string name;
  std::string doc;
  std::string unit;   // as ParamSpec's
  std::string label;  // as ParamSpec's: "grid efficiency", "makespan"
};

// "Internet throughput (KiB/s)", "efficiency": what an axis shows; the name when no label is declared.
std::string axis_label(const std::string& name, const std::string& label, const std::string& unit);

std::string kind_name(ParamKind kind);

// What is wrong with number `x` as a value of the parameter (or a number inside its list or mapping): not finite,
// not whole for an integer, or out of its bounds; nothing when it is fine. "<name> must be <= 90, got 95".
std::optional<std::string> number_problem(const ParamSpec& spec, double x);

}  // namespace isogrid
