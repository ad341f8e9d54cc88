#include "workloads/divisible_load/dlt_star_simulation.hpp"

#include "simulator/core/timeline.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <memory>
#include <vector>

namespace isogrid::dlt {

namespace {

std::string part_box(size_t i) { return fmt::format("dlt-part-{}", i); }
std::string result_box(size_t i) { return fmt::format("dlt-result-{}", i); }
const char* kSequentialPart   = "dlt-sequential-part";
const char* kSequentialResult = "dlt-sequential-result";

// What the parallel run records, when asked: intervals of the star's hosts, in model time units.
struct StarRecorder {
  Timeline* timeline = nullptr;
  double time_unit   = 1;
  // When each worker's computation ended: a result's transfer starts then, or when P0 asks for it if later.
  std::shared_ptr<std::vector<double>> computed;

  void interval(const std::string& host, const char* state, const std::string& label, double start) const
  {
    if (timeline)
      timeline->interval("star", host, state, label, start / time_unit, sg::now() / time_unit);
  }
};

std::string worker_name(size_t i) { return fmt::format("P{}", i + 1); }

void worker(size_t i, const StarSchedule& plan, const StarRecorder& record)
{
  sg::receive(part_box(i));
  double start = sg::now();
  sg::compute(plan.compute_flops[i]);
  record.interval(worker_name(i), "compute", "part", start);
  (*record.computed)[i] = sg::now();
  if (!plan.return_bytes.empty())
    sg::send(result_box(i), plan.return_bytes[i]);  // recorded by the originator: it starts when P0 asks for it
}

void sequential_worker(const StarSchedule& plan)
{
  sg::receive(kSequentialPart);
  sg::compute(plan.sequential_flops);
  if (!plan.return_bytes.empty())
    sg::send(kSequentialResult, plan.sequential_return_bytes);
}

}  // namespace

void deploy_star_schedule(sg::Host* originator, const std::vector<sg::Host*>& workers, const StarSchedule& plan,
                          StarTimes& times, Timeline* timeline, double time_unit)
{
  StarRecorder record{timeline, time_unit, std::make_shared<std::vector<double>>(workers.size(), 0)};
  if (timeline && time_unit != 1)  // a star built from A, C and S: its times are the model's normalised units
    timeline->normalised_time();
  // Shared by the actors; lives until the last of them ends.
  auto group = std::make_shared<sg::ActorGroup>();
  for (size_t i = 0; i < workers.size(); ++i)
    group->spawn(fmt::format("worker-{}", i + 1), workers[i], [i, &plan, record] { worker(i, plan, record); });

  sg::spawn("originator", originator, [group, &plan, &times, record, n = workers.size(), first = workers.front()] {
    for (size_t i = 0; i < n; ++i) {  // one port: the next transfer starts when the previous one has ended
      double start = sg::now();
      sg::send(part_box(i), plan.send_bytes[i]);
      record.interval("P0", "send", "part to " + worker_name(i), start);
      record.interval(worker_name(i), "receive", "part", start);
    }
    if (!plan.return_bytes.empty())
      for (size_t i = n; i-- > 0;) {  // last served, first returned
        double asked = sg::now();
        sg::receive(result_box(i));
        double start = std::max(asked, (*record.computed)[i]);  // the transfer's, once both ends are ready
        record.interval("P0", "receive", "result of " + worker_name(i), start);
        record.interval(worker_name(i), "send", "result", start);
      }
    group->join_all();
    times.makespan = sg::now();

    // Sequential reference T(1): the whole load sent to P1 and computed there.
    double start = sg::now();
    sg::ActorGroup alone;
    alone.spawn("sequential", first, [&plan] { sequential_worker(plan); });
    sg::send(kSequentialPart, plan.sequential_bytes);
    if (!plan.return_bytes.empty())
      sg::receive(kSequentialResult);
    alone.join_all();
    times.sequential = sg::now() - start;
  });
}

}  // namespace isogrid::dlt
