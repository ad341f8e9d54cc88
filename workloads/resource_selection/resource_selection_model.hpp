#pragma once
// "resource-selection": Sanjay's chapter 4 simulations. Each point draws one single- or multi-cluster state and
// races the named schedulers on it, each under the same budget; metrics are the exact Eq. 4.1 time of each
// scheduler's schedule and how Box Elimination fares against the best of the others. Its parameters and metrics,
// declared once in resource_selection_schema().
#include "simulator/core/model_schema.hpp"

#include <memory>
#include <string>
#include <vector>

namespace isogrid::scheduling {

enum class LoadModel { Categories, LoadedSubset };
enum class Clock { Work, Wall };

struct ResourceSelectionParams {
  std::string application             = "MD";
  double problem_size                 = 0;
  std::vector<std::string> schedulers = {"sa", "ga", "aco", "bb", "dp", "be"};
  // The drawn grid: sizes (a _max of 0 means exactly the lower end), CPU factors, link capacities and shares.
  long long machines = 256, machines_max = 0, clusters = 1, clusters_max = 0;
  std::vector<double> scaling_factors = {1};
  std::vector<double> max_bandwidths;  // empty: the thesis's
  double link_share_low = 0.2, link_share_high = 0.8;
  // Its loads.
  LoadModel load_model = LoadModel::Categories;
  double loaded_share  = 0.5;
  double light = 30, medium = 40, heavy = 30;
  std::string dominant  = "none";
  double dominant_share = 70;
  // The race.
  double scheduling_time = 25;
  Clock clock            = Clock::Work;
  double work_per_second = 3e6, error = 0;
  long long optimum_limit = 0;
};

// What each scheduler's schedule is like.
struct SchedulerMetrics {
  double time, processors, cpu, bandwidth;  // the schedule
  double evaluations, work, cluster;        // what finding it took, and where
};

// The metric columns, in order; each is documented in the schema.
struct ResourceSelectionMetrics {
  NamedRows<SchedulerMetrics> schedulers;  // one row per registered resource-selection policy
  double time_optimum, best_other, be_gain, be_not_best;
  double cluster_count, machines_total, weight_ratio, max_weight;  // the drawn grid
};

const ModelSchema<ResourceSelectionParams, ResourceSelectionMetrics>& resource_selection_schema();
std::unique_ptr<Model> make_resource_selection_model();

}  // namespace isogrid::scheduling
