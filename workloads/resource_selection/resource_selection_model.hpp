#pragma once
#include "simulator/core/model.hpp"

#include <memory>

namespace isogrid::scheduling {

// "resource-selection": Sanjay's chapter 4 simulations. Each point draws one single- or multi-cluster state and
// races the named schedulers on it, each under the same budget; metrics are the exact Eq. 4.1 time of each
// scheduler's schedule and how Box Elimination fares against the best of the others.
std::unique_ptr<Model> make_resource_selection_model();

}  // namespace isogrid::scheduling
