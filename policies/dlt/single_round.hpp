#pragma once
// Single-round divisible-load partition on a one-port star (Drozdowski & Wielebski, eqs. 1-3).
//
// The originator P0 does not compute; it sends alpha_i load units to P1..Pm one after another, each transfer
// costing S_i + alpha_i*C_i, and P_i computes alpha_i*A_i as soon as its part has arrived. Optimal when all
// workers finish together, which gives the linear system
//     A_i alpha_i = S_{i+1} + alpha_{i+1} (C_{i+1} + A_{i+1}),   sum alpha_i = V,
// solved here in O(m) by writing alpha_i = a_i alpha_1 + b_i.
//
// Extension beyond the paper (beta > 0): each worker returns beta*alpha_i units of result, one port,
// last served first returned (LIFO). Without idle time worker i's computation spans worker i+1's receive,
// computation and return, so the same solver applies with startup 2 S_i and per-unit cost (1+beta) C_i + A_i.
#include <cstddef>
#include <vector>

namespace isogrid::dlt {

struct Worker {
  double A = 1;  // time to compute one load unit (reciprocal of speed)
  double C = 1;  // time to send one load unit (reciprocal of bandwidth)
  double S = 0;  // communication startup time
};

struct Summary {
  bool feasible           = false;  // every alpha_i >= 0
  double makespan         = 0;      // T_m = s_1 + w_1 alpha_1 (meaningful only when feasible)
  double sequential       = 0;      // T(1): all V sent to P1 and computed there, communication included (eq. 3)
  double speedup          = 0;      // T(1)/T_m, 0 when infeasible
  double efficiency       = 0;      // speedup/m, 0 when infeasible (as the paper plots it)
  size_t largest_feasible = 0;      // the largest k <= m whose prefix P1..Pk admits a feasible partition
  size_t first_negative   = 0;      // 1-based index of the first alpha_i < 0, 0 when feasible
};

// Fills alpha[0..m) and returns the summary. Allocation-free, for sweeps of millions of points.
Summary solve_into(const Worker* workers, size_t m, double V, double beta, double* alpha);

struct Partition {
  Summary summary;
  std::vector<double> alpha;
};

Partition solve(const std::vector<Worker>& workers, double V, double beta = 0);

// Homogeneous closed form (A_i = A, C_i = C, S_i = S, no return), kept apart from the recurrence so tests can
// hold one against the other: T_m = (C V + m S)/(1 - q^m) - S A / C with q = A/(A+C).
double homogeneous_makespan(size_t m, double V, double A, double C, double S);

// Limit of the efficiency for V -> infinity on a homogeneous star: (1 - q^m) / (m (1 - q)).
double homogeneous_asymptotic_efficiency(size_t m, double A, double C);

// The same limit for any workers served in the given order, without return: the startups no longer count, each
// worker computes while the next is sent its part, alpha_{i+1} (A_{i+1} + C_{i+1}) = alpha_i A_i, and
// E = T(1) / (m T_m) -> 1 / (m alpha_1) with alpha_1 = 1 / sum_i prod_{j<i} A_j / (A_{j+1} + C_{j+1}).
double asymptotic_efficiency(const std::vector<Worker>& workers);

// The whole platform's T(1), against its aggregate capacity: V at the summed rates of the workers, each receiving
// (and returning beta of) its own part and computing it, V / sum_i 1 / ((1 + beta) C_i + A_i). Every worker's part
// takes at least that long on it, so no schedule beats this time: T / T_m never exceeds 1, whatever the speeds or
// the serving order (the paper's E, against the first worker served, does on a heterogeneous star). On a
// homogeneous star without startups it is T(1) / m, and T / T_m is the paper's efficiency.
double capacity_time(const std::vector<Worker>& workers, double V, double beta);

}  // namespace isogrid::dlt
