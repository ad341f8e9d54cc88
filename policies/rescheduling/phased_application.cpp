#include "policies/rescheduling/phased_application.hpp"

#include <stdexcept>

namespace isogrid::rescheduling {

PhasedApplication::PhasedApplication(std::string name, std::vector<PerformanceModel> phases)
    : name_(std::move(name)), models_(std::move(phases))
{
  if (models_.empty())
    throw std::invalid_argument(name_ + ": an application has at least one phase");
  for (std::size_t k = 1; k <= models_.size(); ++k)
    starts_.push_back(k);
}

ModelSum PhasedApplication::interval(std::size_t first, std::size_t last) const
{
  if (!(first < last && last <= phases()))
    throw std::invalid_argument(name_ + ": no interval of phases [" + std::to_string(first) + ", " +
                                std::to_string(last) + ") in " + std::to_string(phases()));
  return ModelSum(models_.data() + starts_[first], starts_[last] - starts_[first]);
}

PhasedApplication PhasedApplication::merged(std::size_t group, std::string name) const
{
  if (group == 0)
    throw std::invalid_argument("phases are merged in groups of at least one");
  PhasedApplication out;
  out.name_   = std::move(name);
  out.models_ = models_;
  for (std::size_t k = group; k < phases(); k += group)
    out.starts_.push_back(starts_[k]);
  out.starts_.push_back(models_.size());
  return out;
}

PhasedApplication PhasedApplication::tail(std::size_t first) const
{
  if (first >= phases())
    throw std::invalid_argument(name_ + ": no phase left after " + std::to_string(first));
  PhasedApplication out;
  out.name_ = name_;
  out.models_.assign(models_.begin() + static_cast<std::ptrdiff_t>(starts_[first]), models_.end());
  out.starts_.clear();
  for (std::size_t k = first; k < starts_.size(); ++k)
    out.starts_.push_back(starts_[k] - starts_[first]);
  return out;
}

PhasedApplication PhasedApplication::scaled(double factor) const
{
  PhasedApplication out = *this;
  for (PerformanceModel& m : out.models_)
    m = m.scaled(factor);
  return out;
}

}  // namespace isogrid::rescheduling
