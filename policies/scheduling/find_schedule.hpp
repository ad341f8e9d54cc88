#pragma once
// FindScheduleWithConstraints (thesis Fig. 4.8): the machine set Box Elimination maps a hypothetical grid point
// (cpu, bw, P) to. It starts from every machine whose available CPU reaches the cpu floor, drops the machine with
// the most links below the bandwidth floor (ties: the lowest average bandwidth to the others, then the lowest
// index) until no link is below it, then adds back, in machine order, each dropped machine whose links to the set
// all reach the floor. P is not an input: the result is the largest set the greedy finds for the two floors.
//
// Errata applied (shared notes, section 3.6): phase 2 keeps a machine whose links are >= the floor, as the prose
// says (the pseudo-code's strict > would reject what phase 1 accepted); a set of one machine has no link, so its
// bandwidth is +infinity. O(n^2) for n machines above the cpu floor: violation counts are kept up to date as
// machines leave, rather than recounted (the pseudo-code's recount would be O(n^3) on 1024 machines).
#include "policies/scheduling/cluster_state.hpp"

#include <map>
#include <utility>
#include <vector>

namespace isogrid::scheduling {

struct MappedSchedule {
  std::vector<size_t> schedule;  // ascending machine indices; empty when no machine reaches the cpu floor
  ScheduleTraits traits;         // processors 0 for an empty schedule
  std::size_t candidates = 0;    // machines above the cpu floor: the mapping reads all their links
};

MappedSchedule find_schedule_with_constraints(const ClusterState& state, double cpu_floor, double bandwidth_floor);

// The mapping depends on the cluster state and the two floors, never on the model: Box Elimination runs for many
// models on one state (every interval of a rescheduling plan, chapter 5) share their mappings through this. One
// cache per state; the answers are those find_schedule_with_constraints gives.
class MappingCache {
public:
  explicit MappingCache(const ClusterState& state) : state_(state) {}
  const MappedSchedule& get(double cpu_floor, double bandwidth_floor);
  const ClusterState& state() const { return state_; }
  std::size_t size() const { return mapped_.size(); }

private:
  const ClusterState& state_;
  std::map<std::pair<double, double>, MappedSchedule> mapped_;
};

}  // namespace isogrid::scheduling
