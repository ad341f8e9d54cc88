#include "policies/scheduling/branch_and_bound.hpp"

#include "base/random.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace isogrid::scheduling {

// ---- MachineSet ----

MachineSet::MachineSet(std::size_t machines) : words_((machines + 63) / 64, ~std::uint64_t{0}), size_(machines)
{
  if (machines % 64 != 0)
    words_.back() = (std::uint64_t{1} << (machines % 64)) - 1;
  for (std::size_t m = 0; m < machines; ++m)
    hash_ ^= key(m);
}

std::uint64_t MachineSet::key(std::size_t m) { return mix64(0x5eed'0000'0000'0000ULL ^ m); }

void MachineSet::erase(std::size_t m)
{
  words_[m >> 6] &= ~(std::uint64_t{1} << (m & 63));
  size_ -= 1;
  hash_ ^= key(m);
}

Schedule MachineSet::members() const
{
  Schedule out;
  out.reserve(size_);
  for (std::size_t w = 0; w < words_.size(); ++w)
    for (std::uint64_t bits = words_[w]; bits != 0; bits &= bits - 1)
      out.push_back(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)));
  return out;
}

bool MachineSet::same_without(std::size_t a, const MachineSet& other, std::size_t b) const
{
  for (std::size_t w = 0; w < words_.size(); ++w) {
    std::uint64_t mine = words_[w], theirs = other.words_[w];
    if (w == a >> 6)
      mine &= ~(std::uint64_t{1} << (a & 63));
    if (w == b >> 6)
      theirs &= ~(std::uint64_t{1} << (b & 63));
    if (mine != theirs)
      return false;
  }
  return true;
}

// ---- RemovalTraits ----

namespace {
constexpr double infinity    = std::numeric_limits<double>::infinity();
constexpr std::size_t nobody = static_cast<std::size_t>(-1);  // a `skip` that skips no machine
}  // namespace

namespace {
// The link order: by bandwidth, ties by the ends' indices. Total, so the order is deterministic.
template <class Link>
bool slower(const Link& x, const Link& y)
{
  return x.bandwidth != y.bandwidth ? x.bandwidth < y.bandwidth : (x.a != y.a ? x.a < y.a : x.b < y.b);
}
}  // namespace

RemovalTraits::RemovalTraits(const ClusterState& state) : state_(state), by_cpu_(state.machines())
{
  for (std::size_t m = 0; m < by_cpu_.size(); ++m)
    by_cpu_[m] = m;
  std::sort(by_cpu_.begin(), by_cpu_.end(), [&](std::size_t x, std::size_t y) {
    return state.cpu(x) != state.cpu(y) ? state.cpu(x) < state.cpu(y) : x < y;
  });
}

bool RemovalTraits::order_more_links()
{
  // Scans seldom go far down the order (a set lacks few of the slowest links' ends), so rather than sorting all
  // n(n - 1)/2 links up front, each call finds the next chunk of them (as many as are ordered already, at least n)
  // in one pass over the matrix with a bounded heap: O(n^2) per chunk, and the chunks double.
  const std::size_t n     = state_.machines();
  const bool after        = !links_.empty();
  const Link last         = after ? links_.back() : Link{0, 0, 0};
  const std::size_t count = std::max(links_.size(), n);
  std::vector<Link> heap;  // the `count` slowest links after `last` seen so far; its front is the fastest of them
  heap.reserve(count);
  for (std::size_t a = 0; a < n; ++a) {
    const double* row = state_.bandwidth_row(a);
    for (std::size_t b = a + 1; b < n; ++b) {
      Link l{row[b], static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b)};
      if (after && !slower(last, l))
        continue;  // already in order
      if (heap.size() < count) {
        heap.push_back(l);
        std::push_heap(heap.begin(), heap.end(), slower<Link>);
      } else if (slower(l, heap.front())) {
        std::pop_heap(heap.begin(), heap.end(), slower<Link>);
        heap.back() = l;
        std::push_heap(heap.begin(), heap.end(), slower<Link>);
      }
    }
  }
  std::sort_heap(heap.begin(), heap.end(), slower<Link>);
  links_.insert(links_.end(), heap.begin(), heap.end());
  return !heap.empty();
}

std::size_t RemovalTraits::next_cpu(const MachineSet& set, std::size_t from, std::size_t skip) const
{
  for (std::size_t p = from; p < by_cpu_.size(); ++p)
    if (by_cpu_[p] != skip && set.contains(by_cpu_[p]))
      return p;
  return by_cpu_.size();  // not reached for a non-empty set
}

std::size_t RemovalTraits::next_link(const MachineSet& set, std::size_t from, std::size_t skip)
{
  for (std::size_t p = from;; ++p) {
    while (p >= links_.size())
      if (!order_more_links())
        return no_link;  // not reached for a set of two machines or more
    const Link& l = links_[p];
    if (l.a != skip && l.b != skip && set.contains(l.a) && set.contains(l.b))
      return p;
  }
}

RemovalTraits::Keepers RemovalTraits::keepers_of(const MachineSet& set)
{
  Keepers k;
  k.cpu  = next_cpu(set, 0, nobody);
  k.link = set.size() >= 2 ? next_link(set, 0, nobody) : no_link;
  return k;
}

RemovalTraits::Keepers RemovalTraits::keepers_without(const MachineSet& set, const Keepers& keepers, std::size_t m)
{
  Keepers k = keepers;
  if (by_cpu_[k.cpu] == m)
    k.cpu = next_cpu(set, k.cpu + 1, m);
  if (set.size() - 1 < 2) {
    k.link = no_link;
  } else {
    const Link& slowest = links_[k.link];
    if (slowest.a == m || slowest.b == m)
      k.link = next_link(set, k.link + 1, m);
  }
  return k;
}

ScheduleTraits RemovalTraits::traits(const Keepers& keepers, std::size_t processors)
{
  ScheduleTraits t;
  t.processors = processors;
  t.cpu        = state_.cpu(by_cpu_[keepers.cpu]);
  t.bandwidth  = keepers.link == no_link ? infinity : links_[keepers.link].bandwidth;
  return t;
}

// ---- The search ----

namespace {

constexpr std::uint32_t none = std::numeric_limits<std::uint32_t>::max();

struct Node {
  MachineSet set;
  RemovalTraits::Keepers keepers;
  ScheduleTraits traits;
  double time;
};

struct Child {
  std::size_t machine = 0;  // the member of its parent it lacks
  RemovalTraits::Keepers keepers;
  ScheduleTraits traits;
  double time         = 0;
  std::uint32_t entry = none;  // in LevelChildren, when duplicates are merged
};

// Ties: the lower time, then the lexicographically smaller schedule, which among siblings is the one lacking the
// higher machine ({0, 1} < {0, 2} < {1, 2} lack 2, 1, 0). Deterministic.
bool faster(const Child& x, const Child& y) { return x.time != y.time ? x.time < y.time : x.machine > y.machine; }

// Every child evaluated at one level, by machine set (erratum 7). An open-addressing table on the sets' Zobrist
// hashes; a hash match is confirmed against the sets themselves, so a collision costs a probe, never a merge.
// A wide level has millions of children, and the table outgrows the caches: so one probe sequence per child
// (find or add), the hash beside the index in each slot, and the caller prefetches the slots of children to come.
class LevelChildren {
public:
  struct Entry {
    std::uint32_t parent, machine;  // the set: level[parent] without machine
    double time;                    // set by the caller once evaluated
    std::uint32_t next;             // its index in the next level once a parent keeps it; `none` until then
  };

  LevelChildren() : slots_(64, Slot{0, 0}) {}

  // Never empty, so no test here (GCC 12 drops a __builtin_prefetch behind one).
  void prefetch(std::uint64_t hash) const
  {
    const Slot* slot = &slots_[hash & (slots_.size() - 1)];
    __builtin_prefetch(slot);
  }

  // The entry of level[parent] without `machine`, and whether it was added just now.
  std::pair<std::uint32_t, bool> find_or_add(const std::vector<Node>& level, std::size_t parent, std::size_t machine,
                                             std::uint64_t hash)
  {
    if (2 * (entries_.size() + 1) > slots_.size())
      grow();
    const std::size_t mask = slots_.size() - 1;
    std::size_t i          = hash & mask;
    for (; slots_[i].entry != 0; i = (i + 1) & mask) {
      if (slots_[i].hash != hash)
        continue;
      const Entry& e = entries_[slots_[i].entry - 1];
      if (level[e.parent].set.same_without(e.machine, level[parent].set, machine))
        return {slots_[i].entry - 1, false};
    }
    entries_.push_back({static_cast<std::uint32_t>(parent), static_cast<std::uint32_t>(machine), 0, none});
    slots_[i] = {hash, static_cast<std::uint32_t>(entries_.size())};
    return {static_cast<std::uint32_t>(entries_.size() - 1), true};
  }

  Entry& entry(std::uint32_t index) { return entries_[index]; }

private:
  struct Slot {
    std::uint64_t hash;
    std::uint32_t entry;  // 1 + index in entries_; 0 when empty
  };

  void grow()
  {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(2 * old.size(), Slot{0, 0});
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (slot.entry == 0)
        continue;
      std::size_t i = slot.hash & mask;
      while (slots_[i].entry != 0)
        i = (i + 1) & mask;
      slots_[i] = slot;
    }
  }

  std::vector<Slot> slots_;  // a power of two, at most half full
  std::vector<Entry> entries_;
};

class Search {
public:
  Search(Evaluator& evaluate, const BranchAndBoundOptions& options)
      : evaluate_(evaluate), traits_(evaluate.state()), merge_(options.merge_duplicates)
  {
  }

  ScheduleResult run()
  {
    const std::size_t n = evaluate_.state().machines();
    Node root{MachineSet(n), {}, {}, 0};
    root.keepers = traits_.keepers_of(root.set);
    root.traits  = traits_.traits(root.keepers, n);
    root.time    = evaluate_(root.set.members(), root.traits);
    double bound = root.time;
    level_       = {std::move(root)};
    std::vector<Child> children;
    // All nodes of a level have the same size; a node of one machine has no children.
    while (level_.front().set.size() > 1) {
      // One parent's children are distinct sets: only two parents or more can reach one set twice.
      dedupe_ = merge_ && level_.size() > 1;
      seen_   = LevelChildren();
      std::vector<Node> next;
      for (std::size_t p = 0; p < level_.size(); ++p) {
        if (!expand(p, children))
          return evaluate_.result();
        keep_better_half(children, bound);
        admit(p, children, next);
      }
      if (next.empty())
        break;
      bound  = std::min_element(next.begin(), next.end(), [](const Node& x, const Node& y) {
                return x.time < y.time;
              })->time;
      level_ = std::move(next);
    }
    return evaluate_.result();
  }

private:
  // Every child of level_[p] with its time: evaluated, or looked up when an earlier parent of the level had the
  // same set. False when the budget ran out first (checked before every evaluation, so that an evaluation or
  // work budget is never overrun however many children a node has).
  bool expand(std::size_t p, std::vector<Child>& children)
  {
    constexpr std::size_t ahead = 8;  // children whose table slots are prefetched
    const Node& node            = level_[p];
    scratch_                    = node.set.members();
    children.clear();
    for (std::size_t k = 0; k < scratch_.size(); ++k) {
      Child c;
      c.machine = scratch_[k];
      c.keepers = traits_.keepers_without(node.set, node.keepers, c.machine);
      c.traits  = traits_.traits(c.keepers, node.set.size() - 1);
      if (dedupe_) {
        if (k + ahead < scratch_.size())
          seen_.prefetch(node.set.hash() ^ MachineSet::key(scratch_[k + ahead]));
        auto [entry, added] = seen_.find_or_add(level_, p, c.machine, node.set.hash() ^ MachineSet::key(c.machine));
        c.entry             = entry;
        if (!added) {
          c.time = seen_.entry(entry).time;
          children.push_back(c);
          continue;
        }
      }
      if (evaluate_.exhausted())
        return false;
      c.time = evaluate_without(k, c.traits);
      if (dedupe_)
        seen_.entry(c.entry).time = c.time;
      children.push_back(c);
    }
    return true;
  }

  // Evaluates the parent's schedule without its k-th member: the member is swapped to the back and popped, O(1)
  // instead of an O(|s|) erase (the evaluator sorts what it returns), then put back.
  double evaluate_without(std::size_t k, const ScheduleTraits& traits)
  {
    std::swap(scratch_[k], scratch_.back());
    std::size_t m = scratch_.back();
    scratch_.pop_back();
    double t = evaluate_(scratch_, traits);
    scratch_.push_back(m);
    std::swap(scratch_[k], scratch_.back());
    return t;
  }

  // Lines 12-14: the first half of the children by time (rounded up: the middle child of an odd list stays), and
  // of those the ones under the bound, fastest first. As the sorted list puts every child under the bound ahead
  // of the others, that is the fastest min(half, #under) of the children under the bound, found without sorting
  // all the children.
  static void keep_better_half(std::vector<Child>& children, double bound)
  {
    const std::size_t half = (children.size() + 1) / 2;
    auto under       = std::partition(children.begin(), children.end(), [&](const Child& c) { return c.time < bound; });
    std::size_t kept = static_cast<std::size_t>(under - children.begin());
    if (kept > half) {
      std::nth_element(children.begin(), children.begin() + static_cast<std::ptrdiff_t>(half), under, faster);
      kept = half;
    }
    children.erase(children.begin() + static_cast<std::ptrdiff_t>(kept), children.end());
    std::sort(children.begin(), children.end(), faster);
  }

  // Lines 15-16: the kept children join the next level, in their parent's order; a set another parent already
  // put there is not added twice.
  void admit(std::size_t p, const std::vector<Child>& kept, std::vector<Node>& next)
  {
    for (const Child& c : kept) {
      if (dedupe_) {
        LevelChildren::Entry& e = seen_.entry(c.entry);
        if (e.next != none)
          continue;
        e.next = static_cast<std::uint32_t>(next.size());
      }
      Node child{level_[p].set, c.keepers, c.traits, c.time};
      child.set.erase(c.machine);
      next.push_back(std::move(child));
    }
  }

  Evaluator& evaluate_;
  RemovalTraits traits_;
  bool merge_;
  bool dedupe_ = false;
  std::vector<Node> level_;
  LevelChildren seen_;
  Schedule scratch_;  // the members of the node being expanded
};

}  // namespace

ScheduleResult branch_and_bound(Evaluator& evaluate, const BranchAndBoundOptions& options)
{
  return Search(evaluate, options).run();
}

}  // namespace isogrid::scheduling
