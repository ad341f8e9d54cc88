#include "workloads/gph/program_overrides.hpp"

#include "simulator/core/model.hpp"
#include "workloads/gph/kernels.hpp"

#include <fmt/format.h>

namespace isogrid::gph {

namespace {

constexpr const char* kKey       = "program_parameters";
constexpr const char* kWorkScale = "work_scale";

// One override of `program`'s parameters; `path` leads to it inside program_parameters.
void check_override(const std::string& program, const std::string& name, double value, std::vector<std::string> path)
{
  if (name == kWorkScale) {
    if (!(value > 0))
      throw ParamError(kKey, fmt::format("work_scale must be > 0, got {}", format_number(value)), std::move(path));
    return;
  }
  const KernelSpec& kernel = kernels().get(program);
  std::vector<std::string> known;
  for (const ParamSpec& p : kernel.parameters) {
    known.push_back(p.name);
    if (p.name != name)
      continue;
    if (std::optional<std::string> problem = number_problem(p, value))
      throw ParamError(kKey, fmt::format("{} parameter {}", program, *problem), std::move(path));
    return;
  }
  known.push_back(kWorkScale);
  throw ParamError(kKey, unknown_name_message(program + " parameter", name, known), std::move(path), true);
}

}  // namespace

void check_program_overrides(const Mapping& overrides, const std::string& program)
{
  for (const auto& [key, value] : overrides.entries) {
    if (const auto* group = std::get_if<Mapping>(&value)) {
      if (!kernels().contains(key))
        throw ParamError(kKey, unknown_name_message("program", key, kernels().names()), {key}, true);
      for (const auto& [name, x] : group->entries)
        check_override(key, name, std::get<double>(x), {key, name});
    } else {
      check_override(program, key, std::get<double>(value), {key});
    }
  }
}

ProgramParameters overrides_for(const Mapping& overrides, const std::string& program)
{
  ProgramParameters out;
  for (const auto& [key, value] : overrides.entries) {
    if (const auto* group = std::get_if<Mapping>(&value)) {
      if (key == program)
        for (const auto& [name, x] : group->entries)
          out[name] = std::get<double>(x);
    } else {
      out[key] = std::get<double>(value);
    }
  }
  return out;
}

}  // namespace isogrid::gph
