#pragma once
// Sanjay's staged construction of an application's Eq. 3.6 model from training runs (§3.4.5-3.4.7):
//  1. computation: one-processor runs; f_comp over the 77 candidate shapes, time = f_comp(N) / cpu;
//  2. communication: two-processor runs; each kept f_comp with every f_comm shape and f_bw (Table 3.1),
//     time = f_comp(N) / (2 cpu) + f_comm(N) / (2 f_bw(bw)) (Eq. 3.8);
//  3. scalability: runs on 2, 4 and 8 processors; each kept triple with every f_Pcomp and f_Pcomm (Table 3.2).
// Every combination is a linear least-squares fit (least_squares.hpp), ranked by Eq. 3.7's standard error. A stage
// keeps the combinations within `within` (1.2) times the best standard error, at most its cap (20 computation
// shapes; 10 (f_comm, f_bw) pairs per shape, then the 20 best triples; 50 scalability pairs per triple, at most
// 1 000 in all): the ranked result is the thesis's sorted_list, whose head predicts.
#include "policies/modelling/candidates.hpp"
#include "policies/scheduling/performance_model.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace isogrid::modelling {

// One training run: its problem size, processors, minAvgAvailCPU, minAvgAvailBW (Mbit/s) and time (s).
struct Observation {
  double problem_size    = 0;
  std::size_t processors = 1;
  double cpu             = 1;
  double bandwidth       = 1;
  double time            = 0;
};

struct Combination {
  std::size_t computation = 0;               // index into complexity_candidates()
  std::optional<std::size_t> communication;  // none before the communication stage
  Growth bandwidth_effect      = Growth::Linear;
  Growth computation_speedup   = Growth::Linear;
  Growth communication_speedup = Growth::Linear;
};

struct FittedModel {
  Combination combination;
  scheduling::PerformanceModel model;  // with the fitted coefficients
  double standard_error = 0;
  std::string name() const;  // "comp N^3, comm N^2, f_bw x, f_Pcomp x, f_Pcomm sqrt"
};

// A fitted model's time for N on P processors. One processor applies no speedup function (f_P(1) = 1): the
// computation stage fits one-processor runs as f_comp(N) / cpu, and a speedup candidate such as log P would
// otherwise divide by log 1 = 0.
double fitted_time(const scheduling::PerformanceModel& model, double problem_size, std::size_t processors, double cpu,
                   double bandwidth);

// Fits a combination's coefficients on `runs` (time = sum c_j(N) / (cpu f_Pcomp(P)) + sum m_k(N) / (f_bw(bw)
// f_Pcomm(P)), the communication terms only for P > 1).
FittedModel fit(const Combination& combination, const std::vector<Observation>& runs);

struct SearchLimits {
  std::size_t computation = 20, per_computation = 10, triples = 20, per_triple = 50, list = 1000;
  double within = 1.2;
};

// The standard error a model is ranked by: below 1e-9 of the runs' mean time it is rounding, and all such tie.
double ranking_error(const FittedModel& model, double mean_time);
double mean_time(const std::vector<Observation>& runs);

// The ranked models a stage keeps: sorted by standard error (ties: the order given), those within `within` times
// the best, at most `cap`. Standard errors below 1e-9 of the runs' mean time count as equal: noise-free runs must
// not rank candidates by rounding.
std::vector<FittedModel> keep_best(std::vector<FittedModel> models, std::size_t cap, double within, double mean_time);

std::vector<FittedModel> computation_stage(const std::vector<Observation>& one_processor, const SearchLimits& limits);
std::vector<FittedModel> communication_stage(const std::vector<FittedModel>& computation,
                                             const std::vector<Observation>& two_processors,
                                             const SearchLimits& limits);
std::vector<FittedModel> scalability_stage(const std::vector<FittedModel>& triples,
                                           const std::vector<Observation>& several_processors,
                                           const SearchLimits& limits);

// The three stages on runs split by processors: P = 1, P = 2, and P >= 2. Throws std::invalid_argument when a stage
// lacks runs (at least 3 each).
std::vector<FittedModel> staged_search(const std::vector<Observation>& runs, const SearchLimits& limits = {});

}  // namespace isogrid::modelling
