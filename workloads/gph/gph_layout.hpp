#pragma once
// What one point of the `gph-runtime` model runs on: the PEs its configuration string selects from a grid spec,
// their speeds and latencies as a policy Topology, and the configuration's summary as the paper's tables print it.
#include "policies/gph/pe_view.hpp"
#include "simulator/platform/grid_spec.hpp"
#include "workloads/gph/grid_configuration.hpp"
#include "workloads/gph/program.hpp"

#include <string>
#include <vector>

namespace isogrid::gph {

struct GphLayout {
  const GridSpec* spec = nullptr;
  ClusterTable clusters;
  std::vector<size_t> pe_cluster;       // per PE: index into spec->clusters
  std::vector<std::string> pe_host;     // per PE: its host (the k-th PE of a cluster is its host k)
  std::vector<double> pe_flops;         // per PE: the host's speed
  ConfigurationSummary summary;
  std::vector<size_t> alphabet_clusters;  // the clusters the alphabet names, for the paper's per-cluster speedups

  Topology topology() const;  // speeds in flop/s, latencies in s
};

// Throws std::invalid_argument (with the offending item) for a bad alphabet, configuration or host count.
GphLayout make_layout(const GridSpec& spec, const std::string& configuration, const std::string& alphabet);

// "F=Edin3, S=SBC" -> {F: Edin3, S: SBC}; every cluster must exist.
Alphabet parse_alphabet(const std::string& text, const ClusterTable& clusters);

// The overrides for `program` out of text such as "n=45, threshold=21" (for whichever program runs) or
// "queens: depth=1, work_scale=0.92; raytracer: work_scale=1.95" (one group per program, ';' between groups), so
// that one sweep over programs can give each its own input. Empty text gives no override; a group naming a program
// that `known` does not list is an error.
ProgramParameters parse_program_parameters(const std::string& text, const std::string& program,
                                           const std::vector<std::string>& known);

}  // namespace isogrid::gph
