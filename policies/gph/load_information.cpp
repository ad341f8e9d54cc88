#include "policies/gph/load_information.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace isogrid::gph {

double load_value(LoadMeasure measure, size_t exportable_sparks, size_t runnable_threads, bool busy)
{
  switch (measure) {
    case LoadMeasure::ExportableSparks: return static_cast<double>(exportable_sparks);
    case LoadMeasure::SparksAndThreads: return static_cast<double>(exportable_sparks + runnable_threads);
    case LoadMeasure::Busy: return busy ? 1.0 : 0.0;
  }
  return 0;
}

bool LoadTable::record(size_t pe, double load, double timestamp)
{
  LoadEntry& e = entries_.at(pe);
  if (!(timestamp > e.timestamp))
    return false;
  auto id = static_cast<std::uint32_t>(pe);
  if (e.known())
    by_recency_.erase({-e.timestamp, id});
  by_recency_.insert({-timestamp, id});
  bool was_loaded = e.known() && e.load > 0;
  if (was_loaded != (load > 0)) {
    if (load > 0)
      loaded_.insert(id);
    else
      loaded_.erase(id);
  }
  e.load      = load;
  e.timestamp = timestamp;
  return true;
}

size_t LoadTable::merge(const std::vector<PiggybackEntry>& received)
{
  size_t taken = 0;
  for (const PiggybackEntry& r : received) {
    if (r.pe >= entries_.size())
      throw std::out_of_range("gph load table: entry for PE " + std::to_string(r.pe) + " in a table of " +
                              std::to_string(entries_.size()));
    taken += record(r.pe, r.load, r.timestamp) ? 1 : 0;
  }
  return taken;
}

std::vector<PiggybackEntry> LoadTable::piggyback(size_t max_entries) const
{
  std::vector<PiggybackEntry> out;
  if (max_entries != 0 && max_entries < by_recency_.size()) {
    // The most recent first, ties by PE id: the first entries of the recency index, O(max_entries).
    out.reserve(max_entries);
    for (auto it = by_recency_.begin(); out.size() < max_entries; ++it)
      out.push_back({it->second, entries_[it->second].load, entries_[it->second].timestamp});
    return out;
  }
  out.reserve(by_recency_.size());
  for (size_t p = 0; p < entries_.size(); ++p)
    if (entries_[p].known())
      out.push_back({static_cast<std::uint32_t>(p), entries_[p].load, entries_[p].timestamp});
  return out;
}

LatencyEstimates::LatencyEstimates(const Topology& topology, size_t self, double gain)
    : estimate_(topology.pes()), gain_(gain)
{
  if (!(gain > 0 && gain <= 1))
    throw std::invalid_argument("gph latency estimates: the EWMA gain must be in (0, 1]");
  for (size_t p = 0; p < estimate_.size(); ++p)
    estimate_[p] = topology.latency(self, p);
}

void LatencyEstimates::observe(size_t pe, double one_way_latency)
{
  double& e = estimate_.at(pe);
  e += gain_ * (one_way_latency - e);
}

}  // namespace isogrid::gph
