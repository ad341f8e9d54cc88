#pragma once
// What the six GpH kernels (workloads/gph/kernels/*.cpp) share: argument checks, the hashed irregularity, and
// their parameter tables, from which a kernel's parameters(), its registry entry and the reading of make_kernel's
// complete map are all derived. Internal: included by the kernels' sources, never by a public header.
#include "workloads/gph/kernels.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace isogrid::gph {

// Throws std::invalid_argument: `program` has no node `k`.
[[noreturn]] void bad_key(const std::string& program, const NodeKey& k);

// Throws std::invalid_argument "gph <program>: <what>" unless `ok`.
void require(bool ok, const std::string& program, const std::string& what);

// A deterministic number in [0, 1): a splitmix64 hash (mix64) of the seed and two indices.
double uniform(int64_t seed, uint64_t i, uint64_t j);

// Reads parameter `name` from a complete map (make_kernel has filled the defaults and checked integrality).
// Throws std::invalid_argument for an int outside int's range, an int64_t beyond ±2^53, a bool other than 0 or 1.
struct Reader {
  const std::string& program;
  const ProgramParameters& p;
  void read(const std::string& name, double& out) const;
  void read(const std::string& name, int& out) const;
  void read(const std::string& name, int64_t& out) const;
  void read(const std::string& name, bool& out) const;
};

// One parameter of a kernel: its name, the member of the parameters struct P that holds it, what it means.
// int, int64_t and bool members are integer parameters (a bool one takes 0 or 1).
template <class P>
struct Field {
  std::string name;
  std::variant<int P::*, int64_t P::*, bool P::*, double P::*> member;
  std::string description;
};

// Every parameter's value, as Program::parameters() gives them.
template <class P>
ProgramParameters parameter_values(const P& p, const std::vector<Field<P>>& fields)
{
  ProgramParameters values;
  for (const Field<P>& f : fields)
    std::visit([&](auto member) { values[f.name] = static_cast<double>(p.*member); }, f.member);
  return values;
}

// The registry entry of a kernel whose parameters struct P is described, member by member and in reading order,
// by `fields`: the specs with P's defaults, and a factory that builds a Kernel from a complete map.
template <class Kernel, class P>
KernelSpec kernel_spec(const std::string& program, const PaperData& paper, const std::vector<Field<P>>& fields)
{
  KernelSpec k;
  k.paper = paper;
  static const P defaults{};  // static: GCC 12 cannot see through std::visit that a local one is initialised
  for (const Field<P>& f : fields)
    std::visit(
        [&](auto member) {
          bool integer = !std::is_same_v<std::remove_cv_t<std::remove_reference_t<decltype(defaults.*member)>>, double>;
          k.parameters.push_back({f.name, static_cast<double>(defaults.*member), f.description, integer});
        },
        f.member);
  k.make = [program, fields](const ProgramParameters& complete) -> std::unique_ptr<Program> {
    Reader r{program, complete};
    P p{};
    for (const Field<P>& f : fields)
      std::visit([&](auto member) { r.read(f.name, p.*member); }, f.member);
    return std::make_unique<Kernel>(p);
  };
  return k;
}

}  // namespace isogrid::gph
