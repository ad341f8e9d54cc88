#pragma once
// What one point of the `gph-runtime` model runs on: the PEs its configuration string selects from the clusters of a
// grid spec or a SimGrid platform, their speeds and latencies as a policy Topology, and the configuration's summary
// as the paper's tables print it.
#include "policies/gph/pe_view.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "workloads/gph/grid_configuration.hpp"
#include "workloads/gph/program.hpp"

#include <string>
#include <vector>

namespace isogrid::gph {

struct GphLayout {
  ClusterTable clusters;
  std::vector<size_t> pe_cluster;    // per PE: index into clusters
  std::vector<std::string> pe_host;  // per PE: its host (the k-th PE of a cluster is its host k)
  std::vector<double> pe_flops;      // per PE: the host's speed
  ConfigurationSummary summary;
  std::vector<size_t> alphabet_clusters;  // the clusters the alphabet names, for the paper's per-cluster speedups

  Topology topology() const;  // speeds in flop/s, latencies in s
};

// The PEs `configuration` selects from the clusters that `alphabet` names. Throws std::invalid_argument
// (ConfigurationError for a character it cannot read) for a bad configuration or host count, and for an alphabet
// naming a cluster the platform does not have.
GphLayout make_layout(ClusterTable clusters, const std::string& configuration, const Alphabet& alphabet);

}  // namespace isogrid::gph
