#include "simulator/experiment/sweep.hpp"

#include "base/random.hpp"

#include <stdexcept>

namespace isogrid {

Sweep::Sweep(const std::vector<ParamSpec>* specs, std::vector<Value> fixed, std::vector<Axis> axes,
             uint32_t repetitions, uint64_t seed, std::vector<bool> same_seed_across)
    : specs_(specs), fixed_(std::move(fixed)), axes_(std::move(axes)), repetitions_(repetitions), seed_(seed),
      seed_blind_(std::move(same_seed_across))
{
  seed_blind_.resize(axes_.size(), false);
  for (const auto& a : axes_) {
    if (a.values.empty())
      throw std::logic_error("empty sweep axis");
    combinations_ *= a.values.size();
  }
}

uint64_t Sweep::combination_at(const std::vector<size_t>& positions) const
{
  uint64_t combination = 0;
  for (size_t k = 0; k < axes_.size(); ++k)
    combination = combination * axes_[k].values.size() + positions[k];
  return combination;
}

uint64_t Sweep::combination_of(const std::vector<std::pair<ParamSlot, Value>>& at) const
{
  std::vector<size_t> positions(axes_.size(), 0);
  for (size_t k = 0; k < axes_.size(); ++k)
    for (const auto& [slot, value] : at)
      if (slot == axes_[k])
        while (positions[k] + 1 < axes_[k].values.size() && !values_match(axes_[k].values[positions[k]], value))
          ++positions[k];
  return combination_at(positions);
}

Point Sweep::point(uint64_t index) const
{
  Point p;
  point_into(index, p);
  return p;
}

void Sweep::point_into(uint64_t index, Point& p) const
{
  if (p.filled_by != this || p.values.size() != fixed_.size()) {
    p.specs     = specs_;
    p.values    = fixed_;
    p.filled_by = this;
  }
  p.index                   = index;
  p.combination             = index / repetitions_;
  p.repetition              = static_cast<uint32_t>(index % repetitions_);
  uint64_t rest             = p.combination;
  uint64_t seed_combination = 0;  // the combination index over the axes that enter the seed
  uint64_t seed_radix       = 1;
  for (size_t k = axes_.size(); k-- > 0;) {
    const Axis& axis = axes_[k];
    uint64_t n       = axis.values.size();
    axis.set(p.values, axis.values[rest % n]);
    if (!seed_blind_[k]) {
      seed_combination += (rest % n) * seed_radix;
      seed_radix *= n;
    }
    rest /= n;
  }
  p.seed = derive_seed(seed_, seed_combination, p.repetition);
}

}  // namespace isogrid
