#pragma once
// "hierarchical-farm": Argollo et al.'s master-worker over Internet-linked clusters, Eqs. 1-5 and the simulation.
// Its parameters and metrics, declared once in hierarchical_farm_schema().
#include "simulator/core/model_schema.hpp"

#include <memory>
#include <string>

namespace isogrid::farm {

struct FarmParams {
  std::string platform;
  std::string cluster = "total";
  long long clusters  = 0;  // the first k clusters of the platform take part; 0: all
  long long tasks     = 500;
  // The task: its computation, the command out, the result back, adding one result into a sum.
  double task_flops = 1e12, command_bytes = 4, result_bytes = 2310244, aggregate_flops = 577561;
  std::string plan_step       = "none";
  std::string selection       = "all";
  NumberOrList workers        = 0.0;
  double efficiency_threshold = 0.85;
  NumberOrList aggregation = 1.0, inet_kib_s = 0.0;
  std::string prefetch      = "round-trip";
  long long worker_prefetch = 1;
};

// The metric columns, in order; each is documented in the schema.
struct FarmMetrics {
  double workers, available_performance, performance, speedup, efficiency, precision;
  double tasks, makespan;
  double link_utilisation, max_inet_performance, exact_aggregation, recommended_aggregation;
  double messages;
};

const ModelSchema<FarmParams, FarmMetrics>& hierarchical_farm_schema();
std::unique_ptr<Model> make_hierarchical_farm_model();

}  // namespace isogrid::farm
