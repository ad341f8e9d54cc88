#include "workloads/gph/kernels.hpp"

#include "simulator/core/input_error.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace isogrid::gph {

const NamedRegistry<KernelSpec>& kernels()
{
  static const NamedRegistry<KernelSpec> registry = [] {
    NamedRegistry<KernelSpec> r("gph-kernel", "GpH kernel");
    r.add("parFib", "naive nfib, nf2 `par` (nf1 `seq` nf1 + nf2 + 1): regular divide and conquer", parfib_spec());
    r.add("sumEuler", "Σ of Euler's totient over [upper..lower] in chunks of c, parList: irregular data-parallel",
          sumeuler_spec());
    r.add("queens", "n-queens backtracking, sparks down to `depth` rows: coarse regular divide and conquer",
          queens_spec());
    r.add("raytracer", "rows in groups of very unequal cost, costly groups spark their rows: highly irregular",
          raytracer_spec());
    r.add("matMult", "blocks x blocks block tasks of C = A B: regular, communication-heavy", matmult_spec());
    r.add("linSolv", "a sequential chain of stages each sparking unequal tasks: limited irregular parallelism",
          linsolv_spec());
    return r;
  }();
  return registry;
}

std::unique_ptr<Program> make_kernel(const std::string& name, const ProgramParameters& overrides)
{
  const KernelSpec& spec = kernels().get(name);
  ProgramParameters complete;
  std::vector<std::string> known;
  for (const ParamSpec& p : spec.parameters) {
    complete[p.name] = std::get<double>(*p.default_value);
    known.push_back(p.name);
  }
  for (const auto& [key, value] : overrides) {
    const std::string& wanted = key;  // a structured binding cannot be captured before C++20
    auto it                   = std::find_if(spec.parameters.begin(), spec.parameters.end(),
                                             [&](const ParamSpec& p) { return p.name == wanted; });
    if (it == spec.parameters.end())
      throw std::invalid_argument(unknown_name_message(name + " parameter", key, known));
    if (std::optional<std::string> problem = number_problem(*it, value))
      throw std::invalid_argument(fmt::format("gph {}: {}", name, *problem));
    complete[key] = value;
  }
  return spec.make(complete);
}

}  // namespace isogrid::gph
