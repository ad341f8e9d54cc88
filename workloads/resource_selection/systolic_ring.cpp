#include "workloads/resource_selection/systolic_ring.hpp"

#include "simulator/core/byte_count.hpp"
#include "simulator/core/timeline.hpp"
#include "simulator/sg/ring_platform.hpp"
#include "simulator/sg/session.hpp"

#include <algorithm>
#include <string>

namespace isogrid::scheduling {

namespace {

// Flop/s of a free machine: computation is given in its seconds.
constexpr double reference_speed = 1e9;

std::string mailbox(std::size_t ring, std::size_t process)
{
  return "ring" + std::to_string(ring) + "-" + std::to_string(process);
}

}  // namespace

std::vector<double> run_systolic_rings(const std::vector<SystolicRing>& rings, const SimulationContext& context,
                                       const std::vector<std::string>& names)
{
  sg::Session session(context.simgrid_config, context.simgrid_logs);
  std::vector<sg::RingSpec> specs;
  for (std::size_t r = 0; r < rings.size(); ++r) {
    sg::RingSpec spec;
    spec.name = "ring" + std::to_string(r);
    for (double cpu : rings[r].cpu)
      spec.speeds.push_back(cpu * reference_speed);
    for (double mbps : rings[r].bandwidth)
      spec.bandwidths.push_back(mbps * 1e6 / 8);
    specs.push_back(std::move(spec));
  }
  std::vector<std::vector<sg::Host*>> hosts = sg::build_rings(specs);

  std::vector<double> makespan(rings.size(), 0);
  for (std::size_t r = 0; r < rings.size(); ++r) {
    const SystolicRing& ring = rings[r];
    const std::size_t p      = ring.cpu.size();
    const double stage_flops = ring.computation_seconds / static_cast<double>(p) * reference_speed;
    // N/P particles travel at each shift; over the P stages every particle passes once.
    const auto block_bytes  = truncated_bytes(ring.communication_mbit * 1e6 / 8 / static_cast<double>(p));
    Timeline* timeline      = context.timeline;
    const std::string group = r < names.size() ? names[r] : "ring " + std::to_string(r);
    for (std::size_t i = 0; i < p; ++i) {
      std::string row = timeline ? "process " + std::to_string(i) : std::string();
      if (timeline)
        timeline->row(group, row, group, RowKind::Host);
      sg::spawn(mailbox(r, i), hosts[r][i], [&makespan, r, i, p, stage_flops, block_bytes, timeline, group, row] {
        for (std::size_t stage = 0; stage < p; ++stage) {
          double start = sg::now();
          sg::compute(stage_flops);
          if (timeline)
            timeline->interval(group, row, "compute", "stage " + std::to_string(stage + 1), start, sg::now());
          if (stage + 1 < p) {
            start = sg::now();
            sg::post_note(mailbox(r, (i + 1) % p), block_bytes, sg::Note{});
            sg::receive_note(mailbox(r, i));
            if (timeline)
              timeline->interval(group, row, "shift", "block", start, sg::now(), static_cast<double>(block_bytes));
          }
        }
        makespan[r] = std::max(makespan[r], sg::now());
      });
    }
  }
  session.run();
  return makespan;
}

}  // namespace isogrid::scheduling
