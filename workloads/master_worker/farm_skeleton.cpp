#include "workloads/master_worker/farm_skeleton.hpp"

#include "simulator/core/byte_count.hpp"
#include "simulator/core/timeline.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <string>

namespace isogrid::farm {

namespace {

enum Kind : int { kTasks, kResult, kFlush, kStop };

std::string worker_box(size_t c, size_t w) { return fmt::format("farm:c{}:w{}", c, w); }

auto bytes(double b) { return truncated_bytes(b); }

// A worker's row in the timeline: named only when one is recorded.
std::string row_of(const FarmRun& run, size_t cluster, size_t worker)
{
  return run.timeline ? fmt::format("c{} w{}", cluster, worker) : std::string();
}

std::string uplink_row(size_t cluster) { return fmt::format("c{} Internet link", cluster); }

}  // namespace

struct FarmWiring {
  sg::LocalQueue master;                                 // the master's inbox
  std::vector<std::unique_ptr<sg::LocalQueue>> heads;    // per cluster: the sub-master's inbox
  std::vector<std::unique_ptr<sg::LocalQueue>> uplinks;  // per cluster: messages waiting for the Internet link
  std::vector<std::vector<sg::Line>> worker_boxes;       // per cluster: each worker's command line
};

namespace {

// A worker: keeps computing while it holds tasks; reads every command that has arrived before the next task, and
// blocks only when it has nothing to do.
void worker(const FarmRun& run, sg::Line inbox, sg::Line reply_line, long long id, const std::string& row)
{
  sg::EagerReceiver eager(inbox);
  long long held = 0;
  for (;;) {
    while (held == 0 || sg::note_waiting(inbox)) {
      sg::Note n = sg::receive_note(inbox);
      if (n.kind == kStop)
        return;
      held += n.count;
    }
    double start = run.timeline ? sg::now() : 0;
    sg::compute(run.task_flops);
    if (run.timeline)
      run.timeline->interval("farm", row, "compute", "task", start, sg::now());
    held -= 1;
    // Holding one task at a time, the worker may as well wait for its result to arrive: its next task is the
    // answer to that result. (A blocking send also spares SimGrid the bookkeeping of a detached transfer.)
    if (run.worker_prefetch == 1)
      sg::send_note(reply_line, bytes(run.result_bytes), {kResult, id, 1});
    else
      sg::post_note(reply_line, bytes(run.result_bytes), {kResult, id, 1});
  }
}

// One master-facing consumer of tasks: a local worker or a sub-master.
struct Consumer {
  sg::Line commands;  // where its tasks go
  size_t cluster  = 0;
  long long holds = 0;  // tasks it keeps in hand
};

// A master or sub-master hears from many senders, some over slow links: each sender writes to a line of its own,
// relayed into the receiver's inbox (sg::relay), so that messages are taken in the order they finish arriving.
sg::Line open_line(sg::LocalQueue& inbox, const std::string& name, sg::Host* host)
{
  sg::Line line(name);
  sg::relay("relay-" + name, host, line, inbox);
  return line;
}

void master(FarmRun& run, const std::vector<Consumer>& consumers)
{
  FarmWiring& wiring  = *run.wiring;
  long long remaining = run.tasks, done = 0;
  bool flushed = false;
  auto give    = [&](const Consumer& c, long long k) {
    k = std::min(k, remaining);
    if (k > 0)
      sg::post_note(c.commands, bytes(static_cast<double>(k) * run.command_bytes), {kTasks, 0, k});
    remaining -= k;
  };
  // Sub-masters must learn that no more tasks will come, or their last partial sum would wait for S forever.
  auto flush_when_out = [&] {
    if (remaining > 0 || flushed)
      return;
    for (const auto& c : consumers)
      if (c.cluster > 0)
        sg::post_note(c.commands, 0, {kFlush, 0, 0});
    flushed = true;
  };
  for (const auto& c : consumers)
    give(c, c.holds);
  flush_when_out();
  while (done < run.tasks) {
    sg::Note n = wiring.master.pop();
    sg::compute(run.aggregate_flops);
    const Consumer& from = consumers[static_cast<size_t>(n.from)];
    done += n.count;
    run.tasks_done[from.cluster] += n.count;
    run.messages[from.cluster] += 1;
    give(from, n.count);
    flush_when_out();
  }
  sg::compute(run.aggregate_flops);  // the average
  run.makespan = sg::now();
  for (const auto& c : consumers)
    sg::post_note(c.commands, bytes(run.command_bytes), {kStop, 0, 0});
}

// Sends the sub-master's messages to the master one at a time: results are serialised on the Internet link.
void uplink(FarmRun& run, size_t cluster, sg::Line line, long long id)
{
  for (;;) {
    sg::Note n = run.wiring->uplinks[cluster]->pop();
    if (n.kind == kStop)
      return;
    double start = sg::now();
    sg::send_note(line, bytes(run.result_bytes), {kResult, id, n.count});
    run.uplink_busy[cluster] += sg::now() - start;
    if (run.timeline)
      run.timeline->interval("farm", uplink_row(cluster), "send", fmt::format("{} results", n.count), start, sg::now(),
                             run.result_bytes);
  }
}

// The communication manager of a remote cluster.
void sub_master(FarmRun& run, size_t cluster)
{
  const std::vector<sg::Line>& boxes = run.wiring->worker_boxes[cluster];
  size_t n_workers                   = boxes.size();
  long long s                        = run.aggregation[cluster];
  long long queued = 0, summed = 0, out = 0;  // out: tasks in the sub-workers' hands
  std::vector<long long> held(n_workers, 0);
  bool last_batch              = false;
  sg::LocalQueue& uplink_queue = *run.wiring->uplinks[cluster];
  auto ship                    = [&](long long k) {
    uplink_queue.push({kResult, 0, k});
    summed -= k;
  };
  for (;;) {
    sg::Note n = run.wiring->heads[cluster]->pop();
    if (n.kind == kStop)
      break;
    if (n.kind == kTasks)
      queued += n.count;
    if (n.kind == kFlush)
      last_batch = true;
    if (n.kind == kResult) {
      held[static_cast<size_t>(n.from)] -= 1;
      out -= 1;
      summed += 1;
      sg::compute(run.aggregate_flops);
      if (summed == s)
        ship(s);
    }
    // Breadth first, so that a short queue reaches as many idle sub-workers as it can.
    for (long long level = 1; level <= run.worker_prefetch && queued > 0; ++level)
      for (size_t w = 0; w < n_workers && queued > 0; ++w)
        if (held[w] < level) {
          sg::post_note(boxes[w], bytes(run.command_bytes), {kTasks, 0, 1});
          held[w] += 1, out += 1, queued -= 1;
        }
    if (last_batch && queued == 0 && out == 0 && summed > 0)
      ship(summed);
  }
  for (sg::Line box : boxes)
    sg::post_note(box, bytes(run.command_bytes), {kStop, 0, 0});
  uplink_queue.push({kStop, 0, 0});
}

void launch_sub_cluster(FarmRun& run, size_t c, std::vector<Consumer>& consumers)
{
  size_t k              = run.workers[c].size();
  sg::Host* head        = run.heads[c];
  FarmWiring& wires     = *run.wiring;
  auto id               = static_cast<long long>(consumers.size());
  sg::LocalQueue& inbox = *wires.heads[c];
  consumers.push_back({open_line(inbox, fmt::format("farm:c{}:commands", c), head), c,
                       static_cast<long long>(k) * run.worker_prefetch + run.queue[c]});
  sg::Line results = open_line(wires.master, fmt::format("farm:master:from-c{}", c), run.heads[0]);
  sg::spawn(fmt::format("sub-master-{}", c), head, [&run, c] { sub_master(run, c); });
  sg::spawn(fmt::format("uplink-{}", c), head, [&run, c, results, id] { uplink(run, c, results, id); });
  for (size_t w = 0; w < k; ++w) {
    sg::Line line = open_line(inbox, fmt::format("farm:c{}:results-w{}", c, w), head);
    sg::spawn(fmt::format("worker-{}-{}", c, w), run.workers[c][w],
              [&run, box = wires.worker_boxes[c][w], line, w, row = row_of(run, c, w)] {
                worker(run, box, line, static_cast<long long>(w), row);
              });
  }
}

}  // namespace

void launch_farm(FarmRun& run)
{
  size_t n = run.heads.size();
  run.tasks_done.assign(n, 0);
  run.messages.assign(n, 0);
  run.uplink_busy.assign(n, 0);
  run.wiring = std::make_shared<FarmWiring>();
  for (size_t c = 0; c < n; ++c) {
    run.wiring->heads.push_back(std::make_unique<sg::LocalQueue>());
    run.wiring->uplinks.push_back(std::make_unique<sg::LocalQueue>());
    run.wiring->worker_boxes.emplace_back();
    for (size_t w = 0; w < run.workers[c].size(); ++w)
      run.wiring->worker_boxes.back().emplace_back(worker_box(c, w));
  }
  if (run.timeline)  // each worker a host of its cluster, each remote cluster's Internet link a link of it
    for (size_t c = 0; c < n; ++c) {
      std::string zone = c < run.cluster_names.size() ? run.cluster_names[c] : fmt::format("c{}", c);
      for (size_t w = 0; w < run.workers[c].size(); ++w)
        run.timeline->row("farm", row_of(run, c, w), zone, RowKind::Host);
      if (c > 0 && !run.workers[c].empty())
        run.timeline->row("farm", uplink_row(c), zone, RowKind::Link);
    }
  std::vector<Consumer> consumers;
  for (size_t w = 0; w < run.workers[0].size(); ++w) {
    auto id       = static_cast<long long>(consumers.size());
    sg::Line box  = run.wiring->worker_boxes[0][w];
    sg::Line line = open_line(run.wiring->master, fmt::format("farm:master:from-w{}", w), run.heads[0]);
    consumers.push_back({box, 0, run.worker_prefetch});
    sg::spawn(fmt::format("worker-0-{}", w), run.workers[0][w],
              [&run, box, line, id, row = row_of(run, 0, w)] { worker(run, box, line, id, row); });
  }
  for (size_t c = 1; c < n; ++c)
    if (!run.workers[c].empty())
      launch_sub_cluster(run, c, consumers);
  sg::spawn("master", run.heads[0], [&run, consumers] { master(run, consumers); });
}

}  // namespace isogrid::farm
