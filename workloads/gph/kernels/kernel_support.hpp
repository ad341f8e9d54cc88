#pragma once
// What the six GpH kernels (workloads/gph/kernels/*.cpp) share: argument checks, the hashed irregularity, and what
// is derived from their parameter tables (ParamTable, the model schemas' own reflection): a kernel's parameters(),
// its registry entry with each parameter's bounds, the reading of make_kernel's complete map, and the check of a
// kernel's parameters against their bounds. Internal: included by the kernels' sources, never by a public header.
#include "simulator/core/param_table.hpp"
#include "workloads/gph/kernels.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace isogrid::gph {

// Throws std::invalid_argument: `program` has no node `k`.
[[noreturn]] void bad_key(const std::string& program, const NodeKey& k);

// Throws std::invalid_argument "gph <program>: <what>" unless `ok`.
void require(bool ok, const std::string& program, const std::string& what);

// A deterministic number in [0, 1): a splitmix64 hash (mix64) of the seed and two indices.
double uniform(int64_t seed, uint64_t i, uint64_t j);

// Throws std::invalid_argument "gph <program>: <what is wrong>" for a value outside its declared bounds: a kernel
// checks its parameters against its own table, whoever built them.
template <class P>
void check_declared(const std::string& program, const ParamTable<P>& table, const P& p)
{
  for (const ParamField<P>& f : table.fields())
    if (std::optional<std::string> problem = number_problem(f.spec, std::get<double>(f.encode(p))))
      require(false, program, *problem);
}

// Every parameter's value, as Program::parameters() gives them.
template <class P>
ProgramParameters parameter_values(const P& p, const ParamTable<P>& table)
{
  ProgramParameters out;
  for (const ParamField<P>& f : table.fields())
    out[f.spec.name] = std::get<double>(f.encode(p));
  return out;
}

// The registry entry of a kernel whose parameters struct P is declared, member by member and in reading order, by
// `table` (which lives as long as the registry: a function-local static): the specs with P's defaults and bounds,
// and a factory that builds a Kernel from a complete map.
template <class Kernel, class P>
KernelSpec kernel_spec(const std::string& program, const PaperData& paper, const ParamTable<P>& table)
{
  KernelSpec k;
  k.paper      = paper;
  k.parameters = table.specs(program);
  k.make       = [&table](const ProgramParameters& complete) -> std::unique_ptr<Program> {
    P p{};
    for (const ParamField<P>& f : table.fields())
      f.decode(Value(complete.at(f.spec.name)), p);
    return std::make_unique<Kernel>(p);
  };
  return k;
}

}  // namespace isogrid::gph
