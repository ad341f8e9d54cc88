#pragma once
// The executions MerITA's modeller learns from (Sanjay, Sec. 6.6), recorded before the stream begins: its database
// then holds the thesis's "base number" of executions (30 by default) when the first application is submitted. (A
// stream of 20 submissions would otherwise never reach 30, and every run would go to arbitrary machines.) On the
// base cluster the application, the same problem as the stream's, runs in turn on 1, 2, 4 and 8 of its first
// machines, each run at a time drawn over the stream's span; its phases run one after the other, each under the
// loads its machines have as it begins (as the stream's phases do, which is what its sensors then report: the
// lowest over its machines), a run past the span meeting the loads again from its start. Every cluster makes one
// dedicated one-processor and one dedicated two-processor run, for porting. One processor applies no speedup
// function (f_P(1) = 1, as the chapter 3 modeller reads such a run). A phase here runs under one load, so the
// modeller learns close to the truth; loads that change within a phase are the simulated face's. Pure.
#include "policies/merita/modeller.hpp"
#include "workloads/merita/merita_run.hpp"

#include <cstdint>

namespace isogrid::merita {

// The first interactive cluster whose machines' load varies: its runs see CPU availability vary, which the staged
// search needs to tell computation from communication at one problem size (on a dedicated cluster every run sees
// the same). Throws std::invalid_argument when the grid has none.
std::size_t base_cluster(const Grid& grid);

// `runs` executions of `app` (its phases on the reference cluster) on the base cluster, drawn over [0, horizon),
// and every cluster's dedicated runs. Throws std::invalid_argument when the base cluster has fewer than 8
// processors.
ExecutionDatabase record_executions(const Grid& grid, const rescheduling::PhasedApplication& app, std::size_t runs,
                                    double horizon, std::uint64_t seed);

}  // namespace isogrid::merita
