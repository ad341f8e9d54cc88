#pragma once
// Clusters whose hosts are joined pair by pair, each with a checkpoint storage host, and wide-area links between
// the storage hosts: the platform a malleable application is executed on when it stops, checkpoints and restarts
// on another processor set (Sanjay, ch. 5). A cluster's state gives every pair of machines its own available
// bandwidth, so each pair that exchanges data gets a link of its own; only those pairs are built.
//
//   root (full zone)
//    ├── cluster zone (full)   host h ──pair link (split-duplex)── host h'      one per pair declared
//    │                         host h ──storage link (shared)───── storage      every host; the storage host is
//    │                                                                          the zone's gateway
//    └── ...                   storage ──wide-area link (split-duplex)── another cluster's storage
//
// Several independent grids (one per plan executed side by side) share the root zone; routes join only the
// clusters of one grid.
#include "simulator/sg/messaging.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace simgrid::s4u {
class Link;
}

namespace isogrid::sg {

using Link = simgrid::s4u::Link;

struct PairLinkSpec {
  std::size_t a = 0, b = 0;       // host indices in the cluster, a != b
  double bandwidth = 0;           // byte/s (links whose bandwidth changes are set before each use)
  std::string bandwidth_profile;  // SimGrid profile text (load_profiles.hpp); empty: none
};

struct CheckpointClusterSpec {
  std::vector<double> speeds;               // flop/s, one per host
  std::vector<std::string> speed_profiles;  // empty, or one SimGrid profile text per host (empty text: none)
  std::vector<PairLinkSpec> pairs;          // unordered pairs, each at most once
  double storage_bandwidth = 0;             // byte/s: the storage host's link, shared by all its traffic
};

struct WideAreaSpec {
  std::size_t a = 0, b = 0;  // cluster indices in the grid, a != b
  double bandwidth = 0;      // byte/s
};

struct CheckpointGridSpec {
  std::vector<CheckpointClusterSpec> clusters;
  std::vector<WideAreaSpec> wide_area;  // pairs whose storage hosts exchange checkpoints
};

struct BuiltCheckpointCluster {
  std::vector<Host*> hosts;
  std::vector<Link*> pair_links;  // parallel to the spec's pairs
  Host* storage = nullptr;
};

// Builds every grid in the current engine; returns [grid][cluster]. Throws std::invalid_argument on a pair or a
// wide-area link that names a missing or the same host or cluster.
std::vector<std::vector<BuiltCheckpointCluster>> build_checkpoint_grids(const std::vector<CheckpointGridSpec>& grids);

// A link's bandwidth from now on (byte/s): the available bandwidth of the step a run enters.
void set_link_bandwidth(Link* link, double bandwidth);

}  // namespace isogrid::sg
