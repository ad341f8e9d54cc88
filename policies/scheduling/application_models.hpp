#pragma once
// Eq. 4.1 models for the four applications of Sanjay's chapter 4 simulations (MD, Eigen, SSOR, IS). The thesis
// fits them on an 8-machine Pentium IV cluster but publishes no coefficient, so these are [ASSUMPTION]s: the
// complexity the algorithm has, a scalability function from Tables 3.1/3.2 that keeps T monotone (Box
// Elimination needs it), and coefficients that put a good schedule on a 256-machine cluster in the tens to
// hundreds of seconds, as the thesis's figures and Table 4.1 are. Times are in seconds, bandwidth in Mbit/s.
#include "base/named_registry.hpp"
#include "policies/scheduling/performance_model.hpp"

namespace isogrid::scheduling {

// The application's model at its thesis problem size (MD 2048 molecules, Eigen 10000, SSOR 3328, IS 400000).
const NamedRegistry<PerformanceModel>& application_models();

}  // namespace isogrid::scheduling
