#include "workloads/rescheduling/executed_phases.hpp"

#include "simulator/core/byte_count.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace isogrid::rescheduling {

using scheduling::apply;
using scheduling::complexity;

ProcessShare process_share(const scheduling::PerformanceModel& model, std::size_t processors)
{
  const double p = static_cast<double>(processors);
  ProcessShare share;
  double computation = model.cpu_scaling * complexity(model.computation, model.problem_size);
  if (computation > 0)
    share.computation_s = computation / apply(model.computation_speedup, p);
  double communication = complexity(model.communication, model.problem_size);
  if (processors > 1 && communication > 0)
    share.communication_mbit = communication / apply(model.communication_speedup, p);
  if (!std::isfinite(share.computation_s) || !std::isfinite(share.communication_mbit))
    throw std::invalid_argument(model.application + ": a phase's share on " + std::to_string(processors) +
                                " processes is not finite");
  return share;
}

void execute_phases(const scheduling::ModelSum& phases, const std::vector<sg::Host*>& ring)
{
  const std::size_t p = ring.size();
  sg::Activities step;
  for (std::size_t k = 0; k < phases.phases(); ++k) {
    ProcessShare share = process_share(phases.phase(k), p);
    if (share.computation_s > 0) {
      for (sg::Host* host : ring)
        step.compute_on(host, share.computation_s * kReferenceFlops);
      step.wait();
    }
    if (share.communication_mbit > 0) {
      auto bytes = rounded_bytes(bytes_of_mbit(share.communication_mbit));
      for (std::size_t i = 0; i < p; ++i)
        step.transfer(ring[i], ring[(i + 1) % p], bytes);
      step.wait();
    }
  }
}

void execute_move(const CheckpointMove& move, const std::vector<sg::Host*>& from, sg::Host* storage_from,
                  sg::Host* storage_to, const std::vector<sg::Host*>& to)
{
  const double bytes = move.checkpoint_mb * 1e6;
  sg::Activities io;
  auto share = [bytes](std::size_t processes) { return rounded_bytes(bytes / static_cast<double>(processes)); };
  if (bytes > 0) {
    for (sg::Host* host : from)
      io.transfer(host, storage_from, share(from.size()));
    io.wait();
    if (storage_from != storage_to) {
      io.transfer(storage_from, storage_to, share(1));
      io.wait();
    }
  }
  if (move.restart_s > 0)
    sg::sleep_for(move.restart_s);
  if (bytes > 0) {
    for (sg::Host* host : to)
      io.transfer(storage_to, host, share(to.size()));
    io.wait();
  }
}

}  // namespace isogrid::rescheduling
