#include "workloads/performance_modelling/campaign_applications.hpp"

#include "policies/rescheduling/phased_applications.hpp"
#include "workloads/rescheduling/malleable_run.hpp"

#include <cmath>
#include <stdexcept>

namespace isogrid::modelling {

namespace {

const std::string kPhased = "phased-";

// A phase's share of one process on p processes (the executed rescheduling plans' process_share), its seconds as
// flops at the cluster's speed. One processor applies no speedup function (f_P(1) = 1), as the fitted models read
// it: several phases speed up as log P, which is 0 at P = 1.
SpmdShape phase_shape(const scheduling::PerformanceModel& model, double n, std::size_t p, double speed)
{
  scheduling::PerformanceModel m = model;
  m.problem_size                 = n;
  if (p == 1)
    m.computation_speedup = scheduling::Growth::Linear;
  rescheduling::ProcessShare share = rescheduling::process_share(m, p);
  SpmdShape shape;
  shape.iterations = 1;
  shape.pattern    = Pattern::Ring;
  shape.flops      = share.computation_s * speed;
  shape.bytes      = share.communication_mbit * 1e6 / 8;
  return shape;
}

CampaignApplication phased(const rescheduling::PhasedApplication& app, double speed)
{
  CampaignApplication out;
  out.name                                         = kPhased + app.name();
  out.phases                                       = app.phases();
  std::vector<scheduling::PerformanceModel> models = app.models();
  out.shapes                                       = [models, speed](double n, std::size_t p) {
    std::vector<SpmdShape> shapes;
    for (const scheduling::PerformanceModel& m : models)
      shapes.push_back(phase_shape(m, n, p, speed));
    return shapes;
  };
  // The size at which one dedicated processor takes about 2 000 s: bisection on a log scale.
  const double target = 2000;
  const DedicatedCluster one{speed, 1, 0};
  double low = 1, high = 1;
  while (dedicated_total(out.shapes(high, 1), 1, one) < target)
    high *= 2;
  for (int i = 0; i < 60; ++i) {
    double mid                                                          = std::sqrt(low * high);
    (dedicated_total(out.shapes(mid, 1), 1, one) < target ? low : high) = mid;
  }
  double top      = std::round(high);
  out.step        = std::max(1.0, std::round(top / 60));
  out.train_min   = std::round(top / 2 / out.step) * out.step;
  out.train_max   = std::round(top / out.step) * out.step;
  out.predict_max = 2 * out.train_max;
  return out;
}

}  // namespace

std::vector<std::string> campaign_application_names()
{
  std::vector<std::string> names = spmd_kernel_names();
  for (const std::string& name : rescheduling::phased_applications().names())
    if (name != "custom")
      names.push_back(kPhased + name);
  return names;
}

CampaignApplication campaign_application(const std::string& name, double speed)
{
  if (name.rfind(kPhased, 0) == 0) {
    std::string app = name.substr(kPhased.size());
    if (!rescheduling::phased_applications().contains(app))
      throw std::out_of_range("no phased application " + app);
    return phased(rescheduling::phased_applications().get(app), speed);
  }
  const SpmdKernel& k = spmd_kernel(name);
  CampaignApplication out;
  out.name        = k.name;
  out.train_min   = k.train_min;
  out.train_max   = k.train_max;
  out.step        = k.step;
  out.predict_max = k.predict_max;
  auto shape      = k.shape;
  out.shapes      = [shape](double n, std::size_t p) { return std::vector<SpmdShape>{shape(n, p)}; };
  return out;
}

DedicatedTime dedicated_split(const std::vector<SpmdShape>& phases, std::size_t p, const DedicatedCluster& cluster)
{
  DedicatedTime sum;
  for (const SpmdShape& s : phases) {
    DedicatedTime t = dedicated_time(s, p, cluster);
    sum.computation += t.computation;
    sum.communication += t.communication;
  }
  return sum;
}

double dedicated_total(const std::vector<SpmdShape>& phases, std::size_t p, const DedicatedCluster& cluster)
{
  double total = 0;
  for (const SpmdShape& s : phases)
    total += dedicated_time(s, p, cluster).total();
  return total;
}

}  // namespace isogrid::modelling
