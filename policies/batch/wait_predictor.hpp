#pragma once
// A batch queue's wait predictors (Sanjay, Sec. 6.4: MerITA compares a batch cluster's schedules on predicted run
// time plus predicted queue wait). A predictor is told each job's wait when the job starts, as the batch queue
// monitor sees it (`llq`), and asked, when a job is submitted, how long that job will wait. Pure and registered by
// name: `same-width-average` is the thesis's, the others are better-founded alternatives to hold it against.
#include "base/named_registry.hpp"
#include "policies/batch/batch_queue.hpp"

#include <functional>
#include <memory>
#include <vector>

namespace isogrid::batch {

class WaitPredictor {
public:
  virtual ~WaitPredictor() = default;
  // A job of `width` processors started after waiting `wait` seconds.
  virtual void observe_start(unsigned width, double wait) = 0;
  // The wait predicted for `job`, submitted at `queue.now` to a cluster in the state `queue` shows (the job itself is
  // not in it yet).
  virtual double predict(const BatchJob& job, const QueueView& queue) const = 0;
  // Whether predict reads `queue`; those that do not are given an empty one, which saves building it.
  virtual bool reads_queue() const { return false; }
};

using WaitPredictorFactory = std::function<std::unique_ptr<WaitPredictor>()>;

// same-width-average (the thesis's), size-class-median (recent waits of jobs of like size), reservation (the start
// conservative backfilling would give the job now); a plugin may add its own.
const NamedRegistry<WaitPredictorFactory>& wait_predictors();
NamedRegistry<WaitPredictorFactory>& wait_predictor_registry();

// How well one predictor did over a replay: one prediction per job, in the jobs' order.
struct PredictionScore {
  std::vector<double> predicted;
  double mean_absolute_error   = 0;  // s
  double median_absolute_error = 0;  // s
  double bias                  = 0;  // s, mean of predicted - actual
};

// Replays the queue that produced `outcomes` (run_batch_queue's, for `jobs` on `processors`) event by event and asks
// each predictor about every job at its submission, telling it every wait as its job starts. At one time, jobs end
// first, then jobs are submitted (and predicted), then jobs start: no predictor ever sees the wait it is asked about.
std::vector<PredictionScore> score_wait_predictors(const std::vector<BatchJob>& jobs,
                                                   const std::vector<JobOutcome>& outcomes, unsigned processors,
                                                   const std::vector<WaitPredictor*>& predictors);

}  // namespace isogrid::batch
