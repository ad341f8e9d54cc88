#pragma once
// Every planner asks the same question: what schedule does Box Elimination find for the phases i .. j - 1 on this
// cluster, and how long does the interval take on it (Eq. 5.1 evaluated at the schedule's P, cpu and bandwidth)?
// The answers are memoised per interval, as the thesis does for brute force, and each run of BE draws from a
// random stream made from the interval's content (ModelSum::digest), so an answer is the same whichever planner asks
// first and wherever the same phases appear: planners compared on one state see one set of interval times, and
// brute force and the DAG optimum agree exactly. That optimum is optimal over BE-timed intervals; an exact interval
// policy (exact_interval, small clusters) gives the optimum over the intervals' best schedules.
#include "policies/rescheduling/phased_application.hpp"
#include "policies/scheduling/box_elimination.hpp"
#include "policies/scheduling/find_schedule.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace isogrid::rescheduling {

using scheduling::ClusterState;
using scheduling::Schedule;
using scheduling::ScheduleTraits;

struct IntervalSchedule {
  Schedule schedule;      // machine indices
  ScheduleTraits traits;  // its P, lowest CPU and lowest bandwidth
  double time = 0;        // the interval's model at those traits
};

// Schedules one interval of an application on a cluster: Box Elimination unless a test gives another.
using IntervalPolicy = std::function<IntervalSchedule(const ClusterState&, const ModelSum&, std::uint64_t seed)>;

class IntervalScheduler {
public:
  // Box Elimination run to exhaustion (the thesis gives chapter 5 no scheduling budget), with its mappings shared
  // between intervals. `seed` makes the BE draws of each interval.
  IntervalScheduler(const ClusterState& state, const PhasedApplication& app, std::uint64_t seed);
  // The same, with mappings shared with other schedulers of the same state (`shared` belongs to `state`).
  IntervalScheduler(const ClusterState& state, const PhasedApplication& app, std::uint64_t seed,
                    scheduling::MappingCache& shared);
  // Any interval policy (tests use an exhaustive one).
  IntervalScheduler(const ClusterState& state, const PhasedApplication& app, std::uint64_t seed, IntervalPolicy policy);

  std::size_t phases() const { return app_.phases(); }
  const PhasedApplication& application() const { return app_; }
  const ClusterState& state() const { return state_; }

  // Phases first .. last - 1 on their own schedule.
  const IntervalSchedule& at(std::size_t first, std::size_t last);
  // Phases first .. last - 1 kept on a schedule found for something else (no rescheduling).
  double time_on(std::size_t first, std::size_t last, const ScheduleTraits& traits) const;

  // Distinct intervals scheduled so far: the planners' cost in BE runs.
  std::size_t scheduled() const { return scheduled_; }

private:
  void use_box_elimination();

  const ClusterState& state_;
  const PhasedApplication& app_;
  std::uint64_t seed_;
  IntervalPolicy policy_;
  std::unique_ptr<scheduling::MappingCache> own_mappings_;
  scheduling::MappingCache* mappings_ = nullptr;
  std::vector<std::unique_ptr<IntervalSchedule>> memo_;  // (first, last) -> index first * (n + 1) + last
  std::size_t scheduled_ = 0;
};

// Box Elimination to exhaustion on one interval, with `mappings` (of `state`) shared.
IntervalSchedule box_eliminate(const ClusterState& state, const ModelSum& model, std::uint64_t seed,
                               scheduling::MappingCache* mappings);

// The interval's best schedule, every machine subset tried (scheduling::exhaustive_optimum): the exact interval
// policy of clusters of at most exact_interval_machine_limit machines (2^16 subsets an interval). `seed` is unused.
constexpr std::size_t exact_interval_machine_limit = 16;
IntervalSchedule exact_interval(const ClusterState& state, const ModelSum& model, std::uint64_t seed);

}  // namespace isogrid::rescheduling
