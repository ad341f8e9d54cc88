#pragma once
// What a resource-selection policy sees of one cluster (Sanjay, ch. 4): each machine's average available CPU
// fraction and each link's average available bandwidth, as NWS would report them. A schedule is a set of machines;
// Eq. 4.1 sees it only through three numbers (ScheduleTraits): how many machines, the lowest available CPU among
// them and the lowest bandwidth between two of them.
#include <cstddef>
#include <limits>
#include <vector>

namespace isogrid::scheduling {

using Schedule = std::vector<std::size_t>;  // machine indices, ascending, no repeats

struct ScheduleTraits {
  std::size_t processors = 0;
  double cpu             = 0;  // min over the schedule of the available CPU fraction
  double bandwidth = 0;  // min over pairs of the schedule of the available bandwidth (Mbit/s); +inf for one machine
};

// The most machines a cluster state holds: it keeps every pair's bandwidth, n^2 doubles (800 MB at 10 000), and a
// typo such as 1e6 machines would exhaust memory before anything was reported.
constexpr std::size_t max_cluster_machines        = 10000;
constexpr const char* max_cluster_machines_reason = "a cluster keeps every pair's bandwidth: 800 MB at 10 000 machines";

class ClusterState {
public:
  ClusterState() = default;
  // `bandwidth` is machines x machines, row-major and symmetric; the diagonal is not read. Throws
  // std::invalid_argument on a size mismatch, a CPU fraction outside (0, 1] or a non-positive link.
  ClusterState(std::vector<double> cpu, std::vector<double> bandwidth);

  std::size_t machines() const { return cpu_.size(); }
  double cpu(std::size_t m) const { return cpu_[m]; }
  double bandwidth(std::size_t a, std::size_t b) const { return bandwidth_[a * cpu_.size() + b]; }
  const double* bandwidth_row(std::size_t a) const { return bandwidth_.data() + a * cpu_.size(); }

  // Over all machines and over all links (a != b); the bandwidth bounds are +inf for a single machine.
  double min_cpu() const { return min_cpu_; }
  double max_cpu() const { return max_cpu_; }
  double min_bandwidth() const { return min_bandwidth_; }
  double max_bandwidth() const { return max_bandwidth_; }
  // Mean bandwidth of machine m's links (SA's ranking of single machines); +inf for a single machine.
  double mean_bandwidth(std::size_t m) const;

private:
  std::vector<double> cpu_;
  std::vector<double> bandwidth_;
  double min_cpu_ = 0, max_cpu_ = 0, min_bandwidth_ = 0, max_bandwidth_ = 0;
};

// The slowest link of a schedule and the machines at its two ends (`none` with fewer than two machines).
struct SlowestLink {
  static constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
  double bandwidth                  = std::numeric_limits<double>::infinity();
  std::size_t a = none, b = none;
};

// The slowest link of `members` (machine indices in any order), the k-th left out when skip = k. O(|s|^2).
SlowestLink slowest_link(const ClusterState& state, const Schedule& members, std::size_t skip = SlowestLink::none);

// O(|s|^2): the bandwidth is slowest_link's. An empty schedule has processors 0.
ScheduleTraits traits_of(const ClusterState& state, const Schedule& schedule);

// The traits of `traits`' schedule with machine m added: O(|s|) instead of recomputing.
ScheduleTraits traits_with(const ClusterState& state, const Schedule& schedule, const ScheduleTraits& traits,
                           std::size_t m);

}  // namespace isogrid::scheduling
