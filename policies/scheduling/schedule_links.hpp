#pragma once
// A schedule that changes one machine at a time (SA's swaps, B&B's children) with its traits kept in O(|s|) per
// change instead of the O(|s|^2) of traits_of: each member remembers its slowest link to the other members, and
// only members whose slowest link touched the machine that left look at their links again (about one per change
// on random links).
#include "policies/scheduling/cluster_state.hpp"

namespace isogrid::scheduling {

class ScheduleLinks {
public:
  ScheduleLinks(const ClusterState& state, Schedule members);  // O(|s|^2)

  const Schedule& members() const { return members_; }  // in the order given and replaced, not sorted
  ScheduleTraits traits() const;
  // The traits without the k-th member, leaving this schedule as it is.
  ScheduleTraits traits_without(std::size_t k) const;
  // The k-th member leaves and `machine` (not a member) takes its place.
  void replace(std::size_t k, std::size_t machine);

private:
  double slowest_link(std::size_t i, std::size_t skip) const;  // of member i, member `skip` left out

  const ClusterState& state_;
  Schedule members_;
  std::vector<double> slowest_;  // per member: its slowest link to the others; +inf alone
};

}  // namespace isogrid::scheduling
