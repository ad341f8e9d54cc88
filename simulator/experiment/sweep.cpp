#include "simulator/experiment/sweep.hpp"

#include "simulator/experiment/seeds.hpp"

#include <stdexcept>

namespace isogrid {

Sweep::Sweep(const std::vector<ParamSpec>* specs, std::vector<Value> fixed, std::vector<Axis> axes,
             uint32_t repetitions, uint64_t seed)
    : specs_(specs), fixed_(std::move(fixed)), axes_(std::move(axes)), repetitions_(repetitions), seed_(seed)
{
  for (const auto& a : axes_) {
    if (a.values.empty())
      throw std::logic_error("empty sweep axis");
    combinations_ *= a.values.size();
  }
}


Point Sweep::point(uint64_t index) const
{
  Point p;
  p.specs       = specs_;
  p.values      = fixed_;
  p.index       = index;
  p.combination = index / repetitions_;
  p.repetition  = static_cast<uint32_t>(index % repetitions_);
  p.seed        = derive_seed(seed_, p.combination, p.repetition);
  uint64_t rest = p.combination;
  for (size_t k = axes_.size(); k-- > 0;) {
    const Axis& axis     = axes_[k];
    uint64_t n           = axis.values.size();
    p.values[axis.param] = axis.values[rest % n];
    rest /= n;
  }
  return p;
}

}  // namespace isogrid
