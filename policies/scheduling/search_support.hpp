#pragma once
// What the schedule searches of Sanjay's Figs. 4.1-4.3 (SA, GA, ACO) share: random draws of machines, and a
// schedule that changes by swapping one member for an outsider with its traits kept up to date cheaply.
#include "base/random.hpp"
#include "policies/scheduling/cluster_state.hpp"
#include "policies/scheduling/schedule_evaluator.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <vector>

namespace isogrid::scheduling {

// Machines 0..n-1: the one schedule of size max_procs, which the searches evaluate once instead of searching.
Schedule every_machine(std::size_t n);

// k distinct machines out of 0..n-1, in draw order (a partial Fisher-Yates shuffle).
Schedule random_machines(std::size_t n, std::size_t k, SeededRandom& random);

// min(k, weights.size()) distinct indices, in draw order, distributed as k spins of a roulette wheel (index i with
// probability weights[i] / the sum of the weights not drawn yet) without putting the drawn back. Indices of weight
// <= 0 come last, in random order, once the positive ones are spent. O(size log k) rather than the wheel's
// O(size k): each index gets the key -ln(u) / weight, an exponential variable of rate `weight`, and the k
// smallest keys are such a sample (Efraimidis & Spirakis 2006).
std::vector<std::size_t> roulette_draws(const std::vector<double>& weights, std::size_t k, SeededRandom& random);

// GA's and ACO's outer loop (Figs. 4.2, 4.3): the one schedule of every machine, evaluated once whatever the
// budget (so there is always a schedule to return), then each size from max_procs - 1 down to 2 until the budget
// ends or `search_size` returns false (it ran out inside).
ScheduleResult search_sizes_downwards(Evaluator& evaluate, const std::function<bool(std::size_t procs)>& search_size);

// A schedule of at least two machines that changes by swapping a member for an outsider (SA's perturbation, GA's
// mutation). It remembers its lowest-CPU member and the two members its slowest link joins. Removing any other
// member leaves those as they are, so remove() is O(1) except for those three (3 chances in |s| for a random
// member), which rescan: O(|s|) for the CPU, O(|s|^2) for the links. A swap then costs the O(|s|) reads of the
// incoming machine's links, where traits_of would cost O(|s|^2).
class SwapSchedule {
public:
  SwapSchedule(const ClusterState& state, Schedule members);  // O(|s|^2)
  // When the caller knows the slowest link already (SA's ranked prefixes): O(|s|).
  SwapSchedule(const ClusterState& state, Schedule members, const SlowestLink& slowest);

  // The schedule without one member, which a swap of that member starts from.
  struct Removal {
    std::size_t k           = 0;  // the member's position
    std::size_t cpu_machine = 0;  // the lowest-CPU machine of the others
    SlowestLink slowest;          // the slowest link between the others
  };

  const Schedule& members() const { return members_; }  // in the order given, a swap keeping the position
  const ScheduleTraits& traits() const { return traits_; }
  Removal remove(std::size_t k) const;
  // The k-th member replaced by `machine` (not a member), the schedule staying as it is.
  ScheduleTraits traits_swapped(const Removal& r, std::size_t machine) const;
  // Make that swap.
  void swap(const Removal& r, std::size_t machine);

private:
  std::size_t lowest_cpu(std::size_t skip) const;                     // the lowest-CPU member but the skip-th
  SlowestLink links_of(std::size_t machine, std::size_t skip) const;  // its slowest link to the members but skip
  std::size_t lower_cpu(std::size_t a, std::size_t b) const { return state_->cpu(b) < state_->cpu(a) ? b : a; }

  const ClusterState* state_;
  Schedule members_;
  std::size_t cpu_machine_;
  SlowestLink slowest_;
  ScheduleTraits traits_;
};

// A schedule that grows one machine at a time (DP's Eq. 4.2, ACO's ants, Figs. 4.3 and 4.5) with every machine's
// slowest link to it kept, so that the traits of the schedule plus y cost O(1) and adding y O(n), where
// traits_with would read y's |s| links for every candidate y. Copyable: DP's children start as their parent.
class GrowingSchedule {
public:
  // O(n |start|); an empty start has processors 0 and +inf minima, so the first machine sets them.
  GrowingSchedule(const ClusterState& state, const Schedule& start);

  const Schedule& members() const { return members_; }  // in the order added
  const ScheduleTraits& traits() const { return traits_; }
  bool contains(std::size_t m) const { return in_[m] != 0; }
  ScheduleTraits traits_with(std::size_t y) const
  {
    return {traits_.processors + 1, std::min(traits_.cpu, state_->cpu(y)), std::min(traits_.bandwidth, reach_[y])};
  }
  void add(std::size_t y);

private:
  const ClusterState* state_;
  Schedule members_;
  ScheduleTraits traits_;
  std::vector<char> in_;       // per machine
  std::vector<double> reach_;  // per machine: its slowest link to the members (+inf before the first)
};

}  // namespace isogrid::scheduling
