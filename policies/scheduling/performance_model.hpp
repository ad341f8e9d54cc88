#pragma once
// The objective every resource-selection policy minimises: Sanjay's Eq. 4.1 (= Eq. 3.6),
//   T(N, P, cpu, bw) = f_comp(N) / (f_cpu(cpu) f_Pcomp(P)) + f_comm(N) / (f_bw(bw) f_Pcomm(P)),
// with f_cpu(cpu) = cpu, f_bw and the two scalability functions from the candidate families of Tables 3.1 and
// 3.2, and f_comp, f_comm sums of c N^a (ln N)^b terms. cpu and bw are the schedule's lowest available CPU and
// link bandwidth, so one loaded machine or one slow link bounds the whole run. A schedule of one machine has no
// link: its communication term is 0.
#include "policies/scheduling/cluster_state.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace isogrid::scheduling {

// Tables 3.1 and 3.2: x^a for a in {0.5, 1, 1.5, 2, 2.5, 3}, log x, x log x, and their reciprocals.
enum class Growth {
  Sqrt,
  Linear,
  Pow1_5,
  Square,
  Pow2_5,
  Cube,
  Log,
  LinearLog,
  InvSqrt,
  InvLinear,
  InvPow1_5,
  InvSquare,
  InvPow2_5,
  InvCube,
  InvLog,
  InvLinearLog
};

double apply(Growth g, double x);
bool increasing(Growth g);
// "sqrt", "x", "x^1.5", "x^2", "x^2.5", "x^3", "log", "xlog", and each with a "1/" prefix.
const std::string& growth_name(Growth g);
// Throws std::invalid_argument listing the known names.
Growth parse_growth(const std::string& name);

struct Term {
  double coefficient = 0;
  double power       = 0;  // of N
  double log_power   = 0;  // of ln N
};

double complexity(const std::vector<Term>& terms, double n);

struct PerformanceModel {
  std::string application;                        // for messages: "MD", "Eigen", ...
  double problem_size = 1;                        // N
  std::vector<Term> computation;                  // f_comp, in reference-machine seconds
  std::vector<Term> communication;                // f_comm, in seconds x Mbit/s
  Growth bandwidth_effect      = Growth::Linear;  // f_bw
  Growth computation_speedup   = Growth::Linear;  // f_Pcomp
  Growth communication_speedup = Growth::Linear;  // f_Pcomm
  double cpu_scaling           = 1;  // multiplies the computation coefficients (a cluster's CPU scaling factor)

  double time(std::size_t processors, double cpu, double bandwidth) const;
  double time(const ScheduleTraits& t) const { return time(t.processors, t.cpu, t.bandwidth); }

  // True when T never grows with P, cpu or bw: f_bw, f_Pcomp and f_Pcomm all increasing. Box Elimination's
  // sub-box elimination is sound only then.
  bool monotone() const;
  // The same application on a cluster whose machines are `factor` times slower (Sanjay's scaling factors).
  PerformanceModel scaled(double factor) const;
};

// Eq. 5.1: a run of consecutive phases is scheduled with the sum of its phases' models, g = f_i + ... + f_j. A
// view over models that must outlive it. One model converts to a sum of one, so every policy written for Eq. 4.1
// schedules an interval of phases as well.
class ModelSum {
public:
  ModelSum(const PerformanceModel& one) : first_(&one), count_(1) {}  // NOLINT: implicit on purpose
  // Throws std::invalid_argument for an empty run.
  ModelSum(const PerformanceModel* first, std::size_t count);

  double time(std::size_t processors, double cpu, double bandwidth) const;
  double time(const ScheduleTraits& t) const { return time(t.processors, t.cpu, t.bandwidth); }
  // Every phase monotone: so is the sum, and Box Elimination may schedule it.
  bool monotone() const;
  const std::string& application() const { return first_->application; }
  std::size_t phases() const { return count_; }
  const PerformanceModel& phase(std::size_t k) const { return first_[k]; }
  // A digest of what the sum computes (every phase's terms, functions and scaling; not the application's name): two
  // runs of phases with the same models have the same digest wherever they sit in an application.
  std::uint64_t digest() const;

private:
  const PerformanceModel* first_;
  std::size_t count_;
};

}  // namespace isogrid::scheduling
