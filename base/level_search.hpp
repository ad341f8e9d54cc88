#pragma once
// Where a function of one variable reaches a level, found by asking for values instead of calling a function: the
// caller evaluates the abscissas wanted() returns (in any order, in parallel, in other processes: each one is a
// simulated point) and gives each value back with take(). The abscissas asked for depend only on the values given,
// so a search replayed from recorded values asks for the same ones: traced isoefficiency lines are reproducible and
// resumable.
//
// The search first takes `scan` values spread over the range (both ends included), which brackets every crossing
// the scan can see and shows a metric that is not monotone; then each bracket is narrowed by Brent's method (inverse
// quadratic interpolation, secant and bisection, Brent 1973, ch. 4), on log(x) when the range spans decades.
// Whole-valued abscissas (tasks, N) are narrowed by bisection down to two neighbours.
//
// Why not Boost.Math's toms748_solve or brent_find_minima: they call the function and wait for each value, and the
// values here come from forked simulations that many lines need at once.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace isogrid {

struct LevelSearchSettings {
  double level      = 0;
  double low        = 0;  // the range searched, low < high
  double high       = 0;
  bool log_scale    = true;   // search on log(x); needs low > 0
  bool whole        = false;  // x takes whole values: the crossing is the first whole x past it
  std::size_t scan  = 9;      // values spread over the range first; at least 2
  double tolerance  = 1e-12;  // on log(x) (a relative tolerance on x), or relative to high - low on a linear scale
  std::size_t limit = 400;    // most values a search may ask for
};

// One place where the values pass the level, between two abscissas whose values lie on either side.
struct LevelCrossing {
  double x        = 0;  // the crossing (whole searches: the first whole x past it; a step: its side at the level)
  double before_x = 0;  // the bracket it was narrowed to: the last abscissa before the level is passed ...
  double after_x  = 0;  // ... and the first after it
  double before_y = 0;  // and their values
  double after_y  = 0;
  bool rising     = true;  // the values go from below the level to at or above it
  // The bracket shrank to the tolerance but the values on its two sides stay apart: a step, not a crossing
  // (DLT's efficiency jumps from 0, infeasible, to its first feasible value).
  bool jump = false;
};

enum class LevelSearchStatus {
  Searching,
  Found,         // one crossing or more (more: the values are not monotone over the range)
  NeverReached,  // every value seen lies below the level
  AlwaysAbove,   // every value seen lies at or above it
  Failed,        // a value could not be computed (NaN), or the search ran past its limit
};

struct LevelSearchResult {
  LevelSearchStatus status = LevelSearchStatus::Searching;
  std::vector<LevelCrossing> crossings;  // in order of x
  std::size_t probes = 0;                // values taken
  // Without a crossing: the value closest to the level and where it was seen (the limit the metric tends to).
  double closest_x = 0;
  double closest_y = 0;
  std::string why;  // Failed: what went wrong
};

class LevelSearch {
public:
  // Throws std::invalid_argument for a range that is empty, reversed, or not positive on a log scale.
  explicit LevelSearch(LevelSearchSettings settings);

  // The abscissas whose values the search needs next, in increasing order; empty once it is done. Each is asked for
  // once: an abscissa given back is not asked for again.
  std::vector<double> wanted() const;
  // The value at an abscissa wanted() returned (NaN: it could not be computed). Throws std::logic_error for an
  // abscissa that was not wanted.
  void take(double x, double y);
  bool done() const { return result_.status != LevelSearchStatus::Searching; }
  const LevelSearchResult& result() const { return result_; }
  const LevelSearchSettings& settings() const { return settings_; }

private:
  // Brent's state on one bracket, in u = log(x) or x; the abscissa it waits for is `b` once `waiting`.
  struct Bracket {
    double a = 0, b = 0, c = 0, fa = 0, fb = 0, fc = 0, d = 0, e = 0;
    long whole_low = 0, whole_high = 0;  // whole searches: the two abscissas around the crossing
    double whole_low_y = 0, whole_high_y = 0;
    double pending = 0;     // the abscissa asked for
    bool rising    = true;  // as the scan saw it: Brent may end on a value exactly at the level
    bool waiting   = false;
    bool finished  = false;
    LevelCrossing crossing;
  };

  double to_u(double x) const;
  double to_x(double u) const;
  double tolerance_u() const;
  void after_scan();
  void advance(Bracket& br);  // runs Brent until it needs a value or is done
  void advance_whole(Bracket& br);
  void finish_bracket(Bracket& br, double x_before, double y_before, double x_after, double y_after, double x);
  void conclude();

  LevelSearchSettings settings_;
  std::vector<double> scan_x_;
  std::vector<double> scan_y_;
  std::vector<bool> scan_taken_;
  std::size_t scan_left_ = 0;
  std::vector<Bracket> brackets_;
  LevelSearchResult result_;
};

std::string level_search_status_name(LevelSearchStatus status);

// The crossing from which the values hold at or above the level to the range's end: the last one, if it rises
// (a metric that saw-tooths about the level crosses it many times; "the size needed to hold efficiency at k" is past
// the last). Nothing when the last crossing falls or there is none. Over what the search saw: a scan too coarse
// for the saw-tooth can miss a later dip.
std::optional<std::size_t> holding_crossing(const LevelSearchResult& result);

}  // namespace isogrid
