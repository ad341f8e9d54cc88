#pragma once
// Reads one parameter value from YAML and checks it against the model's ParamSpec: kind, bounds, known names.
#include "simulator/core/catalog.hpp"
#include "simulator/core/param_spec.hpp"
#include "simulator/core/value.hpp"
#include "simulator/core/yaml_source.hpp"

#include <string>

namespace isogrid {

class ValueReader {
public:
  ValueReader(const Catalog& catalog, std::string base_dir) : catalog_(catalog), base_dir_(std::move(base_dir)) {}

  Value read(const Field& field, const ParamSpec& spec) const;
  // For values an axis generator produced (range, logspace): same checks, reported at the axis.
  void check_number(const Field& field, const ParamSpec& spec, double x) const;
  std::vector<std::string> allowed_names(const ParamSpec& spec) const;
  // A path as written in an experiment file is relative to that file.
  std::string resolve_path(const std::string& path) const;

private:
  std::vector<double> read_numbers(const Field& field, const ParamSpec& spec) const;
  std::vector<std::string> read_words(const Field& field, const ParamSpec& spec) const;
  Mapping read_mapping(const Field& field, const ParamSpec& spec, int depth) const;

  const Catalog& catalog_;
  std::string base_dir_;
};

}  // namespace isogrid
