#pragma once
// The "instance" of a performance-modelling point: what its campaign runs, decided from its parameters and its seed
// before anything is simulated. The platform with the loads the point chose (and the target's cluster appended when
// it lies on another platform), the application on the reference cluster's speed, and each run's size and hosts:
// the training runs in a random order, then the predicted runs, then the target's.
#include "simulator/platform/grid_spec.hpp"
#include "workloads/performance_modelling/campaign_applications.hpp"
#include "workloads/performance_modelling/performance_modelling_model.hpp"
#include "workloads/performance_modelling/spmd_kernels.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace isogrid::modelling {

struct RunChoice {
  double problem_size = 0;
  std::vector<std::size_t> hosts;  // indices into the cluster's hosts
};

struct Campaign {
  GridSpec spec;  // the platform, with the loads this point chose (and the target's cluster, when it is elsewhere)
  std::size_t cluster = 0;
  CampaignApplication application;  // on that cluster's speed
  std::vector<RunChoice> runs;
  std::size_t training = 0;
  std::optional<std::size_t> target;   // the target cluster of a cross-platform campaign
  std::vector<RunChoice> target_runs;  // the same application's runs there
  std::uint64_t seed = 0;              // the point's: the loads SimGrid replays and the sensors read are drawn from it
};

// When the campaign's runs happened on the simulated timeline, in the order of the campaign's runs.
struct CampaignTimes {
  std::vector<TimedRun> reference;  // campaign.runs
  std::vector<TimedRun> target;     // campaign.target_runs
};

// Throws ParamError (the parameter named after the point's key) for what the platform cannot hold.
Campaign plan_campaign(const PerformanceModellingParams& p, std::uint64_t seed);

// The platform file as a grid spec of clusters (ParamError for a star or an XML file).
const GridSpec& grid_of(const std::string& file, const char* key);
// A cluster by name ("" the first); ParamError under `key` naming the known ones.
std::size_t cluster_index(const GridSpec& spec, const std::string& name, const char* key = "cluster");
// The target cluster of a cross-platform campaign within `spec` (the reference platform): a cluster of the same
// platform, or one of another platform's, appended (its clusters stay apart: no inter-cluster link is needed, the
// campaigns never talk). Throws ParamError for an unknown cluster, the reference itself, or a clashing name.
std::size_t add_target(const PerformanceModellingParams& p, GridSpec& spec, std::size_t reference);

// A cluster without load: its speed and its host links.
DedicatedCluster dedicated_cluster(const ClusterSpec& c);
// The most processors a predicted run may take on a cluster.
std::size_t max_processors(const PerformanceModellingParams& p, const ClusterSpec& c);
// The sizes the training runs draw from: the application's training grid.
std::vector<double> training_sizes(const CampaignApplication& k);

}  // namespace isogrid::modelling
