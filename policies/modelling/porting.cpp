#include "policies/modelling/porting.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace isogrid::modelling {

double cpu_scaling_factor(double target_time, double reference_time)
{
  if (!(target_time > 0 && reference_time > 0))
    throw std::invalid_argument("R_cpu needs two positive single-processor times");
  return target_time / reference_time;
}

double bandwidth_scaling_factor(const scheduling::PerformanceModel& model, double r_cpu,
                                const std::vector<Observation>& target_runs)
{
  bool communicates = false;
  for (const scheduling::Term& t : model.communication)
    communicates = communicates || t.coefficient != 0;
  bool several = false;
  for (const Observation& r : target_runs)
    several = several || r.processors > 1;
  if (!several)
    throw std::invalid_argument("R_bw needs target runs with communication (two processors or more)");
  if (!communicates)
    return 1;
  // time - computation part = R_bw x communication part, for every run: least squares in R_bw alone.
  double cross = 0, square = 0;
  for (const Observation& r : target_runs) {
    scheduling::PerformanceModel m         = model;
    m.problem_size                         = r.problem_size;
    scheduling::PerformanceModel comp_only = ported(m, r_cpu, 0);
    scheduling::PerformanceModel comm_only = ported(m, 0, 1);
    double comp                            = comp_only.time(r.processors, r.cpu, r.bandwidth);
    double comm                            = comm_only.time(r.processors, r.cpu, r.bandwidth);
    if (!std::isfinite(comp) || !std::isfinite(comm))
      continue;
    cross += comm * (r.time - comp);
    square += comm * comm;
  }
  if (!(square > 0))
    return 1;  // the communication vanishes on these runs (f_comm(N) 0 at their sizes): nothing to scale
  return std::max(0.0, cross / square);
}

scheduling::PerformanceModel ported(scheduling::PerformanceModel model, double r_cpu, double r_bw)
{
  for (scheduling::Term& t : model.computation)
    t.coefficient *= r_cpu;
  for (scheduling::Term& t : model.communication)
    t.coefficient *= r_bw;
  return model;
}

}  // namespace isogrid::modelling
