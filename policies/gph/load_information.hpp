#pragma once
// GRID-GUM2's dynamic information: what one PE believes about every PE's load and about its latency to every PE.
// The paper calls it "time-stamped and partial" and "propagated cheaply whenever PEs communicate": each message
// carries some entries of the sender's load table, and the receiver keeps, per PE, whichever entry is newer. A
// stale entry never overwrites a newer one, so beliefs only move forward in time whatever order messages arrive
// in. Latencies are the receiver's own one-way measurements, smoothed, starting from the static topology.
#include "policies/gph/parameters.hpp"
#include "policies/gph/pe_view.hpp"

#include <cstdint>
#include <limits>
#include <set>
#include <utility>
#include <vector>

namespace isogrid::gph {

// The load a PE publishes about itself, by the chosen definition.
double load_value(LoadMeasure measure, size_t exportable_sparks, size_t runnable_threads, bool busy);

struct LoadEntry {
  double load      = 0;
  double timestamp = -std::numeric_limits<double>::infinity();  // simulated s when the PE had this load
  bool known() const { return timestamp != -std::numeric_limits<double>::infinity(); }
};

// One entry as a message carries it.
struct PiggybackEntry {
  std::uint32_t pe = 0;
  double load      = 0;
  double timestamp = 0;
};

class LoadTable {
public:
  explicit LoadTable(size_t pes) : entries_(pes) {}

  size_t size() const { return entries_.size(); }
  const LoadEntry& operator[](size_t pe) const { return entries_[pe]; }

  // Takes (load, timestamp) for `pe` if it is strictly newer than what the table holds; returns whether it did.
  // Equal timestamps keep the entry already there, so replaying a message changes nothing.
  bool record(size_t pe, double load, double timestamp);

  // Merges a received message's entries; returns how many were newer. Throws std::out_of_range for a PE id
  // beyond the table.
  size_t merge(const std::vector<PiggybackEntry>& received);

  // The entries to piggy-back on a message: every known one, in PE order, when max_entries is 0 or covers them
  // all; else the max_entries most recent, newest first (ties by PE id). A sender records its own load just
  // before, so max_entries = 1 sends "sender only". O(max_entries) when it keeps some out, O(PEs) otherwise:
  // recording keeps an index by recency (O(log PEs)), since a message is sent far more often than a PE is added.
  std::vector<PiggybackEntry> piggyback(size_t max_entries) const;

  // The PEs whose known load is positive, in id order: the only candidates of a FISH (best_loaded_pe), which on
  // 1 000 PEs would otherwise scan every entry for every FISH sent or forwarded.
  const std::set<std::uint32_t>& loaded() const { return loaded_; }

private:
  std::vector<LoadEntry> entries_;
  std::set<std::pair<double, std::uint32_t>> by_recency_;  // (-timestamp, PE) of every known entry
  std::set<std::uint32_t> loaded_;
};

// Smoothed one-way latency from one PE to every PE, s.
class LatencyEstimates {
public:
  LatencyEstimates(const Topology& topology, size_t self, double gain);

  double operator[](size_t pe) const { return estimate_[pe]; }
  // EWMA: estimate += gain * (sample - estimate).
  void observe(size_t pe, double one_way_latency);

private:
  std::vector<double> estimate_;
  double gain_;
};

// Everything a GRID-GUM2 PE knows beyond the static topology.
class PeKnowledge {
public:
  PeKnowledge(const Topology& topology, size_t self, const Gg2Parameters& parameters)
      : loads(topology.pes()), latency(topology, self, parameters.latency_gain)
  {
  }

  LoadTable loads;
  LatencyEstimates latency;
};

}  // namespace isogrid::gph
