// The catalog of everything isogrid ships: models, policies (by the decision they make), platform generators.
#include "policies/dlt/sequence.hpp"
#include "simulator/core/catalog.hpp"
#include "policies/farm/prefetch.hpp"
#include "policies/farm/worker_selection.hpp"
#include "policies/gph/runtime_policies.hpp"
#include "workloads/gph/gph_model.hpp"
#include "policies/rescheduling/planners.hpp"
#include "policies/scheduling/resource_selection.hpp"
#include "workloads/loads/platform_loads.hpp"
#include "workloads/performance_modelling/performance_modelling_model.hpp"
#include "policies/sensing/forecasters.hpp"
#include "workloads/rescheduling/rescheduling_grid_model.hpp"
#include "workloads/rescheduling/rescheduling_plan_model.hpp"
#include "workloads/resource_selection/resource_selection_model.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "workloads/master_worker/farm_model.hpp"
#include "workloads/master_worker/plan_command.hpp"
#include "workloads/loads/load_command.hpp"
#include "policies/loads/generators.hpp"
#include "workloads/divisible_load/dlt_star_model.hpp"
#include "workloads/examples/token_ring_model.hpp"
#include "workloads/stencil/lbm_models.hpp"
#include "policies/stencil/decomposition.hpp"

#include <stdexcept>

namespace isogrid {

namespace {

bool built = false;

std::vector<std::pair<std::unique_ptr<Model>, std::string>>& plugin_models()
{
  static std::vector<std::pair<std::unique_ptr<Model>, std::string>> models;
  return models;
}

Catalog make_builtin_catalog()
{
  install_builtin_services();
  Catalog c;
  c.add_model(dlt::make_dlt_star_model());
  c.add_model(stencil::make_lbm_grid_model());
  c.add_model(stencil::make_lbm_estimation_model());
  c.add_model(stencil::make_grid_speedup_general_model());
  c.add_model(farm::make_hierarchical_farm_model());
  c.add_model(gph::make_gph_runtime_model());
  c.add_model(scheduling::make_resource_selection_model());
  c.add_model(rescheduling::make_rescheduling_plan_model());
  c.add_model(rescheduling::make_rescheduling_grid_model());
  c.add_model(modelling::make_performance_modelling_model());
  c.add_model(examples::make_token_ring_model());
  c.add_policies(dlt::sequence_policies());
  c.add_policies(farm::prefetch_policies());
  c.add_policies(farm::selection_policies());
  c.add_policies(stencil::decomposition_policies());
  c.add_policies(gph::runtime_policies());
  c.add_policies(scheduling::resource_selection_policies());
  c.add_policies(rescheduling::planners());
  c.add_policies(loads::load_generators());
  c.add_policies(sensing::forecasters());
  for (auto& command : builtin_commands())
    c.add_command(std::move(command));
  for (auto& g : grid_spec_generators())
    c.add_platform_generator(std::move(g));
  for (auto& [model, plugin] : plugin_models())
    c.add_model(std::move(model), plugin);
  plugin_models().clear();
  built = true;
  return c;
}

}  // namespace

void install_builtin_services()
{
  loads::install_platform_loads();  // grid specs may declare background load from here on
}

const Catalog& builtin_catalog()
{
  static const Catalog catalog = make_builtin_catalog();
  return catalog;
}

bool builtin_catalog_built() { return built; }

const std::vector<std::string>& builtin_model_names()
{
  static const std::vector<std::string> names = {
      "dlt-star",  "lbm-grid",          "lbm-estimation",    "grid-speedup-general", "hierarchical-farm",
      "gph-runtime", "resource-selection", "rescheduling-plan", "rescheduling-grid",    "performance-modelling",
      "token-ring"};
  return names;
}

void add_plugin_model(std::unique_ptr<Model> model, std::string plugin)
{
  if (built)
    throw std::logic_error("add_plugin_model after the catalog was built");
  plugin_models().emplace_back(std::move(model), std::move(plugin));
}

std::vector<CommandEntry> builtin_commands() { return {farm::plan_command(), loads::load_command()}; }

}  // namespace isogrid
