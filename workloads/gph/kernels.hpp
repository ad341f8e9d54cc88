#pragma once
// The six kernels of Al Zain, Trinder, Michaelson and Loidl (TPDS 2008) as lazily expanded GpH programs
// (program.hpp). The paper publishes the code of parfib and sumEuler only; the other four are generators built
// from what the paper says about them (Appendix A.2, Tables 1, 6, 16): every assumption is marked in the kernel's
// comment. Work is in reference-PE seconds, the reference PE being an Edin1 PE (534 MHz), the machine of Table 1:
// every default instance takes Table 1's sequential runtime on a speed-1 PE.
//
// Costs are deterministic functions of the key and the parameters; the irregular kernels draw their
// irregularity from a hash of the key and a `seed` parameter, never from an RNG.
//
// Threads: the paper's thread counts (Table 6, 16 Edin1 PEs) are not program properties. A GUM runtime turns a
// spark into a thread only on an idle PE (a stolen spark, or a local one activated when the PE's threads block),
// and a spark still in its pool when its parent demands it is absorbed. A program only bounds them: threads <=
// spark_count() + 1. The defaults give at least as many sparks as Table 6 has threads.
//
// Each kernel lives in workloads/gph/kernels/<name>.{hpp,cpp}: its parameters struct, its class, its helpers and
// its registry entry; this header includes them all.
#include "base/named_registry.hpp"
#include "simulator/core/param_spec.hpp"
#include "workloads/gph/kernels/linsolv.hpp"
#include "workloads/gph/kernels/matmult.hpp"
#include "workloads/gph/kernels/parfib.hpp"
#include "workloads/gph/kernels/queens.hpp"
#include "workloads/gph/kernels/raytracer.hpp"
#include "workloads/gph/kernels/sumeuler.hpp"
#include "workloads/gph/program.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace isogrid::gph {

// What the paper prints for a kernel: Table 1 (GRID-GUM1, Edin1: sequential runtime, 16-PE runtime and the
// relative speedup, i.e. against the parallel program on one PE) and Table 6 (GRID-GUM1 on 16 Edin1 PEs).
// Table 1's speedups are relative: 16-PE runtime x speedup is the parallel program's one-PE runtime, which matches
// the sequential column within 2 % except for matMult (1.60x it) and queens (1.25x it).
struct PaperData {
  double sequential_seconds = 0;  // Table 1, Seq
  double pe16_seconds       = 0;  // Table 1, 16 PE
  double speedup16          = 0;  // Table 1, relative speedup
  uint64_t threads16        = 0;  // Table 6, No. of Threads
  double packet_bytes       = 0;  // Table 6, Aver. Pkt Size, GRID-GUM1
};

// ---- the registry --------------------------------------------------------------------------------------------------
struct KernelSpec {
  std::vector<ParamSpec> parameters;  // numbers and whole numbers, with their defaults and bounds
  PaperData paper;
  std::function<std::unique_ptr<Program>(const ProgramParameters& complete)> make;
};

// "parFib", "sumEuler", "queens", "raytracer", "matMult", "linSolv" (the paper's spellings).
const NamedRegistry<KernelSpec>& kernels();

// The kernel with its defaults, overridden by `overrides`. Throws UnknownName for an unknown kernel and
// std::invalid_argument for an unknown parameter (listing the known ones), a non-integral value of an integer
// parameter, or a value the kernel rejects.
std::unique_ptr<Program> make_kernel(const std::string& name, const ProgramParameters& overrides = {});

}  // namespace isogrid::gph
