// The batch cluster: a stream of rigid jobs through a queue policy, and the wait predictors scored on it.
#include "workloads/batch/batch_cluster_model.hpp"

#include "policies/batch/batch_queue.hpp"
#include "policies/batch/queue_statistics.hpp"
#include "policies/batch/wait_predictor.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "workloads/batch/background_stream.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace isogrid::batch_cluster {

using Params  = BatchClusterParams;
using Metrics = BatchClusterMetrics;

namespace {

constexpr double kDay               = 86400;
constexpr unsigned kDrawnMachine    = 128;  // the machine the Lublin-Feitelson parameters were fitted on
constexpr long long kLargestCluster = 1 << 20;

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("batch-cluster",
             "One batch-queued cluster replaying other users' rigid jobs (an SWF trace or a Lublin-Feitelson "
             "stream) through a queue policy: waits, slowdown, utilisation, and each wait predictor's errors",
             "H. A. Sanjay, PhD thesis (IISc 2008), Sec. 6.4; Lublin & Feitelson, JPDC 63(11) 2003");
  s.param("trace", &Params::trace,
          "an SWF job trace (Parallel Workloads Archive format, plain or .gz); empty: a Lublin-Feitelson stream")
      .file()
      .label("job trace");
  s.param("processors", &Params::processors, "the cluster's processors; 0: the trace's MaxProcs (a drawn stream: 128)")
      .non_negative()
      .at_most(kLargestCluster)
      .label("processors")
      .unitless();
  s.param("policy", &Params::policy, "the queue policy").policy(batch::queue_policies()).label("queue policy");
  s.param("predictors", &Params::predictors, "the wait predictors to score")
      .policy(batch::wait_predictors())
      .label("wait predictors");
  s.param("start_day", &Params::start_day, "the trace's window starts this many days after its first second")
      .non_negative()
      .unit("day")
      .label("window start");
  s.param("days", &Params::days, "the window's length; 0: to the trace's end")
      .non_negative()
      .unit("day")
      .label("window length");
  s.param("scale_widths", &Params::scale_widths,
          "widths times processors / MaxProcs (rounded, at least 1), so that a trace fits a cluster of another size")
      .label("widths scaled");
  s.param("load_factor", &Params::load_factor,
          "inter-arrival gaps divided by this: 2 offers twice the load (the jobs themselves unchanged)")
      .positive()
      .at_most(10)
      .label("load factor")
      .unitless();
  s.param("offered_load", &Params::offered_load,
          "> 0: the gaps scaled so that the stream offers this load (width x run time over processors x the "
          "submission span) instead of a load factor; 0: as the stream comes")
      .non_negative()
      .at_most(10)
      .label("offered load")
      .unitless();
  s.param("requested_over_run", &Params::requested_over_run,
          "the requested time of a job that gives none (every drawn job, and traces without field 9): its run "
          "time times this; 1: exact estimates")
      .at_least(1)
      .label("requested / run time")
      .unitless();
  s.param("jobs", &Params::jobs, "a drawn stream's length").at_least(1).label("jobs drawn").unitless();
  s.param("start_hour", &Params::start_hour, "a drawn stream's clock time at t = 0 (its daily cycle)")
      .non_negative()
      .below(24)
      .unit("h")
      .label("start hour");
  s.param("max_jobs", &Params::max_jobs, "the longest stream a point may replay: a longer one is refused")
      .at_least(1)
      .label("job limit")
      .unitless();

  s.metric("processors", &Metrics::processors, "the cluster's processors").label("processors").unitless();
  s.metric("jobs", &Metrics::jobs, "jobs replayed").label("jobs").unitless();
  s.metric("killed", &Metrics::killed, "jobs killed at their requested time").label("jobs killed").unitless();
  s.metric("mean_wait", &Metrics::mean_wait, "mean time from submission to start", "s").label("mean wait");
  s.metric("median_wait", &Metrics::median_wait, "median wait", "s").label("median wait");
  s.metric("max_wait", &Metrics::max_wait, "longest wait", "s").label("longest wait");
  s.metric("mean_bounded_slowdown", &Metrics::mean_bounded_slowdown,
           "mean of max(1, (wait + run) / max(run, 10 s)), run as executed")
      .label("mean bounded slowdown")
      .unitless();
  s.metric("utilisation", &Metrics::utilisation,
           "processor-seconds executed over processors x (last end - first submission)")
      .label("utilisation")
      .unitless();
  s.metric("offered_load", &Metrics::offered_load,
           "width x run time asked for, over processors x (last - first submission)")
      .label("offered load")
      .unitless();
  s.metric("makespan", &Metrics::makespan, "first submission to last end", "s").label("makespan");
  s.metric_rows(
      &Metrics::predictors, batch::wait_predictors().names(),
      std::vector<RowMetric<PredictorMetrics>>{
          {"mae_{}", &PredictorMetrics::mae, "{}: mean absolute error of the predicted waits", "s", "wait MAE, {}"},
          {"median_ae_{}", &PredictorMetrics::median_ae, "{}: median absolute error", "s", "wait median AE, {}"},
          {"bias_{}", &PredictorMetrics::bias, "{}: mean of predicted - actual wait", "s", "wait bias, {}"},
      });
  s.primary(&Metrics::mean_wait);
  s.faces(true, false);
}

class BatchClusterModel : public TypedModel<Params, Metrics, BackgroundStream> {
public:
  BatchClusterModel() : TypedModel(batch_cluster_schema()) {}

protected:
  void check(const Params& p) const override
  {
    if (p.offered_load > 0 && p.load_factor != 1)
      throw ParamError("offered_load", "give a load factor or an offered load, not both");
    if (p.trace.empty()) {
      if (p.processors == 1)
        throw ParamError("processors", "a drawn stream needs a cluster of at least 2 processors");
      if (p.jobs > p.max_jobs)
        throw ParamError("jobs", fmt::format("{} jobs; max_jobs allows {}", p.jobs, p.max_jobs));
      return;
    }
    background_stream(p, 0);  // a trace is read whole before the first point: a bad record is refused now
  }

  // A replay of thousands of jobs, and the reservation predictor over a long queue, cost up to seconds: a worker
  // process each, spread by --jobs.
  FaceNeeds predicted_face_needs(const Params&) const override { return FaceNeeds::heavy(); }

  BackgroundStream decide(const Params& p, const PointInfo& info, const SimulationContext&) const override
  {
    return background_stream(p, info.seed);
  }

  void predict(const Params& p, const BackgroundStream& s, Face<Metrics>& out) const override
  {
    auto outcomes             = batch::run_batch_queue(s.jobs, s.processors, batch::queue_policies().get(p.policy));
    batch::QueueStatistics st = batch::queue_statistics(s.jobs, outcomes, s.processors);
    out.processors            = s.processors;
    out.jobs                  = st.jobs;
    out.killed                = st.killed;
    out.mean_wait             = st.mean_wait;
    out.median_wait           = st.median_wait;
    out.max_wait              = st.max_wait;
    out.mean_bounded_slowdown = st.mean_bounded_slowdown;
    out.utilisation           = st.utilisation;
    out.offered_load          = st.offered_load;
    out.makespan              = st.makespan;
    std::vector<std::unique_ptr<batch::WaitPredictor>> owned;
    std::vector<batch::WaitPredictor*> predictors;
    for (const auto& name : p.predictors) {
      owned.push_back(batch::wait_predictors().get(name)());
      predictors.push_back(owned.back().get());
    }
    auto scores = batch::score_wait_predictors(s.jobs, outcomes, s.processors, predictors);
    for (size_t k = 0; k < scores.size(); ++k)
      out.predictors[p.predictors[k]] = {scores[k].mean_absolute_error, scores[k].median_absolute_error,
                                         scores[k].bias};
  }
};

}  // namespace

const ModelSchema<Params, Metrics>& batch_cluster_schema() { return schema_of(declare); }

std::unique_ptr<Model> make_batch_cluster_model() { return std::make_unique<BatchClusterModel>(); }

ISOGRID_MODEL("batch-cluster", make_batch_cluster_model);

}  // namespace isogrid::batch_cluster
