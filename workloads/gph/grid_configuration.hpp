#pragma once
// The PE configurations of Al Zain et al.'s GpH experiments, written as the paper writes them: "FFSSS" (one letter
// per PE), "1E4M" (counts before letters) or "5E2,30E,6M" (a letter may carry a digit, E2 = Edin2; commas
// optional). Letters name clusters through an alphabet that changes between the paper's tables (E is Edin2 in
// Tables 3, 4 and 8, Edin1 in Tables 9-12). The first PE is where the program starts (GRID-GUM1's main PE).
//
// The paper describes each configuration by the mean and population standard deviation of its PEs' clock speeds
// and of the latency over all unordered PE pairs (intra-cluster latency for two PEs of one cluster): these are
// computed here the same way, so that a run can print the numbers its table prints.
#include "simulator/core/platform_facts.hpp"
#include "simulator/platform/grid_spec.hpp"

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace isogrid::gph {

struct ClusterTable {
  std::vector<std::string> names;
  std::vector<double> mhz;                      // per cluster (Table 14)
  std::vector<std::vector<double>> latency;     // ms, [i][j]; the diagonal is the intra-cluster latency (Table 15)
  std::vector<std::vector<std::string>> hosts;  // per cluster, the k-th PE of a cluster on hosts[c][k]
  std::vector<std::vector<double>> host_flops;  // per cluster, each host's speed
  std::vector<double> speed;                    // per cluster, its fastest host's speed (the tables' per-cluster speed)

  size_t index_of(const std::string& name) const;  // throws std::invalid_argument listing the names
};

// The clusters of a grid spec as the tables describe them: each cluster's `mhz` property and the one-way latency
// between two of its hosts (diagonal) or two clusters' hosts, summed over the links a message crosses. Throws
// std::invalid_argument naming a cluster without an `mhz` property.
ClusterTable cluster_table(const GridSpec& spec);
// The same from SimGrid's view of a platform: each cluster's zone's `mhz` property, and the latency of the route
// between its first two hosts (diagonal) or two clusters' first hosts. Throws std::invalid_argument naming a cluster
// without `mhz`, or two clusters without a route between them.
ClusterTable cluster_table(const PlatformFacts& platform);

// Symbol -> cluster name, e.g. {"F": "Edin3", "S": "SBC", "E": "Edin2", "M": "Muni", "E2": "Edin2"}.
using Alphabet = std::map<std::string, std::string>;

class ConfigurationError : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

// One cluster index per PE, in the order written. Symbols are matched longest first ("E2" before "E"). Throws
// ConfigurationError naming the position of the first character it cannot read.
std::vector<size_t> parse_configuration(const std::string& text, const Alphabet& alphabet,
                                        const ClusterTable& clusters);

struct ConfigurationSummary {
  size_t pes      = 0;
  double mean_mhz = 0, sd_mhz = 0;                // population SD, as the paper's tables
  double mean_latency_ms = 0, sd_latency_ms = 0;  // over unordered PE pairs; 0 for a single PE
};

ConfigurationSummary summarise(const std::vector<size_t>& pes, const ClusterTable& clusters);

}  // namespace isogrid::gph
