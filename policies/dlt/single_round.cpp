#include "policies/dlt/single_round.hpp"

#include <cmath>
#include <limits>

namespace isogrid::dlt {

namespace {
// Startup and per-unit cost of one worker's whole round trip (see the header).
double startup(const Worker& w, double beta) { return beta > 0 ? 2 * w.S : w.S; }
double unit_cost(const Worker& w, double beta) { return (1 + beta) * w.C + w.A; }
}  // namespace

Summary solve_into(const Worker* workers, size_t m, double V, double beta, double* alpha)
{
  Summary out;
  if (m == 0)
    return out;

  // alpha_i = a_i alpha_1 + b_i; a_i > 0 and b_i <= 0 by construction.
  // Prefix k is feasible iff alpha_1(k) = (V - B_k)/A_k >= max_{i<=k} (-b_i/a_i).
  double a = 1, b = 0;
  double sum_a = 0, sum_b = 0;
  double need = 0;  // running max of -b_i / a_i
  for (size_t i = 0; i < m; ++i) {
    if (i > 0) {
      const Worker& prev = workers[i - 1];
      const Worker& cur  = workers[i];
      double w           = unit_cost(cur, beta);
      a                  = prev.A * a / w;
      b                  = (prev.A * b - startup(cur, beta)) / w;
      // a underflows to 0 for very long chains: worker i can then never get a positive share.
      need = std::max(need, a > 0 ? -b / a : std::numeric_limits<double>::infinity());
    }
    alpha[i] = a;  // park a_i; replaced by alpha_i below
    sum_a += a;
    sum_b += b;
    if ((V - sum_b) / sum_a >= need)
      out.largest_feasible = i + 1;
  }

  double alpha1 = (V - sum_b) / sum_a;
  // Second pass rebuilds b_i rather than storing it: keeps the solver at one output array.
  b            = 0;
  out.feasible = true;
  for (size_t i = 0; i < m; ++i) {
    if (i > 0) {
      const Worker& prev = workers[i - 1];
      b                  = (prev.A * b - startup(workers[i], beta)) / unit_cost(workers[i], beta);
    }
    alpha[i] = alpha[i] * alpha1 + b;
    if (alpha[i] < 0 && out.feasible) {
      out.feasible       = false;
      out.first_negative = i + 1;
    }
  }

  const Worker& first = workers[0];
  out.sequential      = startup(first, beta) + unit_cost(first, beta) * V;
  if (out.feasible) {
    out.makespan   = startup(first, beta) + unit_cost(first, beta) * alpha[0];
    out.speedup    = out.sequential / out.makespan;
    out.efficiency = out.speedup / static_cast<double>(m);
  } else {
    out.makespan = std::numeric_limits<double>::quiet_NaN();
  }
  return out;
}

Partition solve(const std::vector<Worker>& workers, double V, double beta)
{
  Partition p;
  p.alpha.resize(workers.size());
  p.summary = solve_into(workers.data(), workers.size(), V, beta, p.alpha.data());
  return p;
}

double homogeneous_makespan(size_t m, double V, double A, double C, double S)
{
  double q  = A / (A + C);
  double qm = std::pow(q, static_cast<double>(m));
  return (C * V + static_cast<double>(m) * S) / (1 - qm) - S * A / C;
}

double homogeneous_asymptotic_efficiency(size_t m, double A, double C)
{
  double q = A / (A + C);
  return (1 - std::pow(q, static_cast<double>(m))) / (static_cast<double>(m) * (1 - q));
}

double asymptotic_efficiency(const std::vector<Worker>& workers)
{
  double sum = 0, product = 1;
  for (size_t i = 0; i < workers.size(); ++i) {
    sum += product;
    if (i + 1 < workers.size())
      product *= workers[i].A / (workers[i + 1].A + workers[i + 1].C);
  }
  return sum / static_cast<double>(workers.size());  // 1 / (m alpha_1), alpha_1 = 1 / sum
}

double capacity_time(const std::vector<Worker>& workers, double V, double beta)
{
  double rate = 0;
  for (const Worker& w : workers)
    rate += 1 / ((1 + beta) * w.C + w.A);
  return V / rate;
}

}  // namespace isogrid::dlt
