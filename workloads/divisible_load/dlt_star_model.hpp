#pragma once
// Model "dlt-star": single-round divisible load on a one-port star (Drozdowski & Wielebski 2003). Its parameters
// and metrics, declared once in dlt_star_schema().
#include "simulator/core/model_schema.hpp"

#include <memory>
#include <string>

namespace isogrid::dlt {

struct DltStarParams {
  long long m = 0;
  double V    = 0;
  NumberOrList A = 1.0;
  NumberOrList C = 1.0;
  NumberOrList S = 0.0;
  double A_spread = 0;
  double C_spread = 0;
  double S_spread = 0;
  double beta     = 0;
  std::string sequence = "given";
  std::string platform;
  std::string originator;
  double unit_bytes = 1;
  double unit_flops = 1;
};

struct DltStarMetrics {
  double makespan;
  double sequential;
  double speedup;
  double efficiency;
  double feasible;
  double largest_feasible_m;
  double alpha_first;
  double alpha_last;
};

const ModelSchema<DltStarParams, DltStarMetrics>& dlt_star_schema();
std::unique_ptr<Model> make_dlt_star_model();

}  // namespace isogrid::dlt
