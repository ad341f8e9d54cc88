#include "workloads/gph/program.hpp"

#include "base/random.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace isogrid::gph {

size_t NodeKeyHash::operator()(const NodeKey& k) const
{
  // splitmix64's finaliser over the three fields.
  uint64_t h = mix64(static_cast<uint64_t>(k.a));
  h          = mix64(h ^ static_cast<uint64_t>(k.b));
  h          = mix64(h ^ static_cast<uint64_t>(k.c));
  return static_cast<size_t>(h);
}

TreeTotals expand_fully(const Program& program, uint64_t max_nodes)
{
  TreeTotals totals;
  std::vector<std::pair<NodeKey, uint64_t>> stack{{program.root(), 0}};
  while (!stack.empty()) {
    auto [key, depth] = stack.back();
    stack.pop_back();
    if (++totals.nodes > max_nodes)
      throw std::length_error("gph: " + program.name() + " has more than " + std::to_string(max_nodes) +
                              " nodes; expand_fully is for small instances");
    Node node = program.expand(key);
    totals.work += node.work();
    totals.sparks += node.sparked.size();
    if (depth > totals.max_depth)
      totals.max_depth = depth;
    for (const NodeKey& child : node.sparked)
      stack.push_back({child, depth + 1});
    if (node.inline_child)
      stack.push_back({*node.inline_child, depth + 1});
  }
  return totals;
}

}  // namespace isogrid::gph
