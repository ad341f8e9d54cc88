#include "policies/scheduling/application_models.hpp"

namespace isogrid::scheduling {

namespace {

PerformanceModel model(std::string application, double n, std::vector<Term> comp, Growth comp_speedup,
                       std::vector<Term> comm, Growth comm_speedup)
{
  PerformanceModel m;
  m.application           = std::move(application);
  m.problem_size          = n;
  m.computation           = std::move(comp);
  m.computation_speedup   = comp_speedup;
  m.communication         = std::move(comm);
  m.communication_speedup = comm_speedup;
  m.bandwidth_effect      = Growth::Linear;
  return m;
}

}  // namespace

const NamedRegistry<PerformanceModel>& application_models()
{
  static const NamedRegistry<PerformanceModel> registry = [] {
    NamedRegistry<PerformanceModel> r("application-model", "application model");
    // Lennard-Jones MD, systolic ring: N^2 pair interactions shared by P processes; each process passes every
    // particle once round the ring, so the data moved is ~N, spread over more links as P grows (sqrt P).
    // 2684 s on one free reference machine at N = 2048.
    r.add("MD", "Lennard-Jones molecular dynamics, systolic ring: 6.4e-4 N^2 / (cpu P) + 0.86 N / (bw sqrt P)",
          model("MD", 2048, {{6.4e-4, 2, 0}}, Growth::Linear, {{0.86, 1, 0}}, Growth::Sqrt));
    // ScaLAPACK PDSYEV: N^3 work; the thesis finds Eigen "highly scalable" (its best schedules are the largest),
    // which the P^1.5 candidate of Table 3.2 gives; N^2 matrix data redistributed over P links.
    r.add("Eigen", "symmetric eigenproblem (ScaLAPACK PDSYEV): 2e-8 N^3 / (cpu P^1.5) + 1.8e-3 N^2 / (bw P)",
          model("Eigen", 10000, {{2e-8, 3, 0}}, Growth::Pow1_5, {{1.8e-3, 2, 0}}, Growth::Linear));
    // Red-black SSOR on an N x N grid, rows in blocks: N^2 updates per sweep; each process exchanges two N-long
    // halo rows whatever P, so communication barely shrinks with P (log P, the slowest increasing candidate).
    r.add("SSOR", "red-black successive over-relaxation: 2.7e-4 N^2 / (cpu P) + 0.72 N / (bw log P)",
          model("SSOR", 3328, {{2.7e-4, 2, 0}}, Growth::Linear, {{0.72, 1, 0}}, Growth::Log));
    // NAS IS, bucket sort: N log N local work, every key crosses the network once (all-to-all), sqrt P.
    r.add("IS", "integer sort (NAS IS): 9.7e-5 N ln N / (cpu P) + 8e-3 N / (bw sqrt P)",
          model("IS", 400000, {{9.7e-5, 1, 1}}, Growth::Linear, {{8e-3, 1, 0}}, Growth::Sqrt));
    return r;
  }();
  return registry;
}

}  // namespace isogrid::scheduling
