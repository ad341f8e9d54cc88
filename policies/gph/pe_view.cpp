#include "policies/gph/pe_view.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace isogrid::gph {

Topology::Topology(std::vector<size_t> cluster_of, std::vector<double> speed,
                   std::vector<std::vector<double>> cluster_latency)
    : cluster_of_(std::move(cluster_of)), speed_(std::move(speed)), clusters_(cluster_latency.size())
{
  if (cluster_of_.empty())
    throw std::invalid_argument("gph topology: no PE");
  if (speed_.size() != cluster_of_.size())
    throw std::invalid_argument("gph topology: " + std::to_string(cluster_of_.size()) + " PEs but " +
                                std::to_string(speed_.size()) + " speeds");
  cluster_latency_.reserve(clusters_ * clusters_);
  for (const auto& row : cluster_latency) {
    if (row.size() != clusters_)
      throw std::invalid_argument("gph topology: the cluster latency matrix is not square");
    for (double l : row) {
      if (!(l >= 0))
        throw std::invalid_argument("gph topology: latencies must be non-negative");
      cluster_latency_.push_back(l);
    }
  }
  for (size_t p = 0; p < cluster_of_.size(); ++p) {
    if (cluster_of_[p] >= clusters_)
      throw std::invalid_argument("gph topology: PE " + std::to_string(p) + " is in cluster " +
                                  std::to_string(cluster_of_[p]) + " of " + std::to_string(clusters_));
    if (!(speed_[p] > 0))
      throw std::invalid_argument("gph topology: PE " + std::to_string(p) + " has a non-positive speed");
  }
}

}  // namespace isogrid::gph
