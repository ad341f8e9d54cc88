#include "workloads/divisible_load/dlt_instance.hpp"

#include "base/random.hpp"
#include "policies/dlt/sequence.hpp"

namespace isogrid::dlt {

Instance instance_of(const DltStarParams& params, uint64_t seed)
{
  auto m = static_cast<size_t>(params.m);
  for (const NumberOrList* values : {&params.A, &params.C, &params.S})
    values->require_size(m);  // read in place below: no copy per point
  const NumberOrList &A = params.A, &C = params.C, &S = params.S;
  double spread[3] = {params.A_spread, params.C_spread, params.S_spread};

  Instance inst;
  inst.V    = params.V;
  inst.beta = params.beta;
  inst.workers.resize(m);
  SeededRandom random(seed);
  for (size_t i = 0; i < m; ++i) {
    // Always draw three numbers per worker, so switching one spread on does not reshuffle the others.
    double u[3]     = {random.uniform(), random.uniform(), random.uniform()};
    auto factor     = [&](int k) { return 1 + spread[k] * (2 * u[k] - 1); };
    inst.workers[i] = Worker{A[i] * factor(0), C[i] * factor(1), S[i] * factor(2)};
  }
  inst.workers = reorder(inst.workers, serving_order(params.sequence, inst.workers));
  return inst;
}

std::vector<size_t> serving_order(const std::string& sequence, const std::vector<Worker>& workers)
{
  return sequence_policies().get(sequence)(workers);
}

}  // namespace isogrid::dlt
