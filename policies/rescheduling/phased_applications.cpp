#include "policies/rescheduling/phased_applications.hpp"

#include "base/random.hpp"

#include <cmath>

namespace isogrid::rescheduling {

using scheduling::Growth;

PerformanceModel phase_model(const std::string& application, const PhaseShape& shape, double reference_n, double n)
{
  PerformanceModel m;
  m.application  = application;
  m.problem_size = n;
  // c N^a equals the shape's seconds (megabits) at the reference size.
  m.computation = {
      {shape.computation_seconds / std::pow(reference_n, shape.computation_power), shape.computation_power, 0}};
  m.communication = {
      {shape.communication_mbit / std::pow(reference_n, shape.communication_power), shape.communication_power, 0}};
  m.computation_speedup   = shape.computation_speedup;
  m.communication_speedup = shape.communication_speedup;
  m.bandwidth_effect      = Growth::Linear;
  return m;
}

namespace {

// An application's phases: runs of consecutive phases of one step kind (an execution goes through regimes:
// set-up, equilibration, production, analysis, ...), each phase's magnitudes times a factor drawn once with a
// fixed seed, so that the shipped coefficients never change: U[1 - spread, 1 + spread] for a nearly uniform
// application, log-uniform over `spread` decades around 1 for a non-uniform one.
struct Run {
  PhaseShape kind;
  std::size_t phases;
};

struct Recipe {
  std::string name;
  double reference_n;
  std::vector<Run> runs;
  bool uniform;
  double spread;
  std::uint64_t seed;
};

PhasedApplication build(const Recipe& r)
{
  SeededRandom random(r.seed);
  std::vector<PerformanceModel> phases;
  for (const Run& run : r.runs)
    for (std::size_t k = 0; k < run.phases; ++k) {
      PhaseShape shape = run.kind;
      double factor    = r.uniform ? random.uniform(1 - r.spread, 1 + r.spread)
                                   : std::pow(10.0, random.uniform(-r.spread / 2, r.spread / 2));
      shape.computation_seconds *= factor;
      shape.communication_mbit *= factor;
      phases.push_back(phase_model(r.name, shape, r.reference_n, r.reference_n));
    }
  return PhasedApplication(r.name, std::move(phases));
}

}  // namespace

PhaseShape reference_step(double comp_s, Growth comp, double comm_s, Growth comm, double comp_power, double comm_power)
{
  PhaseShape shape;
  shape.computation_seconds   = comp_s * kReferenceCpu * scheduling::apply(comp, kReferenceProcessors);
  shape.communication_mbit    = comm_s * kReferenceBandwidth * scheduling::apply(comm, kReferenceProcessors);
  shape.computation_speedup   = comp;
  shape.communication_speedup = comm;
  shape.computation_power     = comp_power;
  shape.communication_power   = comm_power;
  return shape;
}

const NamedRegistry<PhasedApplication>& phased_applications()
{
  static const NamedRegistry<PhasedApplication> registry = [] {
    NamedRegistry<PhasedApplication> r("phased-application", "phased application");
    // Lennard-Jones MD on a systolic ring, N = 8192 molecules. Its steps: the N^2 force stage (scales with P),
    // integration (N, P), ring shifts (neighbour to neighbour, log P, next to no computation), the neighbour-list
    // rebuild (N, serialised by its bins: log P) and reductions to the root (a tree: log P). Its regimes: the
    // initial distribution, equilibration (forces and frequent rebuilds), production (forces and shifts), and
    // the analysis at the end. Magnitudes are seconds on the reference schedule, about 8 h in all: one phase of
    // the 15-phase MD is then a valid interval (> 20 min) and a reschedule at each change of regime can still pay
    // at the thesis's highest rcost (300 s), as its Table 5.1 implies.
    const PhaseShape force   = reference_step(1050, Growth::Pow1_5, 75, Growth::Sqrt, 2, 1);
    const PhaseShape shift   = reference_step(12.5, Growth::Linear, 950, Growth::Log, 1, 1);
    const PhaseShape rebuild = reference_step(800, Growth::Log, 100, Growth::Log, 1, 1);
    const PhaseShape reduce  = reference_step(12.5, Growth::Log, 750, Growth::Log, 1, 1);
    const PhaseShape advance = reference_step(750, Growth::Linear, 50, Growth::Linear, 1, 1);
    Recipe md{"MD",  8192, {{shift, 3}, {force, 6}, {rebuild, 6}, {advance, 3}, {force, 6}, {reduce, 3}, {rebuild, 3}},
              false, 0.6,  2008030};
    PhasedApplication md30 = build(md);
    r.add("MD",
          "Lennard-Jones MD, 30 non-uniform phases (distribution, equilibration, production, analysis), "
          "N = 8192",
          md30);
    r.add("MD-15", "MD's 30 phases merged pairwise into 15 (the thesis's brute-force case)", md30.merged(2, "MD-15"));
    // ChaNGa, N = 1e6 particles: the gravity tree walk (P^1.5 from its cache reuse), domain decomposition
    // (all-to-all, sqrt P), the tree build (log P), load balancing (log P both ways), drift/kick (P); individual
    // time-steps spread the magnitudes widely.
    const PhaseShape gravity = reference_step(570, Growth::Pow1_5, 60, Growth::Sqrt, 1, 1);
    const PhaseShape domains = reference_step(30, Growth::Linear, 480, Growth::Sqrt, 1, 1);
    const PhaseShape tree    = reference_step(450, Growth::Log, 75, Growth::Log, 1, 1);
    const PhaseShape balance = reference_step(15, Growth::Log, 420, Growth::Log, 1, 1);
    const PhaseShape drift   = reference_step(390, Growth::Linear, 15, Growth::Linear, 1, 1);
    Recipe changa{"ChaNGa",
                  1e6,
                  {{domains, 4},
                   {tree, 4},
                   {gravity, 10},
                   {balance, 4},
                   {drift, 6},
                   {gravity, 10},
                   {domains, 4},
                   {tree, 4},
                   {gravity, 4}},
                  false,
                  1.0,
                  2008050};
    r.add("ChaNGa", "Charm N-body GrAvity solver, 50 non-uniform phases, N = 1e6", build(changa));
    // Athena on a 256^3 grid: every phase one block of steps, N^3 cells (P) and N^2 ghost cells (sqrt P: the
    // surface each process owns).
    Recipe athena{"Athena", 256,  {{reference_step(150, Growth::Linear, 40, Growth::Sqrt, 3, 2), 100}},
                  true,     0.05, 2008100};
    r.add("Athena", "grid-based astrophysical gas dynamics, 100 nearly uniform phases, 256^3 cells", build(athena));
    // LAMMPS crack propagation, N = 1e6 atoms: set-up exchange (sqrt P), pair forces (P), neighbour lists (log P),
    // the crack fix (serial-ish: log P), atom migration as the crack opens (sqrt P).
    const PhaseShape exchange = reference_step(50, Growth::Linear, 825, Growth::Sqrt, 1, 1);
    const PhaseShape pair     = reference_step(1050, Growth::Linear, 100, Growth::Sqrt, 1, 1);
    const PhaseShape lists    = reference_step(750, Growth::Log, 150, Growth::Log, 1, 1);
    const PhaseShape crack    = reference_step(375, Growth::Log, 500, Growth::Log, 1, 1);
    Recipe lammps{"LAMMPS", 1e6, {{exchange, 3}, {pair, 8}, {lists, 3}, {crack, 4}, {pair, 5}, {exchange, 3}},
                  false,    0.6, 2008026};
    r.add("LAMMPS", "classical MD (crack propagation), 26 non-uniform phases, N = 1e6", build(lammps));
    // MPB, N = 64^3 plane waves: every phase one block of eigensolver iterations, FFTs (P) and their transposes
    // (all-to-all, sqrt P).
    Recipe mpb{"MPB", 262144, {{reference_step(300, Growth::Linear, 150, Growth::Sqrt, 1, 1), 32}},
               true,  0.05,   2008032};
    r.add("MPB", "MIT Photonic Bands, 32 nearly uniform phases, N = 64^3", build(mpb));
    return r;
  }();
  return registry;
}

}  // namespace isogrid::rescheduling
