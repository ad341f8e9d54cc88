#include "policies/gph/informed_targets.hpp"

#include "policies/gph/speed_filter.hpp"

#include <algorithm>

namespace isogrid::gph {

namespace {

// A latency of zero would make load / latency infinite: floor it at a nanosecond.
constexpr double kLatencyFloor = 1e-9;

double remote_score(double relative_load, double latency, const Gg2Parameters& p)
{
  switch (p.remote_score) {
    case RemoteScore::LoadOverLatency: return relative_load / std::max(latency, kLatencyFloor);
    case RemoteScore::Weighted: return relative_load / (1 + p.alpha * latency);
  }
  return 0;
}

struct Best {
  bool found     = false;
  size_t pe      = 0;
  double score   = 0;
  double latency = 0;

  void offer(size_t p, double s, double l)
  {
    if (!found || s > score || (s == score && l < latency)) {  // PEs come in id order: equal ones keep the first
      found   = true;
      pe      = p;
      score   = s;
      latency = l;
    }
  }
};

}  // namespace

std::optional<size_t> best_loaded_pe(const CandidateQuery& q, const Gg2Parameters& p)
{
  const Topology& topology = *q.topology;
  Best own, other;
  for (size_t j : q.loads->loaded()) {  // in id order, as every PE was before: ties fall the same way
    if (j == q.skip[0] || j == q.skip[1])
      continue;
    if (p.static_rule && q.main_pe && !may_take_work(topology, *q.main_pe, q.requester, j))
      continue;  // GRID-GUM1.1's rule, which GRID-GUM2 includes
    const LoadEntry& e = (*q.loads)[j];
    if (!e.known() || !(e.load > 0) || q.now - e.timestamp > p.stale_after)
      continue;
    double relative = e.load / topology.speed(j);
    if (relative < p.relative_load_threshold)
      continue;
    double latency = q.latency ? (*q.latency)[j] : topology.latency(q.requester, j);
    if (p.prefer_own_cluster && topology.same_cluster(j, q.requester))
      own.offer(j, relative, latency);
    else
      other.offer(j, remote_score(relative, latency, p), latency);
  }
  if (own.found)
    return own.pe;
  if (other.found)
    return other.pe;
  return std::nullopt;
}

FishTarget informed_target(const PeView& pe, const Draw& draw, const Parameters& parameters)
{
  if (pe.knowledge) {
    CandidateQuery q;
    q.topology  = pe.topology;
    q.loads     = &pe.knowledge->loads;
    q.latency   = &pe.knowledge->latency;
    q.requester = pe.self;
    q.skip[0] = q.skip[1] = pe.self;
    q.now                 = pe.now;
    q.main_pe             = pe.main_pe;
    if (std::optional<size_t> best = best_loaded_pe(q, parameters.gg2))
      return {true, *best, true};
  }
  if (parameters.gg2.fallback == NoCandidate::Wait)
    return {};
  if (parameters.gg2.static_rule) {  // a random fish, among the PEs the static rule lets it rob
    FishTarget allowed = allowed_target(*pe.topology, pe.main_pe, pe.self, pe.self, draw);
    if (allowed.found)
      return allowed;
  }
  return blind_target(pe, draw, parameters);
}

FishTarget informed_forward(const PeView& holder, size_t origin, const Draw& draw, const Parameters& parameters)
{
  if (holder.knowledge && parameters.gg2.informed_forwarding) {
    CandidateQuery q;
    q.topology  = holder.topology;
    q.loads     = &holder.knowledge->loads;
    q.requester = origin;
    q.skip[0]   = holder.self;
    q.skip[1]   = origin;
    q.now       = holder.now;
    q.main_pe   = holder.main_pe;
    if (std::optional<size_t> best = best_loaded_pe(q, parameters.gg2))
      return {true, *best, true};
  }
  if (parameters.gg2.static_rule)  // a PE the origin may rob (the origin itself always qualifies)
    return allowed_target(*holder.topology, holder.main_pe, origin, holder.self, draw);
  return blind_target(holder, draw, parameters);
}

}  // namespace isogrid::gph
