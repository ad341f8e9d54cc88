#pragma once
// Branch and bound (Sanjay, Fig. 4.4): the root is every machine; a node's children each drop one machine; at
// each level only the better half of a node's children, and only those faster than the bound (the best time of
// the level above), are expanded. Erratum 7: a machine set reached from two parents is evaluated and expanded once.
#include "policies/scheduling/schedule_evaluator.hpp"

#include <cstdint>
#include <vector>

namespace isogrid::scheduling {

struct BranchAndBoundOptions {
  // Erratum 7 (the thesis does not handle duplicates): a machine set reached from two parents of one level is
  // evaluated once and expanded once; it takes part in each parent's ranking with the time of its one
  // evaluation, so the tree's levels are the thesis's, minus repeats. false: the literal tree, for comparison.
  bool merge_duplicates = true;
};

// Never more evaluations than the evaluator's budget allows, except the root's, which is always evaluated.
ScheduleResult branch_and_bound(Evaluator& evaluate, const BranchAndBoundOptions& options = {});

// The pieces below are branch and bound's own, exposed for its tests.

// A machine set as a bitmap (O(1) membership, O(n / 64) comparison) with its size and a Zobrist hash (XOR of a
// fixed key per machine) that follows removals in O(1).
class MachineSet {
public:
  explicit MachineSet(std::size_t machines);  // every machine
  bool contains(std::size_t m) const { return (words_[m >> 6] >> (m & 63)) & 1u; }
  void erase(std::size_t m);  // m must be in the set
  std::size_t size() const { return size_; }
  std::uint64_t hash() const { return hash_; }
  Schedule members() const;  // ascending
  // Whether this set without `a` is `other` without `b` (both members of their sets).
  bool same_without(std::size_t a, const MachineSet& other, std::size_t b) const;

  static std::uint64_t key(std::size_t m);  // the machine's Zobrist key

private:
  std::vector<std::uint64_t> words_;
  std::size_t size_   = 0;
  std::uint64_t hash_ = 0;
};

// The traits of a node's children in O(1) each, but for at most three children. Machines are ordered by CPU and
// links by bandwidth, ascending with ties by index, once per search; a set's lowest CPU and slowest link are then
// the first entries of each order that it holds (its "keepers"). A child lacks one machine: unless that machine
// is a keeper, the child has its parent's keepers, as every earlier entry already lacked a machine of the parent.
// Only when the lowest-CPU machine or an end of the slowest link leaves does a scan resume after the lost keeper.
class RemovalTraits {
public:
  explicit RemovalTraits(const ClusterState& state);  // O(n log n); the links are ordered as scans reach them

  static constexpr std::size_t no_link = static_cast<std::size_t>(-1);
  struct Keepers {
    std::size_t cpu  = 0;        // position in the CPU order
    std::size_t link = no_link;  // position in the link order; no_link below two machines
  };

  Keepers keepers_of(const MachineSet& set);  // from the start of both orders
  // The keepers of `set` without `m` (a member), from the keepers of `set`.
  Keepers keepers_without(const MachineSet& set, const Keepers& keepers, std::size_t m);
  ScheduleTraits traits(const Keepers& keepers, std::size_t processors);

private:
  struct Link {
    double bandwidth;
    std::uint32_t a, b;  // a < b
  };
  // The first position from `from` whose machine (link) is in `set` without `skip`.
  std::size_t next_cpu(const MachineSet& set, std::size_t from, std::size_t skip) const;
  std::size_t next_link(const MachineSet& set, std::size_t from, std::size_t skip);
  bool order_more_links();  // false once every link is in order

  const ClusterState& state_;
  std::vector<std::size_t> by_cpu_;
  std::vector<Link> links_;  // the slowest links, in order; more are added as scans reach the end
};

}  // namespace isogrid::scheduling
