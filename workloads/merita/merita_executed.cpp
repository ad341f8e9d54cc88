#include "workloads/merita/merita_executed.hpp"

#include "policies/loads/availability.hpp"
#include "simulator/sg/checkpoint_platform.hpp"
#include "simulator/sg/messaging.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/merita/stream_core.hpp"
#include "workloads/rescheduling/executed_phases.hpp"

#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace isogrid::merita {

namespace {

enum NoteKind : int { kPhaseEnded = 1, kMoveEnded = 2 };

// One stream's copy of the grid on SimGrid.
sg::CheckpointGridSpec platform_of(const Grid& grid, const StreamSettings& settings)
{
  sg::CheckpointGridSpec spec;
  for (const GridCluster& c : grid.clusters) {
    sg::CheckpointClusterSpec cluster;
    cluster.speeds.assign(c.processors, rescheduling::kReferenceFlops);
    for (const loads::AvailabilityTrace& trace : c.batch ? std::vector<loads::AvailabilityTrace>{} : c.cpu)
      cluster.speed_profiles.push_back(loads::profile_text(trace));
    // Any two machines may be neighbours in some ring: every pair gets its link.
    for (std::size_t a = 0; a < c.processors; ++a)
      for (std::size_t b = a + 1; b < c.processors; ++b)
        cluster.pairs.push_back({a, b, rescheduling::bytes_of_mbit(c.link_mbps), {}});
    cluster.storage_bandwidth = rescheduling::bytes_of_mbit(settings.storage_mbps);
    spec.clusters.push_back(std::move(cluster));
  }
  for (std::size_t a = 0; a < grid.clusters.size(); ++a)
    for (std::size_t b = a + 1; b < grid.clusters.size(); ++b)
      spec.wide_area.push_back({a, b, rescheduling::bytes_of_mbit(grid.wan_mbps[a][b])});
  return spec;
}

// Runs the core's phases and moves as actors on one copy of the grid, reporting their ends into `inbox`.
class ExecutedStream : public StreamExecution {
public:
  ExecutedStream(const Grid& grid, const StreamSettings& settings, std::vector<sg::BuiltCheckpointCluster> built,
                 std::string name, sg::LocalQueue& inbox)
      : grid_(grid), move_{settings.checkpoint_mb, settings.restart_s}, built_(std::move(built)),
        name_(std::move(name)), inbox_(inbox)
  {
    for (const GridCluster& c : grid.clusters)
      busy_.emplace_back(c.processors, false);
  }

  std::optional<double> start_phase(const PhaseStart& p) override
  {
    Running& run        = running_[p.application];
    run.hosts           = hosts_for(p.cluster, *p.machines, run.held);
    run.cluster         = p.cluster;
    run.active          = true;
    auto phases         = std::make_shared<scheduling::ModelSum>(p.app->interval(p.phase, p.phase + 1));
    std::size_t i       = p.application;
    std::uint64_t token = p.token;
    run.actor.emplace(name_ + "-app-" + std::to_string(i), built_[p.cluster].storage, [this, i, token, phases] {
      Running& r = running_[i];
      rescheduling::execute_phases(*phases, r.hosts);
      r.active = false;
      release(r);
      inbox_.push({kPhaseEnded, static_cast<long long>(i), static_cast<long long>(token)});
    });
    return std::nullopt;
  }

  void stop_phase(std::size_t application) override
  {
    Running& run = running_.at(application);
    if (!run.active)  // it ended at the very time of the kill, its report not yet taken: the kill wins
      return;
    run.actor->kill();
    run.active = false;
    release(run);
  }

  std::optional<double> start_move(const MoveStart& m) override
  {
    auto from           = std::make_shared<std::vector<sg::Host*>>(machines(m.from, *m.from_machines));
    auto to             = std::make_shared<std::vector<sg::Host*>>(machines(m.to, *m.to_machines));
    sg::Host* s_from    = built_[m.from].storage;
    sg::Host* s_to      = built_[m.to].storage;
    std::size_t i       = m.application;
    std::uint64_t token = m.token;
    sg::spawn(name_ + "-move-" + std::to_string(i), s_from, [this, i, token, from, to, s_from, s_to] {
      rescheduling::execute_move(move_, *from, s_from, s_to, *to);
      inbox_.push({kMoveEnded, static_cast<long long>(i), static_cast<long long>(token)});
    });
    return std::nullopt;
  }

  bool shares_machines() const override { return true; }

private:
  struct Running {
    std::vector<sg::Host*> hosts;
    std::vector<std::size_t> held;  // a batch cluster's hosts it holds
    std::size_t cluster = 0;
    bool active         = false;
    std::optional<sg::StoppableActor> actor;
  };

  std::vector<sg::Host*> machines(std::size_t cluster, const scheduling::Schedule& schedule) const
  {
    std::vector<sg::Host*> hosts;
    for (std::size_t m : schedule)
      hosts.push_back(built_[cluster].hosts.at(m));
    return hosts;
  }

  // An interactive cluster's machines are the schedule's (shared with whoever else runs there); a batch cluster
  // gives the job free hosts of its own, the lowest numbered.
  std::vector<sg::Host*> hosts_for(std::size_t cluster, const scheduling::Schedule& schedule,
                                   std::vector<std::size_t>& held)
  {
    if (!grid_.clusters[cluster].batch)
      return machines(cluster, schedule);
    std::vector<bool>& busy = busy_[cluster];
    std::vector<sg::Host*> hosts;
    for (std::size_t h = 0; h < busy.size() && held.size() < schedule.size(); ++h)
      if (!busy[h]) {
        busy[h] = true;
        held.push_back(h);
        hosts.push_back(built_[cluster].hosts[h]);
      }
    if (held.size() < schedule.size())
      throw std::logic_error("a batch cluster's queue started more than its hosts");
    return hosts;
  }

  void release(Running& run)
  {
    for (std::size_t h : run.held)
      busy_[run.cluster][h] = false;
    run.held.clear();
  }

  const Grid& grid_;
  rescheduling::CheckpointMove move_;
  std::vector<sg::BuiltCheckpointCluster> built_;
  std::string name_;
  sg::LocalQueue& inbox_;
  std::vector<std::vector<bool>> busy_;  // per batch cluster: hosts an application's job holds
  std::map<std::size_t, Running> running_;
};

// Steps the core to its next event, or takes the report of a phase or move that ends first.
void control(StreamCore& core, sg::LocalQueue& inbox)
{
  while (!core.done()) {
    double next = core.next_time();
    std::optional<sg::Note> note;
    if (next == kNever)
      note = inbox.pop();
    else if (next > sg::now())
      note = inbox.pop_for(next - sg::now());
    if (!note) {
      core.step();
      continue;
    }
    auto i     = static_cast<std::size_t>(note->from);
    auto token = static_cast<std::uint64_t>(note->count);
    if (note->kind == kPhaseEnded)
      core.phase_ended(i, token, sg::now());
    else
      core.move_ended(i, token, sg::now());
  }
}

}  // namespace

std::vector<StreamOutcome> execute_streams(const Grid& grid, const std::vector<Submission>& submissions,
                                           const std::vector<StreamSettings>& settings,
                                           const std::vector<std::uint64_t>& seeds, const SimulationContext& context)
{
  if (seeds.size() != settings.size())
    throw std::invalid_argument("execute_streams needs one seed per stream");
  sg::Session session(context.simgrid_config, context.simgrid_logs);  // first: the inboxes need its engine
  std::vector<std::unique_ptr<sg::LocalQueue>> inboxes;
  std::vector<std::unique_ptr<ExecutedStream>> executions;
  std::vector<std::unique_ptr<StreamCore>> cores;
  std::vector<sg::CheckpointGridSpec> specs;
  for (const StreamSettings& s : settings)
    specs.push_back(platform_of(grid, s));
  std::vector<std::vector<sg::BuiltCheckpointCluster>> built = sg::build_checkpoint_grids(specs);
  std::vector<StreamOutcome> out(settings.size());
  for (std::size_t k = 0; k < settings.size(); ++k) {
    std::string name = "stream-" + std::to_string(k);
    sg::Host* home   = built[k].front().storage;
    inboxes.push_back(std::make_unique<sg::LocalQueue>());
    executions.push_back(std::make_unique<ExecutedStream>(grid, settings[k], std::move(built[k]), name, *inboxes[k]));
    cores.push_back(std::make_unique<StreamCore>(grid, submissions, settings[k], seeds[k], *executions.back()));
    sg::spawn(name + "-controller", home, [&core = *cores.back(), &inbox = *inboxes[k], &result = out[k]] {
      control(core, inbox);
      result = core.outcome();
    });
  }
  session.run();
  return out;
}

}  // namespace isogrid::merita
