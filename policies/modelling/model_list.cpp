#include "policies/modelling/model_list.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace isogrid::modelling {

namespace {

bool same_combination(const Combination& a, const Combination& b)
{
  return a.computation == b.computation && a.communication == b.communication &&
         a.bandwidth_effect == b.bandwidth_effect && a.computation_speedup == b.computation_speedup &&
         a.communication_speedup == b.communication_speedup;
}

}  // namespace

ModelList::ModelList(std::vector<Observation> training, SearchLimits limits, AdaptationSettings settings)
    : runs_(std::move(training)), limits_(limits), settings_(settings)
{
  std::vector<Observation> one;
  for (const Observation& r : runs_)
    if (r.processors == 1)
      one.push_back(r);
  list_        = staged_search(runs_, limits_);
  computation_ = computation_stage(one, limits_);
  if (list_.empty())
    throw std::invalid_argument("the staged search kept no usable model");
  low_streak_.assign(list_.size(), 0);
}

ModelList::ModelList(std::vector<FittedModel> models, std::vector<Observation> training, SearchLimits limits,
                     AdaptationSettings settings)
    : runs_(std::move(training)), list_(std::move(models)), limits_(limits), settings_(settings)
{
  refit_and_rank();
  if (list_.empty())
    throw std::invalid_argument("no model of the list fits the training runs");
  low_streak_.assign(list_.size(), 0);
}

std::vector<Observation> ModelList::several_processors() const
{
  std::vector<Observation> out;
  for (const Observation& r : runs_)
    if (r.processors >= 2)
      out.push_back(r);
  return out;
}

double ModelList::predict(double problem_size, std::size_t processors, double cpu, double bandwidth) const
{
  return fitted_time(head().model, problem_size, processors, cpu, bandwidth);
}

void ModelList::refit_and_rank()
{
  // The scalability stage's runs: f_P candidates such as log P are undefined on one processor.
  std::vector<Observation> runs = several_processors();
  std::vector<std::pair<FittedModel, std::size_t>> refitted;  // with the old position, to carry streaks
  for (std::size_t k = 0; k < list_.size(); ++k) {
    FittedModel m = fit(list_[k].combination, runs);
    if (std::isfinite(m.standard_error))
      refitted.emplace_back(std::move(m), k);
  }
  if (refitted.empty())
    return;  // no model refits on these runs: the list keeps its coefficients rather than empty
  // Ranked as keep_best ranks.
  const double mean = mean_time(runs);
  auto score        = [mean](const FittedModel& m) { return ranking_error(m, mean); };
  std::stable_sort(refitted.begin(), refitted.end(),
                   [&](const auto& a, const auto& b) { return score(a.first) < score(b.first); });
  std::vector<std::size_t> streaks;
  list_.clear();
  for (auto& [m, old] : refitted) {
    list_.push_back(std::move(m));
    streaks.push_back(old < low_streak_.size() ? low_streak_[old] : 0);
  }
  low_streak_ = std::move(streaks);
}

void ModelList::prune()
{
  const std::size_t n = list_.size();
  const auto low_from = static_cast<std::size_t>(std::ceil((1 - settings_.prune_fraction) * static_cast<double>(n)));
  std::vector<FittedModel> kept;
  std::vector<std::size_t> streaks;
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t streak = k >= low_from ? low_streak_[k] + 1 : 0;
    if (streak >= settings_.prune_after && kept.size() + (n - k) > 1)
      continue;  // dropped; the list never empties
    kept.push_back(std::move(list_[k]));
    streaks.push_back(streak);
  }
  list_       = std::move(kept);
  low_streak_ = std::move(streaks);
}

void ModelList::rebuild()
{
  std::vector<Observation> two;
  for (const Observation& r : runs_)
    if (r.processors == 2)
      two.push_back(r);
  if (computation_.empty() || two.size() < 3)
    return;
  std::vector<FittedModel> fresh =
      scalability_stage(communication_stage(computation_, two, limits_), several_processors(), limits_);
  for (FittedModel& m : fresh) {
    bool known = std::any_of(list_.begin(), list_.end(),
                             [&](const FittedModel& x) { return same_combination(x.combination, m.combination); });
    if (!known) {
      list_.push_back(std::move(m));
      low_streak_.push_back(0);
    }
  }
  refit_and_rank();
  // The list stays within its cap; a merged list keeps its best.
  if (list_.size() > limits_.list) {
    list_.resize(limits_.list);
    low_streak_.resize(limits_.list);
  }
}

void ModelList::observe(const Observation& run)
{
  runs_.push_back(run);
  ++observed_;
  refit_and_rank();
  prune();
  if (settings_.rebuild_every > 0 && observed_ % settings_.rebuild_every == 0)
    rebuild();
}

}  // namespace isogrid::modelling
