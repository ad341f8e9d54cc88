#include "policies/batch/wait_predictor.hpp"

#include "base/quantile.hpp"
#include "policies/batch/free_profile.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <map>
#include <set>
#include <tuple>

namespace isogrid::batch {

namespace {

// The entry of `tracked` whose key is closest to `key`; on a tie, the smaller key. `tracked` is not empty.
template <class Map>
typename Map::const_iterator closest(const Map& tracked, long key)
{
  auto above = tracked.lower_bound(key);
  if (above == tracked.end())
    return std::prev(above);
  if (above == tracked.begin() || above->first == key)
    return above;
  auto below = std::prev(above);
  return key - static_cast<long>(below->first) <= static_cast<long>(above->first) - key ? below : above;
}

// Sanjay, Sec. 6.4: the average wait of the past jobs of the same processor count; for a count it has not seen, the
// closest count it has. Before any job has started it predicts no wait.
class SameWidthAverage : public WaitPredictor {
public:
  void observe_start(unsigned width, double wait) override
  {
    auto& [sum, count] = waits_[width];
    sum += wait;
    ++count;
  }
  double predict(const BatchJob& job, const QueueView&) const override
  {
    if (waits_.empty())
      return 0;
    const auto& [sum, count] = closest(waits_, static_cast<long>(job.width))->second;
    return sum / static_cast<double>(count);
  }

private:
  std::map<unsigned, std::pair<double, size_t>> waits_;  // width -> (sum of waits, jobs)
};

// The median of the last kRecent waits of jobs in the same power-of-two size class (1, 2, 3-4, 5-8, ...): recent,
// so that it follows the load, and a median, so that one long wait does not pull it.
class SizeClassMedian : public WaitPredictor {
public:
  static constexpr size_t kRecent = 32;

  void observe_start(unsigned width, double wait) override
  {
    auto& recent = waits_[size_class(width)];
    recent.push_back(wait);
    if (recent.size() > kRecent)
      recent.pop_front();
  }
  double predict(const BatchJob& job, const QueueView&) const override
  {
    if (waits_.empty())
      return 0;
    const std::deque<double>& recent = closest(waits_, size_class(job.width))->second;
    return median_of(std::vector<double>(recent.begin(), recent.end()));
  }

private:
  static long size_class(unsigned width) { return static_cast<long>(std::ceil(std::log2(static_cast<double>(width)))); }
  std::map<long, std::deque<double>> waits_;
};

// The start conservative backfilling would reserve for the job behind the present queue, on requested times: what
// the cluster could promise now. It reads the queue, not the history.
class Reservation : public WaitPredictor {
public:
  void observe_start(unsigned, double) override {}
  double predict(const BatchJob& job, const QueueView& queue) const override
  {
    return conservative_reservation(queue, job.width, job.requested) - queue.now;
  }
  bool reads_queue() const override { return true; }
};

template <class P>
WaitPredictorFactory factory()
{
  return [] { return std::make_unique<P>(); };
}

}  // namespace

NamedRegistry<WaitPredictorFactory>& wait_predictor_registry()
{
  static NamedRegistry<WaitPredictorFactory> registry = [] {
    NamedRegistry<WaitPredictorFactory> r("wait-predictor");
    r.add("same-width-average",
          "the thesis's (Sec. 6.4): the average wait of past jobs of the same width, else of the closest width",
          factory<SameWidthAverage>());
    r.add("size-class-median", "the median of the last 32 waits of jobs in the same power-of-two size class",
          factory<SizeClassMedian>());
    r.add("reservation", "the start conservative backfilling would reserve for the job now, on requested times",
          factory<Reservation>());
    return r;
  }();
  return registry;
}

const NamedRegistry<WaitPredictorFactory>& wait_predictors() { return wait_predictor_registry(); }
ISOGRID_POLICY_FAMILY(wait_predictor_registry);

std::vector<PredictionScore> score_wait_predictors(const std::vector<BatchJob>& jobs,
                                                   const std::vector<JobOutcome>& outcomes, unsigned processors,
                                                   const std::vector<WaitPredictor*>& predictors)
{
  enum Kind { End = 0, Submit = 1, Start = 2 };
  std::vector<std::tuple<double, int, size_t>> events;
  events.reserve(3 * jobs.size());
  for (size_t i = 0; i < jobs.size(); ++i) {
    events.emplace_back(outcomes[i].end, End, i);
    events.emplace_back(jobs[i].submit, Submit, i);
    events.emplace_back(outcomes[i].start, Start, i);
  }
  std::sort(events.begin(), events.end());
  bool reads_queue = std::any_of(predictors.begin(), predictors.end(), [](auto* p) { return p->reads_queue(); });
  std::vector<PredictionScore> scores(predictors.size());
  for (auto& s : scores)
    s.predicted.assign(jobs.size(), 0);
  std::map<size_t, RunningJob> running;  // job -> its width and expected end
  std::set<size_t> queued;               // in submission order
  unsigned busy = 0;
  QueueView view;
  for (const auto& [time, kind, i] : events) {
    if (kind == End) {
      if (running.erase(i) > 0)
        busy -= jobs[i].width;
    } else if (kind == Start) {
      queued.erase(i);
      for (auto* p : predictors)
        p->observe_start(jobs[i].width, outcomes[i].start - jobs[i].submit);
      if (outcomes[i].end > outcomes[i].start) {
        running[i] = {jobs[i].width, outcomes[i].start + jobs[i].requested};
        busy += jobs[i].width;
      }
    } else {
      view.now   = time;
      view.total = processors;
      view.free  = processors - busy;
      view.running.clear();
      view.queue.clear();
      if (reads_queue) {
        for (const auto& [j, r] : running)
          view.running.push_back(r);
        for (size_t j : queued)
          view.queue.push_back(jobs[j]);
      }
      for (size_t k = 0; k < predictors.size(); ++k)
        scores[k].predicted[i] = predictors[k]->predict(jobs[i], view);
      queued.insert(i);
    }
  }
  for (auto& s : scores) {
    std::vector<double> errors(jobs.size());
    double sum_abs = 0, sum = 0;
    for (size_t i = 0; i < jobs.size(); ++i) {
      double e  = s.predicted[i] - outcomes[i].wait();
      errors[i] = std::abs(e);
      sum_abs += errors[i];
      sum += e;
    }
    double n                = static_cast<double>(jobs.size());  // none: NaN, as the median of none
    s.mean_absolute_error   = sum_abs / n;
    s.bias                  = sum / n;
    s.median_absolute_error = median_of(std::move(errors));
  }
  return scores;
}

}  // namespace isogrid::batch
