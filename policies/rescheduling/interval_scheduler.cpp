#include "policies/rescheduling/interval_scheduler.hpp"

#include "base/random.hpp"
#include "policies/scheduling/exhaustive.hpp"
#include "policies/scheduling/schedule_evaluator.hpp"

#include <stdexcept>
#include <string>

namespace isogrid::rescheduling {

IntervalSchedule box_eliminate(const ClusterState& state, const ModelSum& model, std::uint64_t seed,
                               scheduling::MappingCache* mappings)
{
  scheduling::Evaluator evaluate(state, model);
  scheduling::BoxEliminationOptions options;
  options.mappings = mappings;
  SeededRandom random(seed);
  scheduling::ScheduleResult r = scheduling::box_elimination(evaluate, options, [&] { return random.next(); });
  return IntervalSchedule{std::move(r.schedule), r.traits, r.time};
}

IntervalSchedule exact_interval(const ClusterState& state, const ModelSum& model, std::uint64_t)
{
  if (state.machines() > exact_interval_machine_limit)
    throw std::invalid_argument("an exact interval schedule tries every machine subset: at most " +
                                std::to_string(exact_interval_machine_limit) + " machines");
  scheduling::Evaluator evaluate(state, model);
  scheduling::ScheduleResult r = scheduling::exhaustive_optimum(evaluate);
  return IntervalSchedule{std::move(r.schedule), r.traits, r.time};
}

IntervalScheduler::IntervalScheduler(const ClusterState& state, const PhasedApplication& app, std::uint64_t seed)
    : state_(state), app_(app), seed_(seed), own_mappings_(std::make_unique<scheduling::MappingCache>(state)),
      mappings_(own_mappings_.get())
{
  use_box_elimination();
}

IntervalScheduler::IntervalScheduler(const ClusterState& state, const PhasedApplication& app, std::uint64_t seed,
                                     scheduling::MappingCache& shared)
    : state_(state), app_(app), seed_(seed), mappings_(&shared)
{
  if (&shared.state() != &state)
    throw std::invalid_argument("an interval scheduler's mappings must belong to its cluster state");
  use_box_elimination();
}

void IntervalScheduler::use_box_elimination()
{
  policy_ = [this](const ClusterState& s, const ModelSum& model, std::uint64_t interval_seed) {
    return box_eliminate(s, model, interval_seed, mappings_);
  };
  memo_.resize((phases() + 1) * (phases() + 1));
}

IntervalScheduler::IntervalScheduler(const ClusterState& state, const PhasedApplication& app, std::uint64_t seed,
                                     IntervalPolicy policy)
    : state_(state), app_(app), seed_(seed), policy_(std::move(policy))
{
  memo_.resize((phases() + 1) * (phases() + 1));
}

const IntervalSchedule& IntervalScheduler::at(std::size_t first, std::size_t last)
{
  ModelSum model = app_.interval(first, last);  // throws on an interval the application does not have
  auto& slot     = memo_[first * (phases() + 1) + last];
  if (!slot) {
    // Drawn from the interval's content, not its place: the same phases get the same schedule wherever they sit.
    std::uint64_t interval_seed = mix64(seed_ ^ model.digest());
    slot                        = std::make_unique<IntervalSchedule>(policy_(state_, model, interval_seed));
    scheduled_ += 1;
  }
  return *slot;
}

double IntervalScheduler::time_on(std::size_t first, std::size_t last, const ScheduleTraits& traits) const
{
  return app_.interval(first, last).time(traits);
}

}  // namespace isogrid::rescheduling
