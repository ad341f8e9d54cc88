#include "workloads/gph/gum_skeleton.hpp"

#include "base/random.hpp"
#include "simulator/core/byte_count.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <unordered_map>

namespace isogrid::gph {

// Everything the actors of one run share. Message bodies stay here while their simulated bytes travel: a note
// carries the body's serial number.
struct GumWiring {
  std::vector<std::unique_ptr<PeCore>> cores;
  std::vector<std::unique_ptr<sg::LocalQueue>> inboxes;
  std::vector<sg::Line> mailboxes;
  std::vector<SeededRandom> random;
  std::unordered_map<std::uint64_t, Message> in_flight;
  std::uint64_t next_serial = 0;
  sg::LocalQueue done;
  std::unique_ptr<PeRecorder> recorder;  // when the run records a timeline
};

namespace {

void post(GumWiring& w, PeCore& core)
{
  for (Message& m : core.outbox()) {
    std::uint64_t serial = w.next_serial++;
    auto bytes           = truncated_bytes(m.bytes);
    size_t to            = m.to;
    sg::Note note{static_cast<int>(m.kind), static_cast<long long>(m.from), static_cast<long long>(serial)};
    w.in_flight.emplace(serial, std::move(m));
    sg::post_note(w.mailboxes[to], bytes, note);
  }
  core.outbox().clear();
}

void scheduler(GumRun& run, size_t pe)
{
  GumWiring& w = *run.wiring;
  PeCore& core = *w.cores[pe];
  auto& inbox  = *w.inboxes[pe];
  core.start(sg::now());
  post(w, core);
  while (!run.completed) {
    double wake = core.wake_time();
    std::optional<sg::Note> note;
    if (wake == std::numeric_limits<double>::infinity())
      note = inbox.pop();
    else
      note = inbox.pop_for(std::max(0.0, wake - sg::now()));
    if (note) {
      auto it   = w.in_flight.find(static_cast<std::uint64_t>(note->count));
      Message m = std::move(it->second);
      w.in_flight.erase(it);
      core.on_message(m, sg::now());
    } else {
      core.on_wake(sg::now());
    }
    post(w, core);
    if (core.finished() && !run.completed) {
      run.completed = true;
      run.makespan  = sg::now();
      w.done.push({});
    }
  }
}

}  // namespace

void launch_gum(GumRun& run)
{
  size_t pes = run.setup.topology->pes();
  if (run.hosts.size() != pes)
    throw std::invalid_argument(fmt::format("gph runtime: {} hosts for {} PEs", run.hosts.size(), pes));
  run.wiring   = std::make_shared<GumWiring>();
  GumWiring& w = *run.wiring;
  w.random.reserve(pes);
  if (run.timeline) {
    if (run.pe_names.size() != pes)
      throw std::invalid_argument(fmt::format("gph runtime: {} timeline rows for {} PEs", run.pe_names.size(), pes));
    w.recorder = std::make_unique<PeRecorder>(*run.timeline, run.pe_names, run.pe_zones);
  }
  for (size_t pe = 0; pe < pes; ++pe) {
    w.random.emplace_back(derive_seed(run.seed, pe, 0));
    SeededRandom* rng = &w.random.back();
    w.cores.push_back(std::make_unique<PeCore>(run.setup, pe, [rng] { return rng->next(); }));
    w.cores.back()->record_into(w.recorder.get());
    w.inboxes.push_back(std::make_unique<sg::LocalQueue>());
    w.mailboxes.emplace_back(fmt::format("gph:pe{}", pe));
  }
  for (size_t pe = 0; pe < pes; ++pe) {
    sg::relay(fmt::format("relay-gph:pe{}", pe), run.hosts[pe], w.mailboxes[pe], *w.inboxes[pe]);
    sg::spawn_daemon(fmt::format("pe{}", pe), run.hosts[pe], [&run, pe] { scheduler(run, pe); });
  }
  // The one ordinary actor: the simulation ends when it does, and the daemons with it.
  sg::spawn("gph-conductor", run.hosts[run.setup.main_pe], [&run] {
    GumWiring& w = *run.wiring;
    if (run.time_limit == std::numeric_limits<double>::infinity())
      w.done.pop();
    else
      w.done.pop_for(run.time_limit);
    if (w.recorder)
      w.recorder->finish(sg::now());
    for (auto& core : w.cores)
      run.statistics.push_back(core->statistics());
  });
}

}  // namespace isogrid::gph
