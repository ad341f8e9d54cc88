#include "policies/modelling/evaluation.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace isogrid::modelling {

double percentage_prediction_error(double actual, double predicted)
{
  return 100 * std::abs(actual - predicted) / std::abs(actual);
}

PpeSummary summarize_ppe(const std::vector<double>& actual, const std::vector<double>& predicted)
{
  if (actual.empty() || actual.size() != predicted.size())
    throw std::invalid_argument("one prediction per actual time, at least one");
  PpeSummary s;
  s.count = actual.size();
  std::vector<double> e;
  for (std::size_t k = 0; k < actual.size(); ++k)
    e.push_back(percentage_prediction_error(actual[k], predicted[k]));
  for (double x : e) {
    s.mean += x / static_cast<double>(e.size());
    s.under_30 += x < 30 ? 100.0 / static_cast<double>(e.size()) : 0;
    s.under_40 += x < 40 ? 100.0 / static_cast<double>(e.size()) : 0;
  }
  double squares = 0;
  for (double x : e)
    squares += (x - s.mean) * (x - s.mean);
  s.sd = e.size() > 1 ? std::sqrt(squares / static_cast<double>(e.size() - 1)) : 0;
  return s;
}

std::vector<UsefulnessGroup> scheduling_usefulness(std::vector<ScheduleCandidate> candidates,
                                                   const std::function<double(double)>& dedicated_time, double span)
{
  if (candidates.empty())
    throw std::invalid_argument("no candidate schedule to judge");
  for (const ScheduleCandidate& c : candidates)
    if (!(c.actual > 0))
      throw std::invalid_argument("actual times must be positive");
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const auto& a, const auto& b) { return a.problem_size < b.problem_size; });
  std::vector<UsefulnessGroup> out;
  std::size_t start = 0;
  while (start < candidates.size()) {
    double low = dedicated_time(candidates[start].problem_size), high = low;
    std::size_t end = start;
    while (end < candidates.size()) {
      double t = dedicated_time(candidates[end].problem_size);
      if (std::max(high, t) - std::min(low, t) > span)
        break;
      low  = std::min(low, t);
      high = std::max(high, t);
      ++end;
    }
    UsefulnessGroup g;
    g.first_size = candidates[start].problem_size;
    g.last_size  = candidates[end - 1].problem_size;
    g.candidates = end - start;
    g.chosen = g.best = candidates[start];
    for (std::size_t k = start; k < end; ++k) {
      if (candidates[k].predicted < g.chosen.predicted)
        g.chosen = candidates[k];
      if (candidates[k].actual < g.best.actual)
        g.best = candidates[k];
    }
    g.loss_percent = 100 * (g.chosen.actual - g.best.actual) / g.best.actual;
    g.loss_floored = static_cast<int>(std::floor(g.loss_percent + 1e-9));
    out.push_back(g);
    start = end;
  }
  return out;
}

}  // namespace isogrid::modelling
