#include "base/level_search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace isogrid {

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

std::string number(double x)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", x);
  return buffer;
}

// Values this far apart on the two sides of a bracket narrowed to the tolerance are a step, not a crossing.
bool apart(double f_before, double f_after, double level)
{
  return std::min(std::fabs(f_before), std::fabs(f_after)) > 1e-6 * std::max(1.0, std::fabs(level));
}

}  // namespace

std::string level_search_status_name(LevelSearchStatus status)
{
  switch (status) {
    case LevelSearchStatus::Searching: return "searching";
    case LevelSearchStatus::Found: return "found";
    case LevelSearchStatus::NeverReached: return "never-reached";
    case LevelSearchStatus::AlwaysAbove: return "always-above";
    case LevelSearchStatus::Failed: return "failed";
  }
  return "?";
}

std::optional<std::size_t> holding_crossing(const LevelSearchResult& result)
{
  if (result.crossings.empty() || !result.crossings.back().rising)
    return std::nullopt;
  return result.crossings.size() - 1;
}

LevelSearch::LevelSearch(LevelSearchSettings settings) : settings_(settings)
{
  const LevelSearchSettings& s = settings_;
  if (!std::isfinite(s.low) || !std::isfinite(s.high) || !(s.low < s.high))
    throw std::invalid_argument("the range's low end must be below its high end, both finite");
  if (s.log_scale && !(s.low > 0))
    throw std::invalid_argument("a range searched on a log scale starts above 0");
  if (s.scan < 2)
    throw std::invalid_argument("a search scans at least the two ends of its range");
  if (!(s.tolerance > 0))
    throw std::invalid_argument("the tolerance is positive");
  if (!std::isfinite(s.level))
    throw std::invalid_argument("the level is a finite number");
  const double u0 = to_u(s.low), u1 = to_u(s.high);
  for (std::size_t i = 0; i < s.scan; ++i) {
    double x = i == 0            ? s.low
               : i + 1 == s.scan ? s.high
                                 : to_x(u0 + (u1 - u0) * static_cast<double>(i) / static_cast<double>(s.scan - 1));
    if (s.whole)
      x = i == 0 ? std::ceil(x) : i + 1 == s.scan ? std::floor(x) : std::round(x);
    if (scan_x_.empty() || x > scan_x_.back())
      scan_x_.push_back(x);
  }
  if (scan_x_.size() < 2)
    throw std::invalid_argument("the range holds fewer than two whole values");
  if (s.limit < scan_x_.size())
    throw std::invalid_argument("the limit on values is below the scan's");
  scan_y_.assign(scan_x_.size(), 0);
  scan_taken_.assign(scan_x_.size(), false);
  scan_left_ = scan_x_.size();
}

double LevelSearch::to_u(double x) const { return settings_.log_scale ? std::log(x) : x; }
double LevelSearch::to_x(double u) const { return settings_.log_scale ? std::exp(u) : u; }
double LevelSearch::tolerance_u() const
{
  return settings_.log_scale ? settings_.tolerance : settings_.tolerance * (settings_.high - settings_.low);
}

std::vector<double> LevelSearch::wanted() const
{
  std::vector<double> out;
  if (done())
    return out;
  if (scan_left_ > 0) {
    for (std::size_t i = 0; i < scan_x_.size(); ++i)
      if (!scan_taken_[i])
        out.push_back(scan_x_[i]);
    return out;
  }
  for (const Bracket& br : brackets_)
    if (br.waiting)
      out.push_back(br.pending);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());  // two neighbours may ask for the abscissa they share
  return out;
}

void LevelSearch::take(double x, double y)
{
  if (done())
    throw std::logic_error("the search is over: no value is wanted");
  // Brackets waiting on x (two neighbours may both ask for the abscissa they share), or else a scan abscissa.
  std::vector<Bracket*> brackets;
  for (Bracket& br : brackets_)
    if (br.waiting && br.pending == x)
      brackets.push_back(&br);
  std::size_t scanned = scan_x_.size();
  if (scan_left_ > 0) {
    auto it = std::find(scan_x_.begin(), scan_x_.end(), x);
    if (it != scan_x_.end() && !scan_taken_[static_cast<std::size_t>(it - scan_x_.begin())])
      scanned = static_cast<std::size_t>(it - scan_x_.begin());
  }
  if (scanned == scan_x_.size() && brackets.empty())
    throw std::logic_error("a value at x = " + number(x) + ", which the search did not ask for");
  ++result_.probes;
  if (std::isnan(y)) {
    result_.status = LevelSearchStatus::Failed;
    result_.why    = "no value at x = " + number(x);
    return;
  }
  if (!brackets.empty()) {
    for (Bracket* br : brackets) {
      br->waiting = false;
      if (settings_.whole) {
        const bool reached_low = br->whole_low_y >= settings_.level;
        if ((y >= settings_.level) == reached_low)
          br->whole_low = static_cast<long>(x), br->whole_low_y = y;
        else
          br->whole_high = static_cast<long>(x), br->whole_high_y = y;
        advance_whole(*br);
      } else {
        br->fb = y - settings_.level;
        advance(*br);
      }
    }
    conclude();
    return;
  }
  scan_taken_[scanned] = true;
  scan_y_[scanned]     = y;
  if (--scan_left_ == 0)
    after_scan();
}

void LevelSearch::after_scan()
{
  const double level = settings_.level;
  for (std::size_t i = 0; i + 1 < scan_x_.size(); ++i) {
    if ((scan_y_[i] >= level) == (scan_y_[i + 1] >= level))
      continue;
    Bracket br;
    br.rising = scan_y_[i] < level;
    if (settings_.whole) {
      br.whole_low   = static_cast<long>(scan_x_[i]);
      br.whole_high  = static_cast<long>(scan_x_[i + 1]);
      br.whole_low_y = scan_y_[i], br.whole_high_y = scan_y_[i + 1];
    } else {
      br.a = to_u(scan_x_[i]), br.fa = scan_y_[i] - level;
      br.b = to_u(scan_x_[i + 1]), br.fb = scan_y_[i + 1] - level;
    }
    brackets_.push_back(br);
  }
  if (brackets_.empty()) {
    const bool above = scan_y_.front() >= level;
    auto closest =
        above ? std::min_element(scan_y_.begin(), scan_y_.end()) : std::max_element(scan_y_.begin(), scan_y_.end());
    result_.status    = above ? LevelSearchStatus::AlwaysAbove : LevelSearchStatus::NeverReached;
    result_.closest_y = *closest;
    result_.closest_x = scan_x_[static_cast<std::size_t>(closest - scan_y_.begin())];
    return;
  }
  for (Bracket& br : brackets_) {
    if (settings_.whole) {
      advance_whole(br);
    } else {
      br.c = br.a, br.fc = br.fa;  // Brent's first step: c is the other end of the bracket
      br.d = br.e = br.b - br.a;
      advance(br);
    }
  }
  conclude();
}

// Brent's zeroin (Brent 1973, ch. 4; netlib's zeroin.f), one evaluation at a time: on entry fb holds the value at b
// just taken (or, on the first call, the bracket's two ends are set and c = a); on exit either `waiting` asks for the
// value at a new b, or the bracket is `finished`.
void LevelSearch::advance(Bracket& br)
{
  const double tol = tolerance_u();
  if (br.fc != 0 && ((br.fb > 0 && br.fc > 0) || (br.fb < 0 && br.fc < 0))) {
    br.c = br.a, br.fc = br.fa;
    br.d = br.e = br.b - br.a;
  }
  if (std::fabs(br.fc) < std::fabs(br.fb)) {
    br.a = br.b, br.b = br.c, br.c = br.a;
    br.fa = br.fb, br.fb = br.fc, br.fc = br.fa;
  }
  const double tol1 = 2 * kEps * std::fabs(br.b) + 0.5 * tol;
  const double xm   = 0.5 * (br.c - br.b);
  if (std::fabs(xm) <= tol1 || br.fb == 0) {
    const bool b_first = br.b <= br.c;
    const double lo_u = b_first ? br.b : br.c, hi_u = b_first ? br.c : br.b;
    const double lo_f = b_first ? br.fb : br.fc, hi_f = b_first ? br.fc : br.fb;
    finish_bracket(br, to_x(lo_u), lo_f + settings_.level, to_x(hi_u), hi_f + settings_.level, to_x(br.b));
    return;
  }
  if (std::fabs(br.e) >= tol1 && std::fabs(br.fa) > std::fabs(br.fb)) {
    double p = 0, q = 0;
    const double s = br.fb / br.fa;
    if (br.a == br.c) {  // secant
      p = 2 * xm * s;
      q = 1 - s;
    } else {  // inverse quadratic interpolation
      const double qa = br.fa / br.fc, r = br.fb / br.fc;
      p = s * (2 * xm * qa * (qa - r) - (br.b - br.a) * (r - 1));
      q = (qa - 1) * (r - 1) * (s - 1);
    }
    if (p > 0)
      q = -q;
    p = std::fabs(p);
    if (2 * p < std::min(3 * xm * q - std::fabs(tol1 * q), std::fabs(br.e * q))) {
      br.e = br.d;
      br.d = p / q;
    } else {
      br.d = xm, br.e = xm;  // bisection
    }
  } else {
    br.d = xm, br.e = xm;  // bisection
  }
  br.a = br.b, br.fa = br.fb;
  br.b += std::fabs(br.d) > tol1 ? br.d : (xm > 0 ? tol1 : -tol1);
  br.pending = to_x(br.b);
  br.waiting = true;
}

// Bisection between two whole neighbours-to-be: the middle on the search's scale, rounded, strictly inside.
void LevelSearch::advance_whole(Bracket& br)
{
  if (br.whole_high - br.whole_low <= 1) {
    finish_bracket(br, static_cast<double>(br.whole_low), br.whole_low_y, static_cast<double>(br.whole_high),
                   br.whole_high_y, static_cast<double>(br.whole_high));
    return;
  }
  const double lo = static_cast<double>(br.whole_low), hi = static_cast<double>(br.whole_high);
  double middle = std::round(to_x(0.5 * (to_u(lo) + to_u(hi))));
  middle        = std::clamp(middle, lo + 1, hi - 1);
  br.pending    = middle;
  br.waiting    = true;
}

void LevelSearch::finish_bracket(Bracket& br, double x_before, double y_before, double x_after, double y_after,
                                 double x)
{
  const double level = settings_.level;
  br.finished        = true;
  br.crossing        = LevelCrossing{x, x_before, x_after, y_before, y_after, br.rising, false};
  // A whole search ends on neighbours: there is nothing between them to call a step.
  br.crossing.jump = !settings_.whole && apart(y_before - level, y_after - level, level);
  // A step is placed on its side that reaches the level: the first size where it holds (or the last, falling).
  if (br.crossing.jump)
    br.crossing.x = y_after >= level ? x_after : x_before;
}

void LevelSearch::conclude()
{
  if (done())
    return;
  bool all_finished = true;
  for (const Bracket& br : brackets_)
    all_finished = all_finished && br.finished;
  if (all_finished) {
    for (const Bracket& br : brackets_)
      result_.crossings.push_back(br.crossing);
    std::sort(result_.crossings.begin(), result_.crossings.end(),
              [](const LevelCrossing& a, const LevelCrossing& b) { return a.x < b.x; });
    result_.status = LevelSearchStatus::Found;
    return;
  }
  if (result_.probes >= settings_.limit) {
    result_.status = LevelSearchStatus::Failed;
    result_.why    = "no crossing narrowed to the tolerance within " + std::to_string(settings_.limit) + " values";
  }
}

}  // namespace isogrid
