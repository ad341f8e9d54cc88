#pragma once
// Model "dlt-star": single-round divisible load on a one-port star (Drozdowski & Wielebski 2003). Its parameters
// and metrics, declared once in dlt_star_schema().
#include "simulator/core/model_schema.hpp"

#include <memory>
#include <string>

namespace isogrid::dlt {

struct DltStarParams {
  long long m    = 0;
  double V       = 0;
  NumberOrList A = 1.0, C = 1.0, S = 0.0;
  double A_spread = 0, C_spread = 0, S_spread = 0;
  double beta          = 0;
  std::string sequence = "given";
  std::string platform, originator;  // a platform file, and the host holding the load on it
  double unit_bytes = 1, unit_flops = 1;
};

// The metric columns, in order; each is documented in the schema.
struct DltStarMetrics {
  double makespan, sequential, speedup, efficiency;
  double feasible, largest_feasible_m;
  double alpha_first, alpha_last;
  double capacity_efficiency;
};

const ModelSchema<DltStarParams, DltStarMetrics>& dlt_star_schema();
std::unique_ptr<Model> make_dlt_star_model();

}  // namespace isogrid::dlt
