// The catalog of everything isogrid ships: models, policies (by the decision they make), platform generators.
#include "policies/dlt/sequence.hpp"
#include "simulator/core/catalog.hpp"
#include "policies/farm/prefetch.hpp"
#include "policies/farm/resource_selection.hpp"
#include "policies/gph/runtime_policies.hpp"
#include "workloads/gph/gph_model.hpp"
#include "policies/scheduling/resource_selection.hpp"
#include "workloads/resource_selection/resource_selection_model.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "workloads/master_worker/farm_model.hpp"
#include "workloads/divisible_load/dlt_star_model.hpp"
#include "workloads/stencil/lbm_models.hpp"
#include "policies/stencil/decomposition.hpp"

namespace isogrid {

namespace {

Catalog make_builtin_catalog()
{
  Catalog c;
  c.add_model(dlt::make_dlt_star_model());
  c.add_model(stencil::make_lbm_grid_model());
  c.add_model(stencil::make_lbm_estimation_model());
  c.add_model(stencil::make_grid_speedup_general_model());
  c.add_model(farm::make_hierarchical_farm_model());
  c.add_model(gph::make_gph_runtime_model());
  c.add_model(scheduling::make_resource_selection_model());
  for (const auto& e : dlt::sequence_policies().entries())
    c.add_policy({"dlt-sequence", e.name, e.summary});
  for (const auto& e : farm::prefetch_policies().entries())
    c.add_policy({"farm-prefetch", e.name, e.summary});
  for (const auto& e : farm::selection_policies().entries())
    c.add_policy({"farm-selection", e.name, e.summary});
  for (const auto& e : stencil::decomposition_policies().entries())
    c.add_policy({"stencil-decomposition", e.name, e.summary});
  for (const auto& e : gph::runtime_policies().entries())
    c.add_policy({"gph-runtime", e.name, e.summary});
  for (const auto& e : scheduling::resource_selection_policies().entries())
    c.add_policy({"resource-selection", e.name, e.summary});
  for (auto& g : grid_spec_generators())
    c.add_platform_generator(std::move(g));
  return c;
}

}  // namespace

const Catalog& builtin_catalog()
{
  static const Catalog catalog = make_builtin_catalog();
  return catalog;
}

}  // namespace isogrid
