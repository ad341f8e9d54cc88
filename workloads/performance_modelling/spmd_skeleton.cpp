#include "workloads/performance_modelling/spmd_skeleton.hpp"

namespace isogrid::modelling {

namespace {

void play(const PlannedRun& run)
{
  std::vector<Message> messages = pattern_messages(run.shape.pattern, run.hosts.size());
  auto bytes                    = static_cast<std::uint64_t>(run.shape.bytes);
  for (std::size_t step = 0; step < run.shape.iterations; ++step) {
    sg::Activities computations;
    for (sg::Host* host : run.hosts)
      computations.compute_on(host, run.shape.flops);
    computations.wait();
    if (messages.empty() || bytes == 0)
      continue;
    sg::Activities transfers;
    for (const Message& m : messages)
      transfers.transfer(run.hosts[m.from], run.hosts[m.to], bytes);
    transfers.wait();
  }
}

}  // namespace

void spawn_campaign(sg::Host* driver_host, const std::vector<PlannedRun>& runs, std::vector<TimedRun>& timed)
{
  timed.assign(runs.size(), {});
  sg::spawn("campaign", driver_host, [&runs, &timed] {
    for (std::size_t r = 0; r < runs.size(); ++r) {
      timed[r].start = sg::now();
      play(runs[r]);
      timed[r].end = sg::now();
    }
  });
}

}  // namespace isogrid::modelling
