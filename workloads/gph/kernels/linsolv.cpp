#include "workloads/gph/kernels/linsolv.hpp"

#include "workloads/gph/kernels/kernel_support.hpp"

#include <fmt/format.h>
#include <stdexcept>
#include <vector>

namespace isogrid::gph {

namespace {

using P = LinSolvParameters;

// Every parameter, in the order make_kernel reads them, with its bounds: parameters(), the registry entry and the
// checks of a kernel's values derive from it.
void declare(ParamTable<P>& t)
{
  t.param("stages", &P::stages, "stages of the sequential chain").at_least(1).label("stages").unitless();
  t.param("tasks", &P::tasks, "tasks each stage sparks").non_negative().label("tasks per stage").unitless();
  t.param("irregularity", &P::irregularity, "a task weighs 1 +- this (hashed, uniform)")
      .at_least(0)
      .at_most(1)
      .label("task weight irregularity")
      .unitless();
  t.param("seed", &P::seed, "hash seed of the task weights").label("seed").unitless();
  t.param("serial_fraction", &P::serial_fraction, "the chain's own share of the total work")
      .at_least(0)
      .at_most(1)
      .label("serial fraction")
      .unitless();
  t.param("sequential_seconds", &P::sequential_seconds, "total reference-PE seconds (Table 1)")
      .non_negative()
      .label("sequential time")
      .unit("s");
  t.param("result_bytes", &P::result_bytes, "result bytes of a node").non_negative().label("result size").unit("B");
  t.param("packet_bytes", &P::packet_bytes, "graph bytes of a spark (Table 6)")
      .non_negative()
      .label("spark packet size")
      .unit("B");
}

const ParamTable<P>& table() { return table_of(declare); }

}  // namespace

LinSolv::LinSolv(LinSolvParameters p) : p_(p)
{
  check_declared(name(), table(), p_);
  require(p_.tasks > 0 || p_.serial_fraction == 1, name(), "without tasks serial_fraction must be 1");
  double weights = 0;
  for (int s = 0; s < p_.stages; ++s)
    for (int t = 0; t < p_.tasks; ++t) {
      double u = uniform(p_.seed, static_cast<uint64_t>(s), static_cast<uint64_t>(t));
      task_work_.push_back(1 + p_.irregularity * (2 * u - 1));
      weights += task_work_.back();
    }
  for (double& w : task_work_)
    w *= (1 - p_.serial_fraction) * p_.sequential_seconds / weights;
}

double LinSolv::task_work(int stage, int task) const
{
  if (stage < 0 || stage >= p_.stages || task < 0 || task >= p_.tasks)
    throw std::out_of_range(fmt::format("gph linSolv: no task ({}, {})", stage, task));
  return task_work_[static_cast<size_t>(stage) * static_cast<size_t>(p_.tasks) + static_cast<size_t>(task)];
}

double LinSolv::sequential_work() const { return p_.sequential_seconds; }

uint64_t LinSolv::spark_count() const { return static_cast<uint64_t>(p_.stages) * static_cast<uint64_t>(p_.tasks); }

ProgramParameters LinSolv::parameters() const { return parameter_values(p_, table()); }

Node LinSolv::expand(const NodeKey& key) const
{
  Node node;
  node.result_bytes = p_.result_bytes;
  node.graph_bytes  = p_.packet_bytes;
  if (key.a == 0 && key.b >= 0 && key.b < p_.stages && key.c == 0) {
    node.before = node.after = p_.serial_fraction * p_.sequential_seconds / (2.0 * p_.stages);
    for (int t = 0; t < p_.tasks; ++t)
      node.sparked.push_back({1, key.b, t});
    if (key.b + 1 < p_.stages)
      node.inline_child = NodeKey{0, key.b + 1, 0};
    return node;
  }
  if (key.a == 1 && key.b >= 0 && key.b < p_.stages && key.c >= 0 && key.c < p_.tasks) {
    node.before = task_work(static_cast<int>(key.b), static_cast<int>(key.c));
    return node;
  }
  bad_key(name(), key);
}

KernelSpec linsolv_spec() { return kernel_spec<LinSolv>("linSolv", {828.9, 112.2, 7.3, 242, 290.7}, table()); }

}  // namespace isogrid::gph
