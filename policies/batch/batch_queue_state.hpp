#pragma once
// A batch cluster's queue as time goes by: jobs are submitted whenever their owners submit them, the queue policy
// decides at every event, running jobs end by themselves (at their run time, or killed at their requested time) or
// when their owner says (an application that stops to move elsewhere). run_batch_queue replays a whole stream
// through it; a simulation that submits jobs as it goes (MerITA's applications beside other users' jobs) drives it
// event by event. Pure.
#include "policies/batch/batch_queue.hpp"

#include <limits>
#include <queue>
#include <vector>

namespace isogrid::batch {

// A job's run time when its owner will end it (finish): it holds its processors until then, or until its requested
// time, when it is killed.
constexpr double kOpenEnded = std::numeric_limits<double>::infinity();

class BatchQueueState {
public:
  // Throws std::invalid_argument on 0 processors.
  BatchQueueState(unsigned processors, QueuePolicy policy);

  double now() const { return view_.now; }
  // Every event before `t` (t >= now): at each time, the jobs due end, then the policy decides; now becomes t.
  void run_until(double t);
  // At now: the jobs due end, then the policy decides (after the submissions of this time).
  void decide();
  // Queues a job at now (its submit time is taken as now). Returns its handle. Throws std::invalid_argument on a job
  // wider than the cluster, a non-positive requested time or a negative run time.
  size_t submit(BatchJob job);
  // An open-ended running job ends now; throws std::logic_error when it is not running.
  void finish(size_t handle);
  // The next time a running job ends by itself; infinity when none will.
  double next_end() const;

  const JobOutcome& outcome(size_t handle) const { return entries_[handle].outcome; }
  const BatchJob& job(size_t handle) const { return entries_[handle].job; }  // as submitted, at its submit time
  bool started(size_t handle) const { return entries_[handle].started; }
  // Started and not yet ended (by itself, by a kill or by finish).
  bool running(size_t handle) const { return entries_[handle].started && !entries_[handle].ended; }
  // Room for this many jobs in all, so that a long replay does not grow its tables as it goes.
  void reserve(size_t jobs) { entries_.reserve(jobs); }
  // The jobs started since the last call, in the order they started.
  std::vector<size_t> take_started();
  // The queue as the policy sees it now: running jobs with the ends their requested times promise, queued jobs.
  const QueueView& view() const { return view_; }
  size_t queued() const { return queued_.size(); }

private:
  void end_due();
  void start(size_t handle);
  void remove_running(size_t handle);

  // Everything about one submitted job, in one place: a replay touches it on submission, start and end.
  struct Entry {
    BatchJob job;
    JobOutcome outcome;
    size_t running_at = 0;  // its entry in view_.running while it runs
    bool started = false, ended = false;
  };

  QueuePolicy policy_;
  QueueView view_;
  std::vector<Entry> entries_;
  std::vector<size_t> queued_;            // the job behind each entry of view_.queue
  std::vector<size_t> running_jobs_;      // the job behind each entry of view_.running (in no particular order)
  using End = std::pair<double, size_t>;  // end, job
  // Ends by time; a job finished early leaves its entry behind, skipped when it comes up (next_end drops it).
  mutable std::priority_queue<End, std::vector<End>, std::greater<>> ends_;
  std::vector<size_t> newly_started_;
};

}  // namespace isogrid::batch
