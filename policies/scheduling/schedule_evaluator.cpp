#include "policies/scheduling/schedule_evaluator.hpp"

#include <algorithm>
#include <stdexcept>

namespace isogrid::scheduling {

double evaluation_work(std::size_t processors)
{
  double p = static_cast<double>(processors);
  return p + p * (p - 1) / 2;
}

Evaluator::Evaluator(const ClusterState& state, ModelSum model, EvaluatorOptions options)
    : state_(state), model_(model), options_(std::move(options)), errors_(options_.seed)
{
  if (!(options_.error >= 0 && options_.error < 1))
    throw std::invalid_argument("prediction error must be in [0, 1), got " + std::to_string(options_.error));
}

double Evaluator::perturb(double t)
{
  if (options_.error == 0)
    return t;
  return t * (1 + errors_.uniform(-options_.error, options_.error));
}

double Evaluator::operator()(const Schedule& schedule) { return (*this)(schedule, traits_of(state_, schedule)); }

double Evaluator::operator()(const Schedule& schedule, const ScheduleTraits& traits)
{
  evaluations_ += 1;
  work_ += evaluation_work(traits.processors);
  if (options_.out_of_time && evaluations_ % 64 == 0 && !out_of_time_)
    out_of_time_ = options_.out_of_time();
  double t = perturb(model_.time(traits));
  if (t < best_perceived_) {
    best_perceived_ = t;
    best_           = schedule;
    best_traits_    = traits;
  }
  return t;
}

bool Evaluator::exhausted()
{
  if (evaluations_ >= options_.max_evaluations || work_ >= options_.max_work)
    return true;
  if (options_.out_of_time && !out_of_time_)
    out_of_time_ = options_.out_of_time();
  return out_of_time_;
}

ScheduleResult Evaluator::result() const
{
  ScheduleResult r;
  r.schedule = best_;
  std::sort(r.schedule.begin(), r.schedule.end());  // searches that swap machines keep them in any order
  r.traits      = best_traits_;
  r.time        = model_.time(best_traits_);
  r.evaluations = evaluations_;
  r.work        = work_;
  return r;
}

}  // namespace isogrid::scheduling
