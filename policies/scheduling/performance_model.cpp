#include "policies/scheduling/performance_model.hpp"

#include "base/random.hpp"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace isogrid::scheduling {

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

struct GrowthInfo {
  Growth growth;
  std::string name;
};

const std::array<GrowthInfo, 16>& growth_table()
{
  static const std::array<GrowthInfo, 16> table = {{
      {Growth::Sqrt, "sqrt"},
      {Growth::Linear, "x"},
      {Growth::Pow1_5, "x^1.5"},
      {Growth::Square, "x^2"},
      {Growth::Pow2_5, "x^2.5"},
      {Growth::Cube, "x^3"},
      {Growth::Log, "log"},
      {Growth::LinearLog, "xlog"},
      {Growth::InvSqrt, "1/sqrt"},
      {Growth::InvLinear, "1/x"},
      {Growth::InvPow1_5, "1/x^1.5"},
      {Growth::InvSquare, "1/x^2"},
      {Growth::InvPow2_5, "1/x^2.5"},
      {Growth::InvCube, "1/x^3"},
      {Growth::InvLog, "1/log"},
      {Growth::InvLinearLog, "1/xlog"},
  }};
  return table;
}

double forward(Growth g, double x)
{
  switch (g) {
    case Growth::Sqrt:
    case Growth::InvSqrt: return std::sqrt(x);
    case Growth::Linear:
    case Growth::InvLinear: return x;
    case Growth::Pow1_5:
    case Growth::InvPow1_5: return x * std::sqrt(x);
    case Growth::Square:
    case Growth::InvSquare: return x * x;
    case Growth::Pow2_5:
    case Growth::InvPow2_5: return x * x * std::sqrt(x);
    case Growth::Cube:
    case Growth::InvCube: return x * x * x;
    case Growth::Log:
    case Growth::InvLog: return std::log(x);
    case Growth::LinearLog:
    case Growth::InvLinearLog: return x * std::log(x);
  }
  return x;
}

}  // namespace

bool increasing(Growth g) { return static_cast<int>(g) < static_cast<int>(Growth::InvSqrt); }

double apply(Growth g, double x)
{
  double y = forward(g, x);
  return increasing(g) ? y : 1 / y;
}

const std::string& growth_name(Growth g) { return growth_table()[static_cast<std::size_t>(g)].name; }

Growth parse_growth(const std::string& name)
{
  std::string known;
  for (const GrowthInfo& info : growth_table()) {
    if (info.name == name)
      return info.growth;
    known += (known.empty() ? "" : ", ") + info.name;
  }
  throw std::invalid_argument("unknown growth function '" + name + "'; known: " + known);
}

double complexity(const std::vector<Term>& terms, double n)
{
  double sum = 0;
  for (const Term& t : terms)
    sum += t.coefficient * std::pow(n, t.power) * (t.log_power != 0 ? std::pow(std::log(n), t.log_power) : 1.0);
  return sum;
}

double PerformanceModel::time(std::size_t processors, double cpu, double bandwidth) const
{
  if (processors == 0)
    return infinity;
  const double p    = static_cast<double>(processors);
  double comp_speed = cpu * apply(computation_speedup, p);
  double comp       = cpu_scaling * complexity(computation, problem_size);
  double t          = comp > 0 ? (comp_speed > 0 ? comp / comp_speed : infinity) : 0;
  if (processors > 1) {
    double comm       = complexity(communication, problem_size);
    double comm_speed = apply(bandwidth_effect, bandwidth) * apply(communication_speedup, p);
    if (comm > 0)
      t += comm_speed > 0 && std::isfinite(comm_speed) ? comm / comm_speed : (comm_speed > 0 ? 0 : infinity);
  }
  return t;
}

bool PerformanceModel::monotone() const
{
  return increasing(bandwidth_effect) && increasing(computation_speedup) && increasing(communication_speedup);
}

PerformanceModel PerformanceModel::scaled(double factor) const
{
  PerformanceModel m = *this;
  m.cpu_scaling *= factor;
  return m;
}

ModelSum::ModelSum(const PerformanceModel* first, std::size_t count) : first_(first), count_(count)
{
  if (count == 0 || first == nullptr)
    throw std::invalid_argument("an interval holds at least one phase");
}

double ModelSum::time(std::size_t processors, double cpu, double bandwidth) const
{
  double t = 0;
  for (std::size_t k = 0; k < count_; ++k)
    t += first_[k].time(processors, cpu, bandwidth);
  return t;
}

bool ModelSum::monotone() const
{
  for (std::size_t k = 0; k < count_; ++k)
    if (!first_[k].monotone())
      return false;
  return true;
}

std::uint64_t ModelSum::digest() const
{
  std::uint64_t h = 0x6d6f64656c73756dULL;  // "modelsum"
  auto add        = [&h](double x) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    h = mix64(h ^ bits);
  };
  for (std::size_t k = 0; k < count_; ++k) {
    const PerformanceModel& m = first_[k];
    add(m.problem_size);
    add(m.cpu_scaling);
    for (const auto* terms : {&m.computation, &m.communication}) {
      add(static_cast<double>(terms->size()));
      for (const Term& t : *terms) {
        add(t.coefficient);
        add(t.power);
        add(t.log_power);
      }
    }
    for (Growth g : {m.bandwidth_effect, m.computation_speedup, m.communication_speedup})
      add(static_cast<double>(g));
  }
  return h;
}

}  // namespace isogrid::scheduling
