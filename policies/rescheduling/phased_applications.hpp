#pragma once
// Per-phase Eq. 3.6 models for the five multi-phase applications of Sanjay's chapter 5 (MD 30 phases, ChaNGa 50,
// Athena 100, LAMMPS 26, MPB 32) and the 15-phase MD brute force runs on. The thesis fits them on a 48-core
// Opteron cluster but publishes no coefficient and no problem size for chapter 5, so these are [ASSUMPTION]s,
// built from what it does say (phased_applications.cpp says how):
// - each phase is one step of the application's own structure (MD: forces, ring shifts, integration, neighbour
//   lists, reductions), with the complexity in N and the scalability functions of Tables 3.1-3.2 such a step has,
//   all increasing so that Box Elimination's elimination stays sound;
// - MD, ChaNGa and LAMMPS have strongly non-uniform phases (different scalability, magnitudes spread over an
//   order of magnitude), Athena and MPB nearly uniform ones (the same functions, magnitudes within 5 %): Table
//   3.10's single-vs-cumulative model errors fall most for the first three;
// - magnitudes put the whole run, on a good schedule of a 512-machine cluster at U(0.1, 1) CPU, at a few hours,
//   so that valid intervals (> 20 min) hold a few phases and Table 5.3's multi-cluster means (6-7 h) are in reach.
#include "base/named_registry.hpp"
#include "policies/rescheduling/phased_application.hpp"

namespace isogrid::rescheduling {

// MD, MD-15, ChaNGa, Athena, LAMMPS, MPB at their default problem sizes.
const NamedRegistry<PhasedApplication>& phased_applications();

// What one phase is, in the units a user writes: free single-machine seconds of computation at the reference
// size and megabits to move, each with its scalability function and its growth in N.
struct PhaseShape {
  double computation_seconds               = 0;
  double communication_mbit                = 0;
  scheduling::Growth computation_speedup   = scheduling::Growth::Linear;
  scheduling::Growth communication_speedup = scheduling::Growth::Linear;
  double computation_power = 1, communication_power = 1;  // of N
};

// The reference schedule a phase's magnitudes are given on: 256 machines, the slowest at 55 % of its CPU, the slowest
// link at 300 Mbit/s (a half-loaded, half-used 1 Gbit/s cluster). A step "takes s seconds" there; on its own best
// schedule it takes less, and on a schedule that suits another step, more.
constexpr double kReferenceProcessors = 256, kReferenceCpu = 0.55, kReferenceBandwidth = 300;

// A phase of `comp_s` seconds of computation and `comm_s` of communication on the reference schedule, each part
// scaling with P as its growth function says and with N as its power.
PhaseShape reference_step(double comp_s, scheduling::Growth comp, double comm_s, scheduling::Growth comm,
                          double comp_power = 1, double comm_power = 1);

// The Eq. 3.6 model of a phase of that shape at problem size n, sized so that it is the shape at reference_n.
PerformanceModel phase_model(const std::string& application, const PhaseShape& shape, double reference_n, double n);

}  // namespace isogrid::rescheduling
