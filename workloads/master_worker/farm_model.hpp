#pragma once
#include "simulator/core/model.hpp"

#include <memory>

namespace isogrid::farm {

// "hierarchical-farm": Argollo et al.'s master-worker over Internet-linked clusters, Eqs. 1-5 and the simulation.
std::unique_ptr<Model> make_hierarchical_farm_model();

}  // namespace isogrid::farm
