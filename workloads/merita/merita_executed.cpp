#include "workloads/merita/merita_executed.hpp"

#include "policies/loads/availability.hpp"
#include "simulator/core/timeline.hpp"
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

// What one stream's timeline shows (a timeline plot names the point): a row per application, its runs coloured by
// cluster (its phases on one cluster in a row joined into one bar), its waits, moves and killed runs; each batch
// queue's length under them, sampled at most every kLevelEvery simulated seconds (other users' jobs change it every
// few minutes for weeks). A panel per strategy.
class StreamRecorder {
public:
  static constexpr double kLevelEvery = 600;

  StreamRecorder(Timeline* timeline, std::string strategy, const Grid& grid, const std::vector<Submission>& submissions)
      : timeline_(timeline), strategy_(std::move(strategy)), grid_(grid)
  {
    for (const Submission& s : submissions)
      idle_since_.push_back(s.time);
    runs_.resize(submissions.size());
    last_queued_.assign(grid.clusters.size(), 0);
    last_level_.assign(grid.clusters.size(), -kLevelEvery);
  }

  // An application begins a phase at `t`: the time since it last ran is a wait (a queue's, a restart's).
  void begins(std::size_t i, std::size_t cluster, double t)
  {
    if (timeline_ && t > idle_since_[i]) {
      flush(i);
      timeline_->interval(strategy_, row(i), grid_.clusters[cluster].batch ? "queue wait" : "wait",
                          grid_.clusters[cluster].name, idle_since_[i], t);
    }
    idle_since_[i] = t;
  }
  void ran(std::size_t i, std::size_t cluster, double t0, double t, bool killed)
  {
    idle_since_[i] = t;
    if (!timeline_)
      return;
    Run& run = runs_[i];
    if (!killed && run.open && run.cluster == cluster && run.end == t0) {
      run.end = t;
      return;
    }
    flush(i);
    if (killed)
      timeline_->interval(strategy_, row(i), "killed", grid_.clusters[cluster].name, t0, t);
    else
      run = {true, cluster, t0, t};
  }
  void moved(std::size_t i, std::size_t from, std::size_t to, double t0, double t)
  {
    idle_since_[i] = t;
    if (!timeline_)
      return;
    flush(i);
    timeline_->interval(strategy_, row(i), "move",
                        from == to ? "within " + grid_.clusters[to].name
                                   : grid_.clusters[from].name + " > " + grid_.clusters[to].name,
                        t0, t);
  }
  // Each batch queue's length, when it has changed and the last sample is kLevelEvery old.
  void queues(const StreamCore& core, double t)
  {
    if (!timeline_)
      return;
    for (std::size_t c = 0; c < grid_.clusters.size(); ++c)
      if (grid_.clusters[c].batch && core.queued(c) != last_queued_[c] && t - last_level_[c] >= kLevelEvery) {
        last_queued_[c] = core.queued(c);
        last_level_[c]  = t;
        timeline_->level(strategy_, grid_.clusters[c].name, "jobs queued", t, static_cast<double>(last_queued_[c]));
      }
  }
  // The stream has ended: the runs still open are written.
  void finish()
  {
    for (std::size_t i = 0; i < runs_.size(); ++i)
      flush(i);
  }

private:
  struct Run {
    bool open           = false;
    std::size_t cluster = 0;
    double start = 0, end = 0;
  };

  static std::string row(std::size_t i) { return "run " + std::to_string(i + 1); }

  void flush(std::size_t i)
  {
    Run& run = runs_[i];
    if (run.open)
      timeline_->interval(strategy_, row(i), "run", grid_.clusters[run.cluster].name, run.start, run.end);
    run.open = false;
  }

  Timeline* timeline_;
  std::string strategy_;
  const Grid& grid_;
  std::vector<double> idle_since_;  // per application: when its last phase, move or kill ended (its submission)
  std::vector<Run> runs_;           // per application: its phases run in a row on one cluster, not yet written
  std::vector<std::size_t> last_queued_;
  std::vector<double> last_level_;
};

// Runs the core's phases and moves as actors on one copy of the grid, reporting their ends into `inbox`.
class ExecutedStream : public StreamExecution {
public:
  ExecutedStream(const Grid& grid, const StreamSettings& settings, std::vector<sg::BuiltCheckpointCluster> built,
                 std::string name, sg::LocalQueue& inbox, StreamRecorder& recorder)
      : grid_(grid), move_{settings.checkpoint_mb, settings.restart_s}, built_(std::move(built)),
        name_(std::move(name)), inbox_(inbox), recorder_(recorder)
  {
    for (const GridCluster& c : grid.clusters)
      busy_.emplace_back(c.processors, false);
  }

  std::optional<double> start_phase(const PhaseStart& p) override
  {
    recorder_.begins(p.application, p.cluster, sg::now());
    Running& run        = running_[p.application];
    run.hosts           = hosts_for(p.cluster, *p.machines, run.held);
    run.cluster         = p.cluster;
    run.active          = true;
    run.began           = sg::now();
    auto phases         = std::make_shared<scheduling::ModelSum>(p.app->interval(p.phase, p.phase + 1));
    std::size_t i       = p.application;
    std::uint64_t token = p.token;
    run.actor.emplace(name_ + "-app-" + std::to_string(i), built_[p.cluster].storage, [this, i, token, phases] {
      Running& r = running_[i];
      rescheduling::execute_phases(*phases, r.hosts);
      r.active = false;
      release(r);
      recorder_.ran(i, r.cluster, r.began, sg::now(), false);
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
    recorder_.ran(application, run.cluster, run.began, sg::now(), true);
  }

  std::optional<double> start_move(const MoveStart& m) override
  {
    auto from           = std::make_shared<std::vector<sg::Host*>>(machines(m.from, *m.from_machines));
    auto to             = std::make_shared<std::vector<sg::Host*>>(machines(m.to, *m.to_machines));
    sg::Host* s_from    = built_[m.from].storage;
    sg::Host* s_to      = built_[m.to].storage;
    std::size_t i       = m.application;
    std::uint64_t token = m.token;
    std::size_t a = m.from, b = m.to;
    sg::spawn(name_ + "-move-" + std::to_string(i), s_from, [this, i, token, from, to, s_from, s_to, a, b] {
      double t0 = sg::now();
      rescheduling::execute_move(move_, *from, s_from, s_to, *to);
      recorder_.moved(i, a, b, t0, sg::now());
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
    double began        = 0;
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
  StreamRecorder& recorder_;
  std::vector<std::vector<bool>> busy_;  // per batch cluster: hosts an application's job holds
  std::map<std::size_t, Running> running_;
};

// Steps the core to its next event, or takes the report of a phase or move that ends first.
void control(StreamCore& core, sg::LocalQueue& inbox, StreamRecorder& recorder)
{
  while (!core.done()) {
    recorder.queues(core, sg::now());
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
  std::vector<std::unique_ptr<StreamRecorder>> recorders;
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
    recorders.push_back(std::make_unique<StreamRecorder>(context.timeline, settings[k].strategy, grid, submissions));
    executions.push_back(
        std::make_unique<ExecutedStream>(grid, settings[k], std::move(built[k]), name, *inboxes[k], *recorders[k]));
    cores.push_back(std::make_unique<StreamCore>(grid, submissions, settings[k], seeds[k], *executions.back()));
    sg::spawn(name + "-controller", home,
              [&core = *cores.back(), &inbox = *inboxes[k], &recorder = *recorders[k], &result = out[k]] {
                control(core, inbox, recorder);
                recorder.finish();
                result = core.outcome();
              });
  }
  session.run();
  return out;
}

}  // namespace isogrid::merita
