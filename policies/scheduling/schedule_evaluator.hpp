#pragma once
// The one door through which a resource-selection policy asks "how long would this schedule take?". It counts
// evaluations and their work (the deterministic budgets), asks the wall-clock budget (the thesis's alarm()) every
// few evaluations, injects prediction error when asked (each answer times 1 + u, u ~ U[-error, error], as in Figs.
// 4.20-4.23) and remembers the best schedule it has been shown. So every scheduler returns its best so far the
// moment its budget ends, and what it returns is scored with the exact model.
#include "base/random.hpp"
#include "policies/scheduling/cluster_state.hpp"
#include "policies/scheduling/performance_model.hpp"

#include <cstdint>
#include <functional>
#include <limits>

namespace isogrid::scheduling {

// The work of evaluating a P-machine schedule the way the thesis's schedulers do, from its machine list: every
// machine's CPU and every pair's link, P + P(P - 1)/2 reads. A wall-clock budget spends time in proportion to it
// (an evaluation of 1000 machines costs 250 000 times one of 2), so a work budget is the reproducible stand-in for
// alarm(); the incremental traits the searches here keep are a speed-up of the simulator, not of the 2008 host.
double evaluation_work(std::size_t processors);

struct EvaluatorOptions {
  double error                  = 0;  // p: each evaluation is multiplied by 1 + u, u ~ U[-p, p]; 0 <= p < 1
  std::uint64_t seed            = 0;  // of the error draws
  std::uint64_t max_evaluations = std::numeric_limits<std::uint64_t>::max();
  double max_work               = std::numeric_limits<double>::infinity();  // in evaluation_work units
  std::function<bool()> out_of_time;  // wall-clock budget; asked every 64 evaluations and by exhausted()
};

struct ScheduleResult {
  Schedule schedule;
  ScheduleTraits traits;
  double time               = std::numeric_limits<double>::infinity();  // exact Eq. 4.1
  std::uint64_t evaluations = 0;
  double work               = 0;
};

class Evaluator {
public:
  Evaluator(const ClusterState& state, ModelSum model, EvaluatorOptions options = {});

  // The (perturbed) predicted time of `schedule`; the traits form skips the O(|s|^2) recomputation.
  double operator()(const Schedule& schedule);
  double operator()(const Schedule& schedule, const ScheduleTraits& traits);
  double exact(const Schedule& schedule) const { return model_.time(traits_of(state_, schedule)); }

  std::uint64_t evaluations() const { return evaluations_; }
  double work() const { return work_; }
  // Work a search does besides evaluating (Box Elimination's mapping reads the links of its candidates).
  void charge(double work) { work_ += work; }
  // True once the evaluation or work budget is spent or the wall clock said stop; stays true.
  bool exhausted();

  // The schedule with the lowest perceived time so far, scored exactly.
  ScheduleResult result() const;
  double best_perceived() const { return best_perceived_; }

  const ClusterState& state() const { return state_; }
  const ModelSum& model() const { return model_; }

private:
  double perturb(double t);

  const ClusterState& state_;
  ModelSum model_;
  EvaluatorOptions options_;
  std::uint64_t evaluations_ = 0;
  double work_               = 0;
  SeededRandom errors_;
  bool out_of_time_ = false;
  Schedule best_;
  ScheduleTraits best_traits_;
  double best_perceived_ = std::numeric_limits<double>::infinity();
};

}  // namespace isogrid::scheduling
