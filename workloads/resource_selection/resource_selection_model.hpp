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
  std::string application = "MD";
  double problem_size     = 0;
  std::vector<std::string> schedulers = {"sa", "ga", "aco", "bb", "dp", "be"};
  long long machines      = 256;
  long long machines_max  = 0;
  long long clusters      = 1;
  long long clusters_max  = 0;
  std::vector<double> scaling_factors = {1};
  std::vector<double> max_bandwidths;  // empty: the thesis's
  double link_share_low   = 0.2;
  double link_share_high  = 0.8;
  LoadModel load_model    = LoadModel::Categories;
  double loaded_share     = 0.5;
  double light            = 30;
  double medium           = 40;
  double heavy            = 30;
  std::string dominant    = "none";
  double dominant_share   = 70;
  double scheduling_time  = 25;
  Clock clock             = Clock::Work;
  double work_per_second  = 3e6;
  double error            = 0;
  long long optimum_limit = 0;
};

// What each scheduler's schedule is like.
struct SchedulerMetrics {
  double time;
  double processors;
  double cpu;
  double bandwidth;
  double evaluations;
  double work;
  double cluster;
};

struct ResourceSelectionMetrics {
  NamedRows<SchedulerMetrics> schedulers;  // one row per registered resource-selection policy
  double time_optimum;
  double best_other;
  double be_gain;
  double be_not_best;
  double cluster_count;
  double machines_total;
  double weight_ratio;
  double max_weight;
};

const ModelSchema<ResourceSelectionParams, ResourceSelectionMetrics>& resource_selection_schema();
std::unique_ptr<Model> make_resource_selection_model();

}  // namespace isogrid::scheduling
