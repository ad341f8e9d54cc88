#include "workloads/stencil/lbm_skeleton.hpp"

#include "policies/stencil/halo_plan.hpp"
#include "simulator/core/timeline.hpp"

#include <fmt/format.h>
#include <memory>

namespace isogrid::stencil {

namespace {

struct RankWork {
  double flops;
  uint64_t bytes;
  int steps;
  std::vector<std::string> inter_out, inter_in;  // mailbox names, resolved once
  std::vector<std::string> intra_out, intra_in;
  std::vector<size_t> inter_with, intra_with;  // the neighbours' ranks, for the timeline
  Timeline* timeline = nullptr;
  std::string group, row;
};

// A step's phase on the rank's row, when a timeline is recorded.
void record(const RankWork& w, const char* state, const std::string& label, double start)
{
  if (w.timeline)
    w.timeline->interval(w.group, w.row, state, label, start, sg::now());
}

void rank_loop(const RankWork& w)
{
  sg::Exchange exchange;  // reused: wait() leaves it empty
  for (int step = 0; step < w.steps; ++step) {
    double start = w.timeline ? sg::now() : 0;
    sg::compute(w.flops);
    record(w, "compute", "step", start);
    start = w.timeline ? sg::now() : 0;
    for (size_t i = 0; i < w.inter_out.size(); ++i) {  // every inter-cluster neighbour at once
      exchange.send(w.inter_out[i], w.bytes);
      exchange.receive(w.inter_in[i]);
    }
    exchange.wait();
    if (!w.inter_out.empty())
      record(w, "wide-area halo", fmt::format("with rank {}", fmt::join(w.inter_with, ", ")), start);
    for (size_t i = 0; i < w.intra_out.size(); ++i) {  // then each intra-cluster neighbour in turn
      start = w.timeline ? sg::now() : 0;
      exchange.send(w.intra_out[i], w.bytes);
      exchange.receive(w.intra_in[i]);
      exchange.wait();
      record(w, "halo", fmt::format("with rank {}", w.intra_with[i]), start);
    }
  }
}

}  // namespace

double run_stencil(const StencilRun& run)
{
  double start = sg::now();
  std::unique_ptr<sg::BackgroundLoad> background;
  if (run.load_weight > 0)
    background = std::make_unique<sg::BackgroundLoad>(run.hosts[run.loaded_rank], run.load_weight);

  std::vector<RankHalo> plan = chain_halo_plan(run.cluster_of_rank);
  auto box                   = [&](size_t from, size_t to) { return fmt::format("{}:{}>{}", run.tag, from, to); };
  sg::ActorGroup ranks;
  for (size_t r = 0; r < run.hosts.size(); ++r) {
    RankWork w{run.flops_per_step[r], run.halo_bytes, run.steps, {}, {}, {}, {}, {}, {}, run.timeline, {}, {}};
    for (size_t q : plan[r].inter) {
      w.inter_out.push_back(box(r, q));
      w.inter_in.push_back(box(q, r));
      w.inter_with.push_back(q);
    }
    for (size_t q : plan[r].intra) {
      w.intra_out.push_back(box(r, q));
      w.intra_in.push_back(box(q, r));
      w.intra_with.push_back(q);
    }
    if (run.timeline) {
      w.group = run.tag;
      w.row   = fmt::format("c{} rank {}", run.cluster_of_rank[r], r);
      run.timeline->row(w.group, w.row, fmt::format("c{}", run.cluster_of_rank[r]), RowKind::Host);
    }
    ranks.spawn(fmt::format("{}-rank-{}", run.tag, r), run.hosts[r], [w = std::move(w)] { rank_loop(w); });
  }
  ranks.join_all();
  return sg::now() - start;
}

}  // namespace isogrid::stencil
