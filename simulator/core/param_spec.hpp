#pragma once
// What a model accepts and what it measures. The harness validates experiment files against these
// specs before anything runs, and `isogrid list` prints them.
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
};

struct ParamSpec {
  std::string name;
  ParamKind kind = ParamKind::Real;
  std::optional<Value> default_value;  // none: the experiment must give it
  std::string doc;
  std::string unit;
  double min          = -std::numeric_limits<double>::infinity();
  bool min_exclusive  = false;  // true: value must be > min (sizes that must be positive)
  double max          = std::numeric_limits<double>::infinity();
  std::vector<std::string> choices;
  std::string policy_family;  // Choice whose names come from the policy catalog
  bool platform_file = false;  // Path to a platform: loaded once in a child process while validating
};

struct MetricSpec {
  std::string name;
  std::string doc;
  std::string unit;
};

// Builders that keep model parameter tables short and readable.
ParamSpec positive_real(std::string name, std::string doc, std::optional<double> fallback = std::nullopt);
ParamSpec nonnegative_real(std::string name, std::string doc, std::optional<double> fallback = std::nullopt);
ParamSpec whole_number(std::string name, std::string doc, std::optional<double> fallback = std::nullopt,
                       double min = 1);
// A name out of a policy family of the catalog ("dlt-sequence", ...), with a default.
ParamSpec policy_choice(std::string name, std::string family, std::string fallback, std::string doc);
// A name out of a fixed list, with a default.
ParamSpec word_choice(std::string name, std::vector<std::string> choices, std::string fallback, std::string doc);
// Any word (a host name, a label, a configuration string), with a default.
ParamSpec free_text(std::string name, std::string fallback, std::string doc);
// "platform": a platform file, read once in a child while validating; optional when `optional` (empty default).
ParamSpec platform_file(std::string doc, bool optional);

std::string kind_name(ParamKind kind);

}  // namespace isogrid
