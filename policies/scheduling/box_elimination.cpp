#include "policies/scheduling/box_elimination.hpp"

#include "policies/scheduling/find_schedule.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

namespace isogrid::scheduling {

double thesis_bandwidth_step(double max_link_mbps)
{
  if (max_link_mbps <= 1000)
    return 10;
  if (max_link_mbps <= 5000)
    return 50;
  return 100;
}

namespace {

// One axis of the grid: values lo, lo + step, ... up to hi.
struct Axis {
  double lo = 0, hi = 0, step = 1;
  size_t size = 1;

  Axis(double low, double high, double s) : lo(low), hi(high), step(s)
  {
    size = high > low && std::isfinite(high) ? static_cast<size_t>(std::floor((high - low) / s + 1e-9)) + 1 : 1;
  }
  // Clamped so that rounding never puts the last value above every machine's.
  double value(size_t i) const { return std::min(lo + step * static_cast<double>(i), hi); }
  size_t nearest(double x) const
  {
    if (!std::isfinite(x))
      return size - 1;
    double i = std::round((x - lo) / step);
    return static_cast<size_t>(std::clamp(i, 0.0, static_cast<double>(size - 1)));
  }
  // The highest grid value <= x (x >= lo): the grid point a real value dominates. The top for +infinity.
  size_t floor_index(double x) const
  {
    if (!std::isfinite(x))
      return size - 1;
    double f = std::floor((x - lo) / step);
    size_t i = static_cast<size_t>(std::clamp(f, 0.0, static_cast<double>(size - 1)));
    while (i + 1 < size && value(i + 1) <= x)
      ++i;
    while (i > 0 && value(i) > x)
      --i;
    return i;
  }
};

struct Index {
  size_t c = 0, b = 0, p = 0;
};

// [first, last] per axis; empty when first > last on some axis.
struct Box {
  std::array<size_t, 3> first{}, last{};
  bool empty() const { return first[0] > last[0] || first[1] > last[1] || first[2] > last[2]; }
};

// The unexplored points, a bit per point: each (cpu, bandwidth) column holds its P values in 64-bit words, so that
// striking off a box clears whole words (a 512-machine column is 8 words, not 512 flags). Box Elimination's cost
// is almost all here.
class Grid {
public:
  Grid(Axis cpu, Axis bw, size_t processors)
      : cpu_(cpu), bw_(bw), extent_{cpu.size, bw.size, processors}, words_((processors + 63) / 64),
        bits_(cpu.size * bw.size * words_, ~std::uint64_t{0}), remaining_(cpu.size * bw.size * processors)
  {
    if (processors % 64 != 0)  // the last word of each column holds only the P values that exist
      for (size_t column = 0; column < cpu.size * bw.size; ++column)
        bits_[column * words_ + words_ - 1] = (std::uint64_t{1} << (processors % 64)) - 1;
  }

  const Axis& cpu() const { return cpu_; }
  const Axis& bw() const { return bw_; }
  size_t extent(int axis) const { return extent_[static_cast<size_t>(axis)]; }
  size_t remaining() const { return remaining_; }

  bool unexplored(const Index& i) const { return (word(i.c, i.b, i.p / 64) >> (i.p % 64)) & 1u; }
  void explore(const Index& i) { explore(Box{{i.c, i.b, i.p}, {i.c, i.b, i.p}}); }
  void explore(const Box& box)
  {
    if (box.empty())
      return;
    for (size_t c = box.first[0]; c <= box.last[0]; ++c)
      for (size_t b = box.first[1]; b <= box.last[1]; ++b)
        for (size_t w = box.first[2] / 64; w <= box.last[2] / 64; ++w) {
          std::uint64_t& bits   = word(c, b, w);
          std::uint64_t cleared = bits & range_mask(w, box.first[2], box.last[2]);
          if (cleared) {  // most words of a struck-off box were struck off before
            remaining_ -= static_cast<size_t>(__builtin_popcountll(cleared));
            bits &= ~cleared;
          }
        }
  }
  // Every unexplored point of `box`, in (cpu, bandwidth, P) order.
  std::vector<Index> unexplored_in(const Box& box) const
  {
    std::vector<Index> out;
    if (box.empty())
      return out;
    for (size_t c = box.first[0]; c <= box.last[0]; ++c)
      for (size_t b = box.first[1]; b <= box.last[1]; ++b)
        for (size_t w = box.first[2] / 64; w <= box.last[2] / 64; ++w)
          for (std::uint64_t bits = word(c, b, w) & range_mask(w, box.first[2], box.last[2]); bits; bits &= bits - 1)
            out.push_back(Index{c, b, w * 64 + static_cast<size_t>(__builtin_ctzll(bits))});
    return out;
  }

private:
  std::uint64_t& word(size_t c, size_t b, size_t w) { return bits_[(c * extent_[1] + b) * words_ + w]; }
  std::uint64_t word(size_t c, size_t b, size_t w) const { return bits_[(c * extent_[1] + b) * words_ + w]; }
  // The bits of word w that hold P indices first .. last.
  static std::uint64_t range_mask(size_t w, size_t first, size_t last)
  {
    size_t lo = std::max(first, w * 64) - w * 64, hi = std::min(last, w * 64 + 63) - w * 64;
    std::uint64_t upto = hi == 63 ? ~std::uint64_t{0} : (std::uint64_t{1} << (hi + 1)) - 1;
    return upto & ~((std::uint64_t{1} << lo) - 1);
  }

  Axis cpu_, bw_;
  std::array<size_t, 3> extent_;
  size_t words_;
  std::vector<std::uint64_t> bits_;
  size_t remaining_;
};

// SB1 and SB8 for the schedule that grid point `drawn` mapped to, argued from what is known, not from its snapped
// image (which nearest-rounding may put above the real cpu or bandwidth):
// - SB1, the points no better than the evaluated schedule: cpu <= its real cpu, bandwidth <= its real bandwidth
//   (so the corner is the real point floor-snapped) and 2 <= P <= its P. P = 1 is struck only where one machine
//   at that cpu is no faster: a single machine has no communication term, so Eq. 4.1 is not monotone from P = 1
//   to P = 2.
// - SB8, the points no schedule reaches: cpu and bandwidth at or above the floors the mapping was given (any
//   schedule there was a candidate) and more processors than the maximal set it found.
// The drawn point is in one of the two, so its whole column (the mapping ignores P) is struck.
void eliminate_two_sub_boxes(Grid& grid, const ModelSum& model, const Index& drawn, const ScheduleTraits& real)
{
  const size_t last_c = grid.extent(0) - 1, last_b = grid.extent(1) - 1, last_p = grid.extent(2) - 1;
  const size_t top_c = grid.cpu().floor_index(real.cpu), top_b = grid.bw().floor_index(real.bandwidth);
  const size_t pr = real.processors;
  if (pr == 1) {
    grid.explore(Box{{0, 0, 0}, {top_c, top_b, 0}});
  } else {
    grid.explore(Box{{0, 0, 1}, {top_c, top_b, pr - 1}});
    const double t = model.time(real), inf = std::numeric_limits<double>::infinity();
    size_t end_c = top_c + 1;
    while (end_c > 0 && model.time(1, grid.cpu().value(end_c - 1), inf) < t)
      --end_c;
    if (end_c > 0)
      grid.explore(Box{{0, 0, 0}, {end_c - 1, top_b, 0}});
  }
  if (pr <= last_p)
    grid.explore(Box{{drawn.c, drawn.b, pr}, {last_c, last_b, last_p}});
}

// The six mixed octants around the reference point: bit k of `pattern` set means "above" on axis k.
Box octant(const Grid& grid, const Index& ref, unsigned pattern)
{
  std::array<size_t, 3> r{ref.c, ref.b, ref.p};
  Box box;
  for (int k = 0; k < 3; ++k) {
    bool above                        = (pattern >> k) & 1u;
    box.first[static_cast<size_t>(k)] = above ? r[static_cast<size_t>(k)] + 1 : 0;
    box.last[static_cast<size_t>(k)]  = above ? grid.extent(k) - 1 : r[static_cast<size_t>(k)];
  }
  return box;
}

}  // namespace

ScheduleResult box_elimination(Evaluator& evaluate, const BoxEliminationOptions& options,
                               const std::function<std::uint64_t()>& draw)
{
  const ClusterState& state = evaluate.state();
  if (!evaluate.model().monotone())
    throw std::invalid_argument("box elimination needs a performance model that never gets slower with more "
                                "processors, CPU or bandwidth (f_bw, f_Pcomp and f_Pcomm increasing); " +
                                evaluate.model().application() + "'s is not");
  if (!(options.cpu_step > 0) || options.bandwidth_step < 0)
    throw std::invalid_argument("box elimination: the grid steps must be positive");
  double current = std::numeric_limits<double>::infinity();
  // Evaluates a mapped schedule; true when it beats the best this search has seen.
  auto consider = [&](const MappedSchedule& mapped) {
    if (mapped.schedule.empty())
      return false;
    double t = evaluate(mapped.schedule, mapped.traits);
    if (t < current) {
      current = t;
      return true;
    }
    return false;
  };

  double bw_step = options.bandwidth_step > 0 ? options.bandwidth_step : thesis_bandwidth_step(state.max_bandwidth());
  Grid grid(Axis(state.min_cpu(), state.max_cpu(), options.cpu_step),
            Axis(state.min_bandwidth(), state.max_bandwidth(), bw_step), state.machines());
  if (options.mappings && &options.mappings->state() != &state)
    throw std::invalid_argument("box elimination: the mapping cache belongs to another cluster state");
  MappedSchedule fresh;
  auto map_point = [&](const Index& i) -> const MappedSchedule& {
    double cpu = grid.cpu().value(i.c), bw = grid.bw().value(i.b);
    if (options.mappings)
      return options.mappings->get(cpu, bw);
    fresh = find_schedule_with_constraints(state, cpu, bw);
    return fresh;
  };
  // Maps a grid point to a schedule, evaluates it and strikes off SB1 and SB8 for it. Returns the schedule's
  // nearest grid point (none when no machine reaches the point's cpu floor, which rounding at the top of the cpu
  // axis can cause) and whether the schedule beat the best so far.
  auto visit = [&](const Index& point, bool& improved) -> std::optional<Index> {
    grid.explore(point);
    const MappedSchedule& mapped = map_point(point);
    evaluate.charge(evaluation_work(mapped.candidates));  // the mapping reads every candidate's links
    improved = consider(mapped);
    if (mapped.schedule.empty())
      return std::nullopt;
    eliminate_two_sub_boxes(grid, evaluate.model(), point, mapped.traits);
    return Index{grid.cpu().nearest(mapped.traits.cpu), grid.bw().nearest(mapped.traits.bandwidth),
                 mapped.traits.processors - 1};  // the sectors' reference, for the first point
  };

  // The box's centre gives the first schedule and the reference point of the six sectors.
  Index centre{grid.extent(0) / 2, grid.extent(1) / 2, grid.extent(2) / 2};
  bool improved   = false;
  Index reference = visit(centre, improved).value_or(centre);

  std::vector<Box> sectors;
  std::vector<std::uint64_t> counters;
  for (unsigned pattern = 1; pattern < 7; ++pattern) {
    sectors.push_back(octant(grid, reference, pattern));
    counters.push_back(1);
  }
  while (grid.remaining() > 0 && !sectors.empty() && !evaluate.exhausted()) {
    std::uint64_t total = 0;
    for (auto c : counters)
      total += c;
    std::uint64_t r = draw() % total;
    size_t s        = 0;
    while (r >= counters[s])
      r -= counters[s++];
    // A random unexplored point of the sector: a few blind tries, then the list of what is left.
    const Box& box = sectors[s];
    std::optional<Index> point;
    for (int attempt = 0; attempt < 16 && !box.empty() && !point; ++attempt) {
      Index i{box.first[0] + draw() % (box.last[0] - box.first[0] + 1),
              box.first[1] + draw() % (box.last[1] - box.first[1] + 1),
              box.first[2] + draw() % (box.last[2] - box.first[2] + 1)};
      if (grid.unexplored(i))
        point = i;
    }
    if (!point) {
      std::vector<Index> left = grid.unexplored_in(box);
      if (left.empty()) {  // explored: the sector leaves the wheel
        sectors.erase(sectors.begin() + static_cast<std::ptrdiff_t>(s));
        counters.erase(counters.begin() + static_cast<std::ptrdiff_t>(s));
        continue;
      }
      point = left[draw() % left.size()];
    }
    visit(*point, improved);
    if (improved)
      counters[s] += 1;
  }
  return evaluate.result();
}

}  // namespace isogrid::scheduling
