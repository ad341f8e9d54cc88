#pragma once
// "spanning-tree": the worked example of Drozdowski & Wielebski's Sec. 2 (after Akl), a minimum spanning tree of an
// n-vertex graph on m processors: T(m) = c1 n²/m + c2 n log m, T(1) = c1 n². Its isoefficiency function is known in
// closed form, f(k, m) = c2 m log m / (c1 (1/k - 1)), which makes it the reference a traced isoefficiency line and
// its fitted growth law (n grows as m log m) are checked against. The log is log2: a binary reduction tree.
//
// Simulated: m hosts of 1 Gflop/s behind links of 1 TB/s without latency (a star), each computing c1 n²/m seconds
// of work, then the per-vertex minima reduced up a binary tree, ceil(log2 m) rounds of c2 n seconds each; T(1) is
// one host computing c1 n². The faces agree exactly where m is a power of two.
#include "simulator/core/model_schema.hpp"

#include <memory>

namespace isogrid::spanning_tree {

struct SpanningTreeParams {
  long long m = 4;
  double n    = 1000;  // real-valued, so that the isoefficiency function is searched as a continuous one
  double c1   = 1e-6;  // s
  double c2   = 1e-4;  // s
};

struct SpanningTreeMetrics {
  double makespan, sequential_time, speedup, efficiency;
};

const ModelSchema<SpanningTreeParams, SpanningTreeMetrics>& spanning_tree_schema();
std::unique_ptr<Model> make_spanning_tree_model();

}  // namespace isogrid::spanning_tree
