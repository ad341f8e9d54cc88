#include "workloads/performance_modelling/spmd_skeleton.hpp"

#include "simulator/core/byte_count.hpp"

namespace isogrid::modelling {

namespace {

void play(const std::vector<sg::Host*>& hosts, const SpmdShape& shape)
{
  std::vector<Message> messages = pattern_messages(shape.pattern, hosts.size());
  auto bytes                    = truncated_bytes(shape.bytes);
  for (std::size_t step = 0; step < shape.iterations; ++step) {
    sg::Activities computations;
    for (sg::Host* host : hosts)
      computations.compute_on(host, shape.flops);
    computations.wait();
    if (messages.empty() || bytes == 0)
      continue;
    sg::Activities transfers;
    for (const Message& m : messages)
      transfers.transfer(hosts[m.from], hosts[m.to], bytes);
    transfers.wait();
  }
}

}  // namespace

void spawn_campaign(sg::Host* driver_host, const std::vector<SpmdRun>& runs, std::vector<TimedRun>& timed)
{
  timed.assign(runs.size(), {});
  sg::spawn("campaign", driver_host, [&runs, &timed] {
    for (std::size_t r = 0; r < runs.size(); ++r) {
      timed[r].start = sg::now();
      for (const SpmdShape& phase : runs[r].phases) {
        play(runs[r].hosts, phase);
        timed[r].phase_ends.push_back(sg::now());
      }
      timed[r].end = sg::now();
    }
  });
}

}  // namespace isogrid::modelling
