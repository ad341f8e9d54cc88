#pragma once
// Cross-platform modelling (Sanjay §3.5, Eq. 3.9): a model trained on a reference cluster predicts on a target
// cluster after two dedicated measurements there,
//   T = R_cpu f_comp(N) / (f_cpu(cpu) f_Pcomp(P)) + R_bw f_comm(N) / (f_bw(bw) f_Pcomm(P)).
// R_cpu is the ratio of single-processor dedicated times at one moderate problem size, target over reference.
// R_bw scales the communication until the model fits the target's dedicated two-processor runs: the thesis
// searches for the factor whose fit on the target is as good as the model's on the reference; the model is linear
// in R_bw, so that factor is the one-coefficient least-squares solution (its best fit), which is what is computed.
#include "policies/modelling/staged_search.hpp"

#include <vector>

namespace isogrid::modelling {

// Target over reference. Throws std::invalid_argument unless both times are positive.
double cpu_scaling_factor(double target_time, double reference_time);

// R_bw for `model` (fitted on the reference) on the target's two-processor runs, its computation scaled by r_cpu.
// A factor scales, it cannot turn a time negative: when the computation alone already overshoots the runs, R_bw is 0.
// A model without communication has none to scale: R_bw is 1. Throws std::invalid_argument when the runs hold no
// communication (one processor each).
double bandwidth_scaling_factor(const scheduling::PerformanceModel& model, double r_cpu,
                                const std::vector<Observation>& target_runs);

// Eq. 3.9: the model with its computation scaled by r_cpu and its communication by r_bw.
scheduling::PerformanceModel ported(scheduling::PerformanceModel model, double r_cpu, double r_bw);

}  // namespace isogrid::modelling
