#include "workloads/merita/merita_run.hpp"

#include "workloads/merita/stream_core.hpp"

#include "policies/batch/batch_queue_state.hpp"
#include "policies/batch/wait_predictor.hpp"
#include "policies/merita/metascheduler.hpp"
#include "policies/sensing/streaming_forecast.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <queue>
#include <stdexcept>
#include <tuple>

namespace isogrid::merita {

namespace {

constexpr uint64_t kApplicationId = 1000000000;  // an application's batch jobs are numbered from here
constexpr double kLowestCpu       = 1e-3;        // a forecast availability is kept in (0, 1], as a cluster state's
const std::vector<loads::AvailabilityTrace> kNoTraces;

// A batch cluster's queue and what feeds it: other users' jobs as their time comes, the applications' jobs as they
// are submitted; its wait predictor sees every start, as the batch queue monitor does.
struct BatchSide {
  BatchSide(batch::BatchQueueState q, const std::vector<batch::BatchJob>* jobs, std::unique_ptr<batch::WaitPredictor> p)
      : queue(std::move(q)), background(jobs), predictor(std::move(p))
  {
  }

  batch::BatchQueueState queue;
  const std::vector<batch::BatchJob>* background = nullptr;
  std::size_t next                               = 0;  // the next of other users' jobs to arrive
  std::unique_ptr<batch::WaitPredictor> predictor;
  std::vector<std::size_t> background_handles;
  std::map<std::size_t, std::size_t> application_of;  // an application's job handle -> the application

  double next_arrival() const { return next < background->size() ? (*background)[next].submit : kNever; }
  double next_event() const { return std::min(next_arrival(), queue.next_end()); }

  // Other users' jobs up to `t`, and the decision then.
  void arrive_until(double t)
  {
    queue.run_until(t);
    while (next < background->size() && (*background)[next].submit <= t)
      background_handles.push_back(queue.submit((*background)[next++]));
    queue.decide();
  }

  // The wait a job of `width` submitted now would have, knowing every job to come but the applications' own.
  double actual_wait(unsigned width, double requested) const
  {
    batch::BatchQueueState future = queue;
    std::size_t probe = future.submit({kApplicationId - 1, 0, width, requested, batch::kOpenEnded}), k = next;
    future.decide();
    while (!future.started(probe)) {
      double t = std::min(k < background->size() ? (*background)[k].submit : kNever, future.next_end());
      if (t == kNever)
        throw std::logic_error("a queue with nothing running and nothing to come leaves a job waiting");
      future.run_until(t);
      while (k < background->size() && (*background)[k].submit <= t)
        future.submit((*background)[k++]);
      future.decide();
    }
    return future.outcome(probe).start - queue.now();
  }
};

enum class Kind { Submit, Enter, PhaseEnd, Killed };

struct Event {
  double time;
  uint64_t sequence;  // ties in the order they were made: the run is the same on every machine
  Kind kind;
  std::size_t application, interval;
  uint64_t token;  // PhaseEnd and Killed: the phase they end (a stopped phase's are stale)
  bool operator>(const Event& o) const { return std::tie(time, sequence) > std::tie(o.time, o.sequence); }
};

struct Application {
  RunPlan plan;  // the present plan: its phases are counted from plan_start
  std::size_t plan_start = 0;
  std::size_t interval   = 0;  // the present interval of the plan
  std::size_t phase      = 0;  // the next phase to run
  double planned_at      = 0;
  double phase_began     = 0;
  std::vector<rescheduling::PhasedApplication> apps;     // per cluster: the whole run as it runs there
  std::vector<rescheduling::PhasedApplication> planned;  // per cluster: as the metascheduler predicts it
  bool holds_job         = false;
  std::size_t job        = 0;
  std::size_t job_on     = 0;
  double asked_at        = 0;  // when it asked to enter its present interval
  double requested_scale = 1;  // raised after a kill
  uint64_t token         = 0;  // of the present phase or move
  bool in_phase          = false;
  std::size_t moving_to  = 0;  // the interval a move in flight enters
  double move_began      = 0;
  scheduling::Schedule left;  // the machines a move in flight left
  ApplicationOutcome out;

  const rescheduling::MultiClusterInterval& present() const { return plan.plan.intervals[interval]; }
  std::size_t present_end() const { return plan_start + present().last; }
};

}  // namespace

class StreamCore::Stream {
public:
  Stream(const Grid& grid, const std::vector<Submission>& submissions, const StreamSettings& settings, uint64_t seed,
         StreamExecution& execution)
      : grid_(grid), submissions_(submissions), settings_(settings), seed_(seed),
        strategy_(strategies().get(settings.strategy)), execution_(execution)
  {
    check();
    const batch::QueuePolicy& policy = batch::queue_policies().get(settings.queue_policy);
    const auto& predictor            = batch::wait_predictors().get(settings.wait_predictor);
    for (const GridCluster& c : grid.clusters) {
      batch_.emplace_back(batch::BatchQueueState(c.processors, policy), &c.background, predictor());
      bandwidth_.emplace_back(static_cast<std::size_t>(c.processors) * c.processors, c.link_mbps);
    }
    forecasts_.resize(grid.clusters.size());
    if (!settings.load_forecaster.empty()) {
      const sensing::MakeForecaster& make = sensing::forecasters().get(settings.load_forecaster);
      for (std::size_t c = 0; c < grid.clusters.size(); ++c)
        for (const loads::AvailabilityTrace& trace : grid.clusters[c].batch ? kNoTraces : grid.clusters[c].cpu)
          forecasts_[c].emplace_back(trace, sensing::SensorSettings{}, make);
    }
    intra_ = settings.restart_s + 2 * settings.checkpoint_mb * 8 / settings.storage_mbps;
    for (std::size_t a = 0; a < grid.clusters.size(); ++a) {
      inter_.emplace_back(grid.clusters.size(), 0);
      for (std::size_t b = 0; b < grid.clusters.size(); ++b)
        inter_[a][b] = a == b ? intra_ : intra_ + settings.checkpoint_mb * 8 / grid.wan_mbps[a][b];
    }
    for (const GridCluster& c : grid.clusters)
      own_runs_.emplace_back(c.processors, 0);
    applications_.resize(submissions.size());
    for (std::size_t i = 0; i < submissions.size(); ++i)
      schedule(submissions[i].time, Kind::Submit, i, 0);
  }

  bool done() const { return done_ == submissions_.size(); }

  double next_time() const { return std::min(events_.empty() ? kNever : events_.top().time, next_queue_event().first); }

  void step()
  {
    double t_event       = events_.empty() ? kNever : events_.top().time;
    auto [t_queue, side] = next_queue_event();
    if (t_queue == kNever && t_event == kNever)
      throw std::logic_error("applications left unfinished with nothing to happen");
    if (t_queue <= t_event) {  // a queue's own event first: other users' jobs of this time are in before ours
      batch_[side].arrive_until(t_queue);
      starts(side);
      return;
    }
    Event e = events_.top();
    events_.pop();
    Application& a = applications_[e.application];
    if (e.kind == Kind::Submit)
      submit(e.application, e.time);
    else if (e.kind == Kind::Enter)
      enter(e.application, e.interval, e.time);
    else if (e.token != a.token || !a.in_phase)  // the phase ended before the kill fell due
      return;
    else if (e.kind == Kind::Killed)
      killed(e.application, e.time);
    else
      phase_end(e.application, e.time);
  }

  void phase_ended(std::size_t i, uint64_t token, double t)
  {
    Application& a = applications_[i];
    if (token == a.token && a.in_phase)
      phase_end(i, t);
  }

  void move_ended(std::size_t i, uint64_t token, double t)
  {
    Application& a = applications_[i];
    if (token != a.token)
      throw std::logic_error("a move reported twice, or one never started");
    a.token += 1;
    a.out.overhead += t - a.move_began;
    enter(i, a.moving_to, t);
  }

  std::size_t queued(std::size_t c) const { return grid_.clusters[c].batch ? batch_[c].queue.queued() : 0; }

  // Once done: the applications' outcomes and other users' waits.
  StreamOutcome outcome()
  {
    StreamOutcome out;
    double last = 0;
    for (const Application& a : applications_) {
      out.applications.push_back(a.out);
      last = std::max(last, a.out.end);
    }
    // Other users' jobs submitted while the applications ran, each followed to its end.
    std::vector<batch::BatchJob> jobs;
    std::vector<batch::JobOutcome> outcomes;
    unsigned processors = 0;
    for (std::size_t c = 0; c < batch_.size(); ++c) {
      if (!grid_.clusters[c].batch)
        continue;
      BatchSide& side = batch_[c];
      while (side.next_arrival() <= last)
        side.arrive_until(side.next_arrival());
      side.queue.run_until(kNever);
      processors += grid_.clusters[c].processors;
      for (std::size_t handle : side.background_handles) {
        jobs.push_back(side.queue.job(handle));
        outcomes.push_back(side.queue.outcome(handle));
      }
    }
    // Pooled over the batch clusters, in submission order.
    std::vector<std::size_t> order(jobs.size());
    for (std::size_t k = 0; k < order.size(); ++k)
      order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](auto x, auto y) { return jobs[x].submit < jobs[y].submit; });
    std::vector<batch::BatchJob> sorted_jobs;
    std::vector<batch::JobOutcome> sorted_outcomes;
    for (std::size_t k : order) {
      sorted_jobs.push_back(jobs[k]);
      sorted_outcomes.push_back(outcomes[k]);
    }
    if (processors > 0)
      out.other_users = batch::queue_statistics(sorted_jobs, sorted_outcomes, processors);
    return out;
  }

private:
  // The batch queues' next event and whose it is.
  std::pair<double, std::size_t> next_queue_event() const
  {
    std::size_t side = 0;
    for (std::size_t c = 1; c < batch_.size(); ++c)
      if (batch_[c].next_event() < batch_[side].next_event())
        side = c;
    return {batch_.empty() || !grid_.clusters[side].batch ? kNever : batch_[side].next_event(), side};
  }

  void check() const
  {
    std::size_t n = grid_.clusters.size();
    if (n == 0)
      throw std::invalid_argument("a grid needs at least one cluster");
    if (grid_.wan_mbps.size() != n)
      throw std::invalid_argument("the wide-area bandwidths need one row per cluster");
    for (const auto& row : grid_.wan_mbps)
      if (row.size() != n)
        throw std::invalid_argument("the wide-area bandwidths need one column per cluster");
    if (settings_.static_cluster >= n)
      throw std::invalid_argument("the static baseline's cluster is not in the grid");
    for (const Submission& s : submissions_) {
      if (!s.planned.empty() && s.planned.size() != n)
        throw std::invalid_argument("a submission's planned phases need one application per cluster");
      for (const rescheduling::PhasedApplication& planned : s.planned)
        if (planned.phases() != s.app.phases())
          throw std::invalid_argument("a submission's planned phases differ in number from its application's");
    }
    for (const GridCluster& c : grid_.clusters) {
      if (c.processors == 0)
        throw std::invalid_argument("cluster " + c.name + " has no processor");
      if (!c.cpu.empty() && c.cpu.size() != c.processors)
        throw std::invalid_argument("cluster " + c.name + " needs one CPU trace per machine");
    }
  }

  void schedule(double t, Kind kind, std::size_t application, std::size_t interval, uint64_t token = 0)
  {
    events_.push({t, sequence_++, kind, application, interval, token});
  }

  // The loads of cluster c at time t: its machines' available CPU, and its links.
  scheduling::ClusterState state(std::size_t c, double t) const
  {
    const GridCluster& cluster = grid_.clusters[c];
    std::vector<double> cpu(cluster.processors, 1.0);
    if (!cluster.batch)
      for (std::size_t m = 0; m < cluster.cpu.size(); ++m)
        cpu[m] = cluster.cpu[m].at(t);
    return scheduling::ClusterState(std::move(cpu), bandwidth_[c]);
  }

  // The loads of cluster c the metascheduler plans with at t: the present ones, or its sensors' forecasts.
  scheduling::ClusterState predicted_state(std::size_t c, double t)
  {
    if (forecasts_[c].empty())
      return state(c, t);
    std::vector<double> cpu;
    for (sensing::StreamingForecast& f : forecasts_[c])
      cpu.push_back(std::clamp(f.forecast(t), kLowestCpu, 1.0));
    return scheduling::ClusterState(std::move(cpu), bandwidth_[c]);
  }

  // Where the stream's own runs share machines, a sensor reads their load too: a new process would get 1 / (1 + k) of
  // what other users leave a machine that k of ours already run on.
  scheduling::ClusterState with_own_runs(std::size_t c, scheduling::ClusterState loads) const
  {
    if (!execution_.shares_machines() || grid_.clusters[c].batch)
      return loads;
    std::vector<double> cpu;
    for (std::size_t m = 0; m < grid_.clusters[c].processors; ++m)
      cpu.push_back(loads.cpu(m) / (1 + own_runs_[c][m]));
    return scheduling::ClusterState(std::move(cpu), bandwidth_[c]);
  }

  // Our processes on the machines of the application's present phase come (+1) or go (-1).
  void occupy(const Application& a, int change)
  {
    const rescheduling::MultiClusterInterval& here = a.present();
    if (!grid_.clusters[here.cluster].batch)
      for (std::size_t m : here.schedule)
        own_runs_[here.cluster][m] += change;
  }

  // What the metascheduler sees at t of the phases left from `from`, the run holding `running` when it is rebuilt.
  RunPlan plan(std::size_t i, double t, std::size_t from, std::optional<rescheduling::Placement> running)
  {
    Application& a = applications_[i];
    SubmissionView view;
    view.t_thres                  = settings_.t_thres;
    view.intra_cost               = intra_;
    view.inter_cost               = inter_;
    view.requested_over_predicted = settings_.requested_over_predicted;
    view.static_cluster           = settings_.static_cluster;
    view.static_processors        = settings_.static_processors;
    view.seed                     = SeedStream(seed_).nth(i).nth(from).seed();
    view.running                  = std::move(running);
    for (std::size_t c = 0; c < grid_.clusters.size(); ++c) {
      ClusterView cluster{a.planned[c].tail(from),
                          with_own_runs(c, predicted_state(c, t)),
                          grid_.clusters[c].batch,
                          {},
                          {},
                          std::nullopt,
                          std::nullopt};
      if (!submissions_[i].planned.empty())
        cluster.actual_app = a.apps[c].tail(from);
      if (!forecasts_[c].empty())
        cluster.actual_state = with_own_runs(c, state(c, t));
      if (cluster.batch) {
        BatchSide& side = batch_[c];
        side.queue.run_until(t);
        cluster.predicted_wait = [&side](unsigned width, double requested) {
          return side.predictor->predict({0, side.queue.now(), width, requested, requested}, side.queue.view());
        };
        cluster.actual_wait = [&side](unsigned width, double requested) { return side.actual_wait(width, requested); };
      }
      view.clusters.push_back(std::move(cluster));
    }
    return strategy_(view);
  }

  void adopt(Application& a, RunPlan plan, std::size_t from, double t)
  {
    a.plan       = std::move(plan);
    a.plan_start = from;
    a.interval   = 0;
    a.planned_at = t;
  }

  void submit(std::size_t i, double t)
  {
    Application& a = applications_[i];
    for (const GridCluster& cluster : grid_.clusters)
      a.apps.push_back(submissions_[i].app.scaled(cluster.cpu_factor));
    a.planned = submissions_[i].planned.empty() ? a.apps : submissions_[i].planned;
    adopt(a, plan(i, t, 0, std::nullopt), 0, t);
    a.out.submit           = t;
    a.out.first_cluster    = a.present().cluster;
    a.out.started_on_batch = grid_.clusters[a.out.first_cluster].batch;
    a.out.predicted_wait   = a.plan.entry_cost.empty() ? 0 : a.plan.entry_cost[a.out.first_cluster];
    for (const auto& interval : a.plan.plan.intervals)
      a.out.predicted_run += interval.time;
    enter(i, 0, t);
  }

  // The interval's batch job asks for the time of every interval it will run without a restart.
  double requested_for(const Application& a, std::size_t k) const
  {
    const auto& intervals = a.plan.plan.intervals;
    double predicted      = intervals[k].time;
    for (std::size_t j = k + 1; j < intervals.size() && intervals[j].move == rescheduling::Move::Stay; ++j)
      predicted += intervals[j].time;
    return std::max(1.0, predicted * settings_.requested_over_predicted * a.requested_scale);
  }

  void enter(std::size_t i, std::size_t k, double t)
  {
    Application& a = applications_[i];
    a.interval     = k;
    a.asked_at     = t;
    std::size_t c  = a.present().cluster;
    if (!grid_.clusters[c].batch || (a.holds_job && a.job_on == c)) {
      run_phase(i, t);
      return;
    }
    BatchSide& side = batch_[c];
    side.queue.run_until(t);
    unsigned width = static_cast<unsigned>(a.present().schedule.size());
    a.job          = side.queue.submit({kApplicationId + i, t, width, requested_for(a, k), batch::kOpenEnded});
    a.job_on       = c;
    side.application_of[a.job] = i;
    side.queue.decide();
    starts(c);
  }

  // Every job the queue of cluster c has started since last asked: its predictor learns the wait, and an
  // application's interval begins.
  void starts(std::size_t c)
  {
    BatchSide& side = batch_[c];
    for (std::size_t handle : side.queue.take_started()) {
      const batch::JobOutcome& o = side.queue.outcome(handle);
      side.predictor->observe_start(o.width, o.wait());
      auto owner = side.application_of.find(handle);
      if (owner == side.application_of.end())
        continue;
      std::size_t i = owner->second;
      side.application_of.erase(owner);
      Application& a = applications_[i];
      a.holds_job    = true;
      a.out.waited += o.start - a.asked_at;
      if (a.phase == 0 && a.out.killed == 0)
        a.out.first_wait = o.start - a.asked_at;
      run_phase(i, o.start);
    }
  }

  // The next phase, under the loads its machines have as it begins; on a batch cluster the queue kills the job at
  // its requested time, and the phase then starts again from the checkpoint.
  void run_phase(std::size_t i, double t0)
  {
    Application& a                                 = applications_[i];
    const rescheduling::MultiClusterInterval& here = a.present();
    const rescheduling::PhasedApplication& app     = a.apps[here.cluster];
    PhaseStart start{i, ++a.token, here.cluster, &here.schedule, &app, a.phase, t0, 0};
    start.priced_end =
        t0 + app.interval(a.phase, a.phase + 1).time(scheduling::traits_of(state(here.cluster, t0), here.schedule));
    a.phase_began = t0;
    a.in_phase    = true;
    occupy(a, +1);
    std::optional<double> t       = execution_.start_phase(start);
    std::optional<double> kill_at = std::nullopt;
    if (grid_.clusters[here.cluster].batch)
      kill_at = batch_[here.cluster].queue.outcome(a.job).start + batch_[here.cluster].queue.job(a.job).requested;
    if (kill_at && (!t || *t > *kill_at))  // a phase the shell runs may end first: the kill is then stale
      schedule(*kill_at, Kind::Killed, i, 0, a.token);
    else if (t)
      schedule(*t, Kind::PhaseEnd, i, 0, a.token);
  }

  void account(Application& a, double t)
  {
    double width = static_cast<double>(a.present().schedule.size());
    a.out.ran += t - a.phase_began;
    a.out.processor_hours += width * (t - a.phase_began) / 3600;
  }

  void killed(std::size_t i, double t)
  {
    Application& a = applications_[i];
    execution_.stop_phase(i);
    a.in_phase = false;
    occupy(a, -1);
    account(a, t);
    a.out.killed += 1;
    a.holds_job = false;  // the queue has ended the job itself
    a.requested_scale *= 2;
    a.out.overhead += settings_.restart_s;
    schedule(t + settings_.restart_s, Kind::Enter, i, a.interval);
  }

  // Stops the run where it is (`from`: after a rebuild, no longer the plan's) and moves it (a reschedule or a move)
  // into interval k of its plan.
  void move(std::size_t i, std::size_t k, double t, const rescheduling::Placement& here)
  {
    Application& a   = applications_[i];
    const auto& next = a.plan.plan.intervals[k];
    std::size_t from = here.cluster;
    a.left           = here.schedule;
    MoveStart start{i, ++a.token, from, next.cluster, &a.left, &next.schedule, t, 0};
    start.priced_cost = next.move == rescheduling::Move::ToCluster ? inter_[from][next.cluster] : intra_;
    a.out.moves += 1;
    a.moving_to  = k;
    a.move_began = t;
    release(a, t);
    if (std::optional<double> cost = execution_.start_move(start)) {
      a.out.overhead += *cost;
      schedule(t + *cost, Kind::Enter, i, k);
    }
  }

  void release(Application& a, double t)
  {
    if (!a.holds_job)
      return;
    BatchSide& side = batch_[a.job_on];
    side.queue.run_until(t);
    if (side.queue.running(a.job))  // a run ending exactly at its requested time has been ended by the queue
      side.queue.finish(a.job);
    side.queue.decide();
    a.holds_job = false;
    starts(a.job_on);
  }

  void phase_end(std::size_t i, double t)
  {
    Application& a = applications_[i];
    a.in_phase     = false;
    occupy(a, -1);
    account(a, t);
    a.phase += 1;
    if (a.phase == a.apps.front().phases()) {
      a.out.end = t;
      release(a, t);
      done_ += 1;
      return;
    }
    if (a.plan.rebuilt && t - a.planned_at >= settings_.rebuild_s) {
      // MerITA rebuilds its plan from the present loads and waits; the run stays, or stops and moves.
      rescheduling::Placement running{a.present().cluster, a.present().schedule};
      adopt(a, plan(i, t, a.phase, running), a.phase, t);
      if (a.present().move == rescheduling::Move::Stay)
        run_phase(i, t);
      else
        move(i, 0, t, running);
      return;
    }
    if (a.phase < a.present_end()) {
      run_phase(i, t);
      return;
    }
    std::size_t k = a.interval + 1;
    if (a.plan.plan.intervals[k].move == rescheduling::Move::Stay) {
      a.interval = k;
      run_phase(i, t);
    } else {
      move(i, k, t, {a.present().cluster, a.present().schedule});
    }
  }

  const Grid& grid_;
  const std::vector<Submission>& submissions_;
  const StreamSettings& settings_;
  uint64_t seed_;
  const Strategy& strategy_;
  StreamExecution& execution_;
  std::size_t done_ = 0;
  std::vector<BatchSide> batch_;  // one per cluster; only a batch cluster's is used
  std::vector<std::vector<double>> bandwidth_;
  std::vector<std::vector<sensing::StreamingForecast>> forecasts_;  // per cluster, per machine (none: present loads)
  double intra_ = 0;
  std::vector<std::vector<double>> inter_;
  std::vector<Application> applications_;
  std::vector<std::vector<int>> own_runs_;  // per cluster, per machine: our processes running there
  std::priority_queue<Event, std::vector<Event>, std::greater<>> events_;
  uint64_t sequence_ = 0;
};

StreamCore::StreamCore(const Grid& grid, const std::vector<Submission>& submissions, const StreamSettings& settings,
                       std::uint64_t seed, StreamExecution& execution)
    : stream_(std::make_unique<Stream>(grid, submissions, settings, seed, execution))
{
}

StreamCore::~StreamCore() = default;

bool StreamCore::done() const { return stream_->done(); }
double StreamCore::next_time() const { return stream_->next_time(); }
void StreamCore::step() { stream_->step(); }
void StreamCore::phase_ended(std::size_t application, std::uint64_t token, double t)
{
  stream_->phase_ended(application, token, t);
}
void StreamCore::move_ended(std::size_t application, std::uint64_t token, double t)
{
  stream_->move_ended(application, token, t);
}
std::size_t StreamCore::queued(std::size_t cluster) const { return stream_->queued(cluster); }
StreamOutcome StreamCore::outcome() { return stream_->outcome(); }

StreamOutcome run_stream(const Grid& grid, const std::vector<Submission>& submissions, const StreamSettings& settings,
                         std::uint64_t seed)
{
  PricedExecution priced;
  StreamCore core(grid, submissions, settings, seed, priced);
  while (!core.done())
    core.step();
  return core.outcome();
}

}  // namespace isogrid::merita
