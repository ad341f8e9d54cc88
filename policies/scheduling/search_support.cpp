#include "policies/scheduling/search_support.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <tuple>

namespace isogrid::scheduling {

Schedule every_machine(std::size_t n)
{
  Schedule all(n);
  std::iota(all.begin(), all.end(), 0);
  return all;
}

Schedule random_machines(std::size_t n, std::size_t k, SeededRandom& random)
{
  Schedule all = every_machine(n);
  for (std::size_t i = 0; i < k; ++i)
    std::swap(all[i], all[i + random.below(n - i)]);
  all.resize(k);
  return all;
}

std::vector<std::size_t> roulette_draws(const std::vector<double>& weights, std::size_t k, SeededRandom& random)
{
  struct Key {
    bool spent;  // weight <= 0: after every positive weight
    double key;
    std::size_t index;
    bool operator<(const Key& o) const { return std::tie(spent, key, index) < std::tie(o.spent, o.key, o.index); }
  };
  std::vector<Key> keys(weights.size());
  for (std::size_t i = 0; i < weights.size(); ++i) {
    double u = 1 - random.uniform();  // in (0, 1], so the logarithm is finite
    keys[i]  = weights[i] > 0 ? Key{false, -std::log(u) / weights[i], i} : Key{true, u, i};
  }
  k = std::min(k, keys.size());
  std::partial_sort(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(k), keys.end());
  std::vector<std::size_t> drawn(k);
  for (std::size_t i = 0; i < k; ++i)
    drawn[i] = keys[i].index;
  return drawn;
}

GrowingSchedule::GrowingSchedule(const ClusterState& state, const Schedule& start)
    : state_(&state), traits_{0, std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()},
      in_(state.machines(), 0), reach_(state.machines(), std::numeric_limits<double>::infinity())
{
  for (std::size_t m : start)
    add(m);
}

void GrowingSchedule::add(std::size_t y)
{
  traits_ = traits_with(y);
  members_.push_back(y);
  in_[y]            = 1;
  const double* row = state_->bandwidth_row(y);
  for (std::size_t m = 0; m < reach_.size(); ++m)  // row by row: the reads run front to back
    reach_[m] = std::min(reach_[m], row[m]);
}

ScheduleResult search_sizes_downwards(Evaluator& evaluate, const std::function<bool(std::size_t procs)>& search_size)
{
  const std::size_t n = evaluate.state().machines();
  evaluate(every_machine(n));
  for (std::size_t procs = n - 1; procs >= 2 && !evaluate.exhausted(); --procs)
    if (!search_size(procs))
      break;
  return evaluate.result();
}

SwapSchedule::SwapSchedule(const ClusterState& state, Schedule members)
    : SwapSchedule(state, members, slowest_link(state, members))
{
}

SwapSchedule::SwapSchedule(const ClusterState& state, Schedule members, const SlowestLink& slowest)
    : state_(&state), members_(std::move(members)), slowest_(slowest)
{
  if (members_.size() < 2)
    throw std::invalid_argument("a swapped schedule needs at least two machines");
  cpu_machine_ = lowest_cpu(SlowestLink::none);
  traits_      = {members_.size(), state.cpu(cpu_machine_), slowest_.bandwidth};
}

std::size_t SwapSchedule::lowest_cpu(std::size_t skip) const
{
  std::size_t lowest = members_[skip == 0 ? 1 : 0];
  for (std::size_t i = 0; i < members_.size(); ++i)
    if (i != skip)
      lowest = lower_cpu(lowest, members_[i]);
  return lowest;
}

SlowestLink SwapSchedule::links_of(std::size_t machine, std::size_t skip) const
{
  SlowestLink slowest;
  const double* row = state_->bandwidth_row(machine);
  for (std::size_t i = 0; i < members_.size(); ++i)
    if (i != skip && row[members_[i]] < slowest.bandwidth)
      slowest = {row[members_[i]], machine, members_[i]};
  return slowest;
}

SwapSchedule::Removal SwapSchedule::remove(std::size_t k) const
{
  const std::size_t leaving = members_[k];
  Removal r;
  r.k           = k;
  r.cpu_machine = leaving == cpu_machine_ ? lowest_cpu(k) : cpu_machine_;
  r.slowest     = leaving == slowest_.a || leaving == slowest_.b ? slowest_link(*state_, members_, k) : slowest_;
  return r;
}

ScheduleTraits SwapSchedule::traits_swapped(const Removal& r, std::size_t machine) const
{
  double bandwidth = std::min(r.slowest.bandwidth, links_of(machine, r.k).bandwidth);
  return {members_.size(), std::min(state_->cpu(r.cpu_machine), state_->cpu(machine)), bandwidth};
}

void SwapSchedule::swap(const Removal& r, std::size_t machine)
{
  SlowestLink joining = links_of(machine, r.k);
  slowest_            = joining.bandwidth < r.slowest.bandwidth ? joining : r.slowest;
  cpu_machine_        = lower_cpu(r.cpu_machine, machine);
  members_[r.k]       = machine;
  traits_             = {members_.size(), state_->cpu(cpu_machine_), slowest_.bandwidth};
}

}  // namespace isogrid::scheduling
