#pragma once
// A malleable application run as contiguous phases (Sanjay, ch. 5): each phase has its own Eq. 3.6 model, and
// a run of phases is scheduled with the sum of their models (Eq. 5.1). A phase may itself be the sum of several
// models: the thesis's 15-phase MD merges each pair of consecutive phases of the 30-phase one.
#include "policies/scheduling/performance_model.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace isogrid::rescheduling {

using scheduling::ModelSum;
using scheduling::PerformanceModel;

class PhasedApplication {
public:
  PhasedApplication() = default;
  // One model per phase. Throws std::invalid_argument when there is no phase.
  PhasedApplication(std::string name, std::vector<PerformanceModel> phases);

  const std::string& name() const { return name_; }
  std::size_t phases() const { return starts_.size() - 1; }
  // Phases first .. last - 1 (0-based, half-open), summed: Eq. 5.1's g.
  ModelSum interval(std::size_t first, std::size_t last) const;
  // The whole run as one interval.
  ModelSum whole() const { return interval(0, phases()); }

  // Every `group` consecutive phases made one (the last group may be shorter): MD-30 merged by 2 is the thesis's
  // MD-15 for brute force.
  PhasedApplication merged(std::size_t group, std::string name) const;
  // Phases first .. phases() - 1 as an application of their own (what is left to run after a reschedule).
  PhasedApplication tail(std::size_t first) const;
  // The same application on machines `factor` times slower (a cluster's CPU scaling factor).
  PhasedApplication scaled(double factor) const;

  const std::vector<PerformanceModel>& models() const { return models_; }

private:
  std::string name_;
  std::vector<PerformanceModel> models_;
  std::vector<std::size_t> starts_{0};  // phase k is models_[starts_[k] .. starts_[k + 1])
};

}  // namespace isogrid::rescheduling
