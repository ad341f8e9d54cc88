#pragma once
// `isogrid plan PLATFORM.yaml`: the hierarchical-farm model's own subcommand, registered in the catalog as the
// model is. It runs Argollo et al.'s three-phase tuning methodology as an analytic planner (docs/planning.md).
#include "simulator/core/catalog.hpp"

namespace isogrid::farm {

CommandEntry plan_command();
void define_plan_command(CLI::App& command);

}  // namespace isogrid::farm
