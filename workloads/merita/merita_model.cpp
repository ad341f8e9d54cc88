// MerITA and its baselines on one stream: the grid, the applications, other users' jobs and the interactive loads
// are drawn once per point, and every strategy runs on them.
#include "workloads/merita/merita_model.hpp"

#include "policies/batch/batch_queue.hpp"
#include "policies/batch/job_stream.hpp"
#include "policies/batch/wait_predictor.hpp"
#include "policies/loads/generators.hpp"
#include "policies/merita/metascheduler.hpp"
#include "policies/rescheduling/phased_applications.hpp"
#include "policies/sensing/forecasters.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/batch/background_stream.hpp"
#include "workloads/merita/merita_executed.hpp"
#include "workloads/merita/merita_run.hpp"
#include "workloads/merita/merita_training.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace isogrid::merita {

using Params  = MeritaParams;
using Metrics = MeritaMetrics;

namespace {

constexpr double kHour = 3600;

std::vector<std::string> forecast_choices()
{
  std::vector<std::string> choices = {"present"};
  for (const std::string& name : sensing::forecasters().names())
    choices.push_back(name);
  return choices;
}

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("merita",
             "MerITA (Sanjay ch. 6) against its baselines on one stream of phased applications over interactive and "
             "batch-queued clusters: turnaround, waits, rescheduling, predictions, other users' waits",
             "H. A. Sanjay, PhD thesis (IISc 2008), chapter 6");
  s.param("grid", &Params::grid,
          "section-6.7: a 32-processor non-dedicated cluster, 16- and 48-processor batch clusters (Sec. 6.7); drawn: "
          "`clusters` clusters of 16-64 processors, each batch with probability batch_share")
      .choices({"section-6.7", "drawn"})
      .label("grid");
  s.param("clusters", &Params::clusters, "a drawn grid's clusters")
      .at_least(2)
      .at_most(10)
      .label("clusters")
      .unitless();
  s.param("batch_share", &Params::batch_share, "a drawn cluster's chance of being a batch cluster")
      .non_negative()
      .at_most(1)
      .label("batch share")
      .unitless();
  s.param("cpu_factors", &Params::cpu_factors,
          "section-6.7: each cluster's computation time over the first's (the thesis gives no speeds: alike)")
      .positive()
      .label("CPU factors")
      .unitless();
  s.param("link_mbps", &Params::link_mbps, "a cluster's links").positive().unit("Mbit/s").label("cluster links");
  s.param("wan_mbps", &Params::wan_mbps, "the wide-area links between clusters (a drawn grid: U(0.5, 2) times this)")
      .positive()
      .unit("Mbit/s")
      .label("wide-area links");
  s.param("application", &Params::application, "the phased application every submission runs")
      .choices(rescheduling::phased_applications().names())
      .label("application");
  s.param("models", &Params::models,
          "what the metascheduler predicts the phases with: exact (the phases' own models, scaled to each cluster) "
          "or learned (the chapter 3 modeller's, from executions recorded on the first loaded interactive cluster "
          "and ported to the others by Eq. 3.9; the oracle still knows the phases)")
      .choices({"exact", "learned"})
      .label("performance models");
  s.param("training_runs", &Params::training_runs,
          "learned: the executions in the modeller's database when the stream begins, on 1, 2, 4 and 8 processors "
          "in turn (the thesis's base number: 30)")
      .at_least(12)
      .at_most(1000)
      .label("recorded executions")
      .unitless();
  s.param("submissions", &Params::submissions, "applications the user submits")
      .at_least(1)
      .at_most(10000)
      .label("submissions")
      .unitless();
  s.param("mean_gap_h", &Params::mean_gap_h, "mean time between submissions (exponential gaps)")
      .positive()
      .unit("h")
      .label("mean gap between submissions");
  s.param("strategies", &Params::strategies, "the metaschedulers run on the stream")
      .policy(strategies())
      .label("strategies");
  s.param("queue_policy", &Params::queue_policy, "every batch cluster's queue policy")
      .policy(batch::queue_policies())
      .label("queue policy");
  s.param("wait_predictor", &Params::wait_predictor, "the batch queue monitor's predictor")
      .policy(batch::wait_predictors())
      .label("wait predictor");
  s.param("background_trace", &Params::background_trace,
          "other users' jobs on every batch cluster: an SWF trace, widths scaled to each cluster; empty: a "
          "Lublin-Feitelson stream per cluster")
      .file()
      .label("background trace");
  s.param("batch_load", &Params::batch_load, "the load other users' jobs offer each batch cluster")
      .positive()
      .at_most(10)
      .label("batch load")
      .unitless();
  s.param("background_requested", &Params::background_requested,
          "other users' requested time over their run time, where their stream gives none")
      .at_least(1)
      .label("others' requested / run time")
      .unitless();
  s.param("cpu_load", &Params::cpu_load, "the interactive clusters' machines' background CPU load")
      .choices(loads::load_generator_names(loads::LoadTarget::Cpu))
      .label("interactive CPU load");
  s.param("load_forecast", &Params::load_forecast,
          "the interactive clusters' loads the strategies plan with: present (each machine's availability at the "
          "moment of planning) or a forecaster's NWS-style forecast from 2-minute samples in 10-minute windows (Sec. "
          "6.3; adaptive is NWS's); the oracle plans with the present")
      .choices(forecast_choices())
      .label("load forecast");
  s.param("t_thres", &Params::t_thres, "a rescheduling interval lasts longer")
      .positive()
      .unit("s")
      .label("interval threshold");
  s.param("restart", &Params::restart, "relaunching an application's processes")
      .non_negative()
      .unit("s")
      .label("restart time");
  s.param("checkpoint_mb", &Params::checkpoint_mb, "an application's checkpoint")
      .non_negative()
      .unit("MB")
      .label("checkpoint size");
  s.param("storage_mbps", &Params::storage_mbps, "each cluster's storage host's link")
      .positive()
      .unit("Mbit/s")
      .label("storage link");
  s.param("requested_over_predicted", &Params::requested_over_predicted,
          "an application's batch job asks for its predicted time times this")
      .at_least(1)
      .label("requested / predicted time")
      .unitless();
  s.param("rebuild_h", &Params::rebuild_h,
          "MerITA rebuilds its plan at the first phase end this long after the last build (the thesis: "
          "'periodically', no period given)")
      .positive()
      .unit("h")
      .label("rebuild period");
  s.param("static_processors", &Params::static_processors, "the static baseline's processors on the first cluster")
      .at_least(1)
      .label("static processors")
      .unitless();

  s.metric_rows(
      &Metrics::strategies, strategies().names(),
      std::vector<RowMetric<StrategyMetrics>>{
          {"turnaround_h_{}", &StrategyMetrics::turnaround_h, "{}: mean submission to end of an application", "h",
           "turnaround, {}"},
          {"wait_h_{}", &StrategyMetrics::wait_h, "{}: mean time in batch queues, restarts included", "h",
           "queue wait, {}"},
          {"run_h_{}", &StrategyMetrics::run_h, "{}: mean time computing and communicating", "h", "run time, {}"},
          {"overhead_h_{}", &StrategyMetrics::overhead_h, "{}: mean time stopping, moving and restarting", "h",
           "overhead, {}"},
          {"moves_{}", &StrategyMetrics::moves, "{}: mean reschedules and moves per application", "unitless",
           "moves, {}"},
          {"processor_hours_{}", &StrategyMetrics::processor_hours, "{}: mean processor-hours per application", "h",
           "processor-hours, {}"},
          {"killed_{}", &StrategyMetrics::killed, "{}: batch jobs killed at their requested time, per application",
           "unitless", "jobs killed, {}"},
          {"run_error_{}", &StrategyMetrics::run_error,
           "{}: mean |predicted - executed| / executed run time of an application", "%", "run-time error, {}"},
          {"wait_error_h_{}", &StrategyMetrics::wait_error_h,
           "{}: mean |predicted - actual| first wait of the applications that started on a batch cluster", "h",
           "wait error, {}"},
          {"other_wait_h_{}", &StrategyMetrics::other_wait_h,
           "{}: other users' mean wait on the batch clusters while the stream ran", "h", "others' wait, {}"},
          {"other_slowdown_{}", &StrategyMetrics::other_slowdown, "{}: other users' mean bounded slowdown", "unitless",
           "others' slowdown, {}"},
      });
  s.metric("batch_clusters", &Metrics::batch_clusters, "batch clusters in the grid").label("batch clusters").unitless();
  s.metric("processors", &Metrics::processors, "processors in the grid").label("processors").unitless();
  s.metric("background_jobs", &Metrics::background_jobs,
           "other users' jobs drawn for the batch clusters, until 30 days after the last submission")
      .label("others' jobs")
      .unitless();
  s.primary("turnaround_h_merita");
  s.faces(true, true);
  s.simgrid(sg::exact_network_config());  // bytes / bandwidth exactly: a lone run takes what the predicted face prices
}

struct Drawn {
  Grid grid;
  std::vector<Submission> submissions;
  double horizon = 0;
  uint64_t seed  = 0;  // the point's: each strategy's Box Elimination draws from it
};

// Other users' jobs on batch cluster c up to `horizon`: the trace, or a Lublin-Feitelson stream long enough.
std::vector<batch::BatchJob> background(const Params& p, const GridCluster& cluster, double horizon, uint64_t seed)
{
  batch_cluster::BatchClusterParams b;
  b.trace              = p.background_trace;
  b.processors         = cluster.processors;
  b.offered_load       = p.batch_load;
  b.requested_over_run = p.background_requested;
  b.max_jobs           = 10000000;
  // A Lublin-Feitelson stream offers about 0.45 of 128 processors with a job every 527 s: enough jobs to cover the
  // horizon at the load asked, with room.
  double per_second                 = p.batch_load / 0.45 * (cluster.processors / 128.0) / 527.0;
  b.jobs                            = std::max<long long>(100, static_cast<long long>(2 * horizon * per_second) + 100);
  std::vector<batch::BatchJob> jobs = batch_cluster::background_stream(b, seed).jobs;
  double offset                     = 0;
  if (!p.background_trace.empty() && !jobs.empty()) {
    // A trace longer than the stream: each repetition meets another part of it, from a random offset.
    SeededRandom random = SeedStream(seed).child("trace offset").random();
    offset = batch::random_offset(jobs.back().submit - jobs.front().submit - horizon, random) + jobs.front().submit;
  }
  std::vector<batch::BatchJob> kept;
  for (batch::BatchJob j : jobs)
    if (j.submit >= offset && j.submit - offset <= horizon) {
      j.submit -= offset;
      kept.push_back(j);
    }
  return kept;
}

Drawn draw(const Params& p, uint64_t seed)
{
  SeedStream root(seed);
  Drawn d;
  d.seed            = seed;
  SeededRandom gaps = root.child("submissions").random();
  const auto& app   = rescheduling::phased_applications().get(p.application);
  double t          = 0;
  for (long long k = 0; k < p.submissions; ++k) {
    t += -std::log(1 - gaps.uniform()) * p.mean_gap_h * kHour;
    d.submissions.push_back({t, app, {}});
  }
  d.horizon = t + 30 * 24 * kHour;  // room for the last application to run
  if (p.grid == "section-6.7") {
    d.grid.clusters = {{"IISc-AMD", 32, p.cpu_factors[0], p.link_mbps, false, {}, {}},
                       {"IISc-LoadLeveler", 16, p.cpu_factors[1], p.link_mbps, true, {}, {}},
                       {"CDAC-LoadLeveler", 48, p.cpu_factors[2], p.link_mbps, true, {}, {}}};
    d.grid.wan_mbps.assign(3, std::vector<double>(3, p.wan_mbps));
  } else {
    SeededRandom r = root.child("grid").random();
    for (long long c = 0; c < p.clusters; ++c)
      d.grid.clusters.push_back({fmt::format("c{}", c),
                                 static_cast<unsigned>(16 + r.below(49)),
                                 r.uniform(0.7, 1.4),
                                 p.link_mbps,
                                 r.uniform() < p.batch_share,
                                 {},
                                 {}});
    d.grid.wan_mbps.assign(d.grid.clusters.size(), std::vector<double>(d.grid.clusters.size(), 0));
    for (std::size_t a = 0; a < d.grid.clusters.size(); ++a)
      for (std::size_t b = a + 1; b < d.grid.clusters.size(); ++b)
        d.grid.wan_mbps[a][b] = d.grid.wan_mbps[b][a] = p.wan_mbps * r.uniform(0.5, 2);
  }
  const loads::LoadGenerator& cpu = loads::load_generators().get(p.cpu_load);
  for (std::size_t c = 0; c < d.grid.clusters.size(); ++c) {
    GridCluster& cluster = d.grid.clusters[c];
    if (cluster.batch) {
      cluster.background = background(p, cluster, d.horizon, root.child("background").nth(c).seed());
      continue;
    }
    for (unsigned m = 0; m < cluster.processors; ++m) {
      SeededRandom r = root.child("cpu load").nth(c * 100000 + m).random();
      cluster.cpu.push_back(cpu.draw({d.horizon, 1}, r));
    }
  }
  if (p.models == "learned") {
    ExecutionDatabase db = record_executions(d.grid, app, static_cast<std::size_t>(p.training_runs), d.horizon,
                                             root.child("executions").seed());
    std::vector<rescheduling::PhasedApplication> learned =
        learned_applications(app.name(), app.models().front().problem_size, db);
    for (Submission& s : d.submissions)
      s.planned = learned;
  }
  return d;
}

StrategyMetrics metrics_of(const StreamOutcome& o)
{
  StrategyMetrics m{};
  double n = static_cast<double>(o.applications.size()), waited_on_batch = 0, error = 0;
  for (const ApplicationOutcome& a : o.applications) {
    m.turnaround_h += a.turnaround() / kHour / n;
    m.wait_h += a.waited / kHour / n;
    m.run_h += a.ran / kHour / n;
    m.overhead_h += a.overhead / kHour / n;
    m.moves += a.moves / n;
    m.processor_hours += a.processor_hours / n;
    m.killed += a.killed / n;
    m.run_error += 100 * std::abs(a.predicted_run - a.ran) / a.ran / n;
    if (a.started_on_batch) {  // a wait of 0 predicted and 0 met is a prediction too, and an exact one
      error += std::abs(a.predicted_wait - a.first_wait) / kHour;
      waited_on_batch += 1;
    }
  }
  m.wait_error_h   = waited_on_batch > 0 ? error / waited_on_batch : 0;
  m.other_wait_h   = o.other_users.mean_wait / kHour;
  m.other_slowdown = o.other_users.mean_bounded_slowdown;
  return m;
}

class MeritaModel : public TypedModel<Params, Metrics, Drawn> {
public:
  MeritaModel() : TypedModel(merita_schema()) {}

protected:
  void check(const Params& p) const override
  {
    if (p.grid == "section-6.7" && p.cpu_factors.size() != 3)
      throw ParamError("cpu_factors", "the section-6.7 grid has 3 clusters: give 3 factors");
    if (p.static_processors > 32 && p.grid == "section-6.7")
      throw ParamError("static_processors", "the static baseline runs on the 32-processor cluster: at most 32");
    if (p.models == "learned" && p.grid == "drawn" && p.batch_share >= 1)
      throw ParamError("models", "learned models are learned on an interactive cluster, and batch_share 1 leaves none");
    if (p.static_processors > 16 && p.grid == "drawn")
      throw ParamError("static_processors", "a drawn cluster may have only 16 processors: at most 16");
  }

  // Drawing the loads and background streams and running every strategy costs seconds: a worker each.
  FaceNeeds predicted_face_needs(const Params&) const override { return FaceNeeds::heavy(); }

  Drawn decide(const Params& p, const PointInfo& info, const SimulationContext&) const override
  {
    return draw(p, info.seed);
  }

  void predict(const Params& p, const Drawn& d, Face<Metrics>& out) const override
  {
    describe_grid(d, out);
    StreamSettings settings = settings_of(p);
    for (const std::string& name : p.strategies) {
      settings.strategy    = name;
      StreamOutcome o      = run_stream(d.grid, d.submissions, settings, SeedStream(d.seed).child(name).seed());
      out.strategies[name] = metrics_of(o);
    }
  }

  // Every strategy's stream executed side by side on its own copy of the grid.
  void simulate(const Params& p, Drawn& d, const SimulationContext& context, Face<Metrics>& out) const override
  {
    describe_grid(d, out);
    std::vector<StreamSettings> settings;
    std::vector<uint64_t> seeds;
    for (const std::string& name : p.strategies) {
      settings.push_back(settings_of(p));
      settings.back().strategy = name;
      seeds.push_back(SeedStream(d.seed).child(name).seed());
    }
    std::vector<StreamOutcome> outcomes = execute_streams(d.grid, d.submissions, settings, seeds, context);
    for (std::size_t k = 0; k < outcomes.size(); ++k)
      out.strategies[p.strategies[k]] = metrics_of(outcomes[k]);
  }

private:
  static StreamSettings settings_of(const Params& p)
  {
    StreamSettings settings;
    settings.queue_policy             = p.queue_policy;
    settings.wait_predictor           = p.wait_predictor;
    settings.t_thres                  = p.t_thres;
    settings.restart_s                = p.restart;
    settings.checkpoint_mb            = p.checkpoint_mb;
    settings.storage_mbps             = p.storage_mbps;
    settings.requested_over_predicted = p.requested_over_predicted;
    settings.rebuild_s                = p.rebuild_h * kHour;
    settings.load_forecaster          = p.load_forecast == "present" ? "" : p.load_forecast;
    settings.static_processors        = static_cast<std::size_t>(p.static_processors);
    return settings;
  }

  static void describe_grid(const Drawn& d, Metrics& out)
  {
    out.batch_clusters = out.processors = out.background_jobs = 0;
    for (const GridCluster& c : d.grid.clusters) {
      out.batch_clusters += c.batch ? 1 : 0;
      out.processors += c.processors;
      out.background_jobs += static_cast<double>(c.background.size());
    }
  }
};

}  // namespace

const ModelSchema<Params, Metrics>& merita_schema() { return schema_of(declare); }

std::unique_ptr<Model> make_merita_model() { return std::make_unique<MeritaModel>(); }

ISOGRID_MODEL("merita", make_merita_model);

}  // namespace isogrid::merita
