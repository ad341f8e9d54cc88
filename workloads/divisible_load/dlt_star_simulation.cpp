#include "workloads/divisible_load/dlt_star_simulation.hpp"

#include <fmt/format.h>
#include <memory>

namespace isogrid::dlt {

namespace {

std::string part_box(size_t i) { return fmt::format("dlt-part-{}", i); }
std::string result_box(size_t i) { return fmt::format("dlt-result-{}", i); }
const char* kSequentialPart   = "dlt-sequential-part";
const char* kSequentialResult = "dlt-sequential-result";

void worker(size_t i, const StarSchedule& plan)
{
  sg::receive(part_box(i));
  sg::compute(plan.compute_flops[i]);
  if (!plan.return_bytes.empty())
    sg::send(result_box(i), plan.return_bytes[i]);
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
                          StarTimes& times)
{
  // Shared by the actors; lives until the last of them ends.
  auto group = std::make_shared<sg::ActorGroup>();
  for (size_t i = 0; i < workers.size(); ++i)
    group->spawn(fmt::format("worker-{}", i + 1), workers[i], [i, &plan] { worker(i, plan); });

  sg::spawn("originator", originator, [group, &plan, &times, n = workers.size(), first = workers.front()] {
    for (size_t i = 0; i < n; ++i)  // one port: the next transfer starts when the previous one has ended
      sg::send(part_box(i), plan.send_bytes[i]);
    if (!plan.return_bytes.empty())
      for (size_t i = n; i-- > 0;)  // last served, first returned
        sg::receive(result_box(i));
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
