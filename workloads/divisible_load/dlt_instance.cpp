#include "workloads/divisible_load/dlt_instance.hpp"

#include "policies/dlt/sequence.hpp"
#include "simulator/core/random.hpp"

namespace isogrid::dlt {

Instance instance_from_point(const Point& point)
{
  auto m = static_cast<size_t>(point.integer("m"));
  std::vector<double> A = point.per_worker("A", m);
  std::vector<double> C = point.per_worker("C", m);
  std::vector<double> S = point.per_worker("S", m);
  double spread[3]      = {point.number("A_spread"), point.number("C_spread"), point.number("S_spread")};

  Instance inst;
  inst.V    = point.number("V");
  inst.beta = point.number("beta");
  inst.workers.resize(m);
  SeededRandom random(point.seed);
  for (size_t i = 0; i < m; ++i) {
    // Always draw three numbers per worker, so switching one spread on does not reshuffle the others.
    double u[3] = {random.uniform(), random.uniform(), random.uniform()};
    auto factor = [&](int k) { return 1 + spread[k] * (2 * u[k] - 1); };
    inst.workers[i] = Worker{A[i] * factor(0), C[i] * factor(1), S[i] * factor(2)};
  }
  inst.workers = reorder(inst.workers, serving_order(point, inst.workers));
  return inst;
}

std::vector<size_t> serving_order(const Point& point, const std::vector<Worker>& workers)
{
  return sequence_policies().get(point.text("sequence"))(workers);
}

}  // namespace isogrid::dlt
