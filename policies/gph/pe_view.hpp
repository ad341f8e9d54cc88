#pragma once
// What a GpH runtime policy may look at: the static grid (each PE's cluster and relative speed, the latency
// between PEs) and, per decision, which PE is asking and which PE runs the main thread. Latencies are stored per
// cluster pair, as the paper gives them (Table 15), so a 1000-PE grid costs O(PEs + clusters^2) and every lookup is
// O(1); PE-pair differences measured during a run belong to GRID-GUM2's latency estimates, not here.
//
// Randomness comes in as a source of raw 64-bit draws, so a test can hand exact numbers and the simulator its
// seeded generator; policies reduce a draw modulo a count, as GUM's choosePE does with rand().
#include <cstdint>
#include <functional>
#include <vector>

namespace isogrid::gph {

using Draw = std::function<std::uint64_t()>;

class PeKnowledge;

class Topology {
public:
  // cluster_of[p] indexes cluster_latency (seconds, one way, [a][b]; the diagonal is the intra-cluster latency);
  // speed[p] > 0 in any unit (MHz, flop/s): only ratios and sums matter. Throws std::invalid_argument when there
  // is no PE, sizes disagree, a cluster index is out of range, a speed is not positive or a latency is negative.
  Topology(std::vector<size_t> cluster_of, std::vector<double> speed, std::vector<std::vector<double>> cluster_latency);

  size_t pes() const { return cluster_of_.size(); }
  size_t clusters() const { return clusters_; }
  size_t cluster_of(size_t pe) const { return cluster_of_[pe]; }
  double speed(size_t pe) const { return speed_[pe]; }
  bool same_cluster(size_t a, size_t b) const { return cluster_of_[a] == cluster_of_[b]; }

  // Seconds from a to b; 0 from a PE to itself.
  double latency(size_t a, size_t b) const
  {
    return a == b ? 0.0 : cluster_latency_[cluster_of_[a] * clusters_ + cluster_of_[b]];
  }
  // The latency between two PEs of `pe`'s cluster: the yardstick of "high latency" for GRID-GUM2's P3.
  double local_latency(size_t pe) const { return cluster_latency_[cluster_of_[pe] * (clusters_ + 1)]; }

private:
  std::vector<size_t> cluster_of_;
  std::vector<double> speed_;
  size_t clusters_ = 0;
  std::vector<double> cluster_latency_;  // row-major clusters x clusters
};

// One PE's standpoint for one decision. Cheap to build per call: it only points at shared state.
struct PeView {
  const Topology* topology     = nullptr;
  size_t self                  = 0;
  size_t main_pe               = 0;
  const PeKnowledge* knowledge = nullptr;  // GRID-GUM2's load and latency tables; null for the blind runtimes
  double now                   = 0;        // simulated seconds, to judge how stale the tables' entries are
};

}  // namespace isogrid::gph
