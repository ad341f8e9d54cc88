#include "base/paired_statistics.hpp"

#include "base/quantile.hpp"
#include "base/random.hpp"

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/statistics/anderson_darling.hpp>
#include <cmath>
#include <limits>

namespace isogrid {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Stephens (1974): the 5 % point of A*² when mean and variance are estimated from the sample.
constexpr double kAndersonDarling5Percent = 0.752;
// Below this many pairs the normality test has next to no power: it is not run, and normality is not doubted.
constexpr size_t kNormalityFrom = 8;
// Up to this many non-zero differences without ties, the signed-rank statistic's exact distribution (2^n subsets,
// counted by rank sum in n(n+1)/2 cells).
constexpr size_t kExactSignedRankUpTo = 60;

// Differences other than 0, which the sign and signed-rank tests drop.
std::vector<double> non_zero(const std::vector<double>& d)
{
  std::vector<double> out;
  for (double x : d)
    if (x != 0)
      out.push_back(x);
  return out;
}

// Whether two differences are tied in size: equal but for rounding (left - 1.05 right is 2.1 on one pair and
// -2.0999999999999996 on another where the values say the same).
bool same_size(double a, double b)
{
  const double x = std::fabs(a), y = std::fabs(b);
  return std::fabs(x - y) <= 1e-12 * std::max(x, y);
}

// P(W+ <= w) for n untied ranks 1..n, by counting the subsets of ranks with each sum.
double exact_signed_rank_cdf(size_t n, long long w)
{
  const size_t most = n * (n + 1) / 2;
  std::vector<double> ways(most + 1, 0.0);  // doubles: 2^60 subsets overflow nothing that matters here
  ways[0] = 1;
  for (size_t rank = 1; rank <= n; ++rank)
    for (size_t sum = most; sum >= rank; --sum)
      ways[sum] += ways[sum - rank];
  double below = 0;
  for (long long sum = 0; sum <= w && sum <= static_cast<long long>(most); ++sum)
    below += ways[static_cast<size_t>(sum)];
  return below / std::ldexp(1.0, static_cast<int>(n));
}

}  // namespace

Finding finding_of(double low, double high, ClaimSide side, bool strict)
{
  if (side == ClaimSide::Above) {
    // left > right reads as -d < 0.
    std::swap(low, high);
    low  = -low;
    high = -high;
  }
  if (strict ? high < 0 : high <= 0)
    return Finding::Holds;
  if (low > 0)
    return Finding::Contradicted;
  return Finding::NotShown;
}

bool single_run_holds(double difference, ClaimSide side, bool strict)
{
  double d = side == ClaimSide::Below ? difference : -difference;
  return strict ? d < 0 : d <= 0;
}

double sign_test_p(const std::vector<double>& differences, ClaimSide side)
{
  std::vector<double> d = non_zero(differences);
  if (d.empty())
    return 1;
  auto on_side = static_cast<double>(
      std::count_if(d.begin(), d.end(), [&](double x) { return side == ClaimSide::Below ? x < 0 : x > 0; }));
  if (on_side == 0)
    return 1;
  // P(X >= on_side), X ~ Binomial(n, 1/2).
  boost::math::binomial_distribution<double> binomial(static_cast<double>(d.size()), 0.5);
  return boost::math::cdf(boost::math::complement(binomial, on_side - 1));
}

double wilcoxon_signed_rank_p(const std::vector<double>& differences, ClaimSide side)
{
  std::vector<double> d = non_zero(differences);
  const size_t n        = d.size();
  if (n == 0)
    return 1;
  // Ranks of |d|, ties sharing their average rank; W+ the sum of the ranks of the positive differences.
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return std::fabs(d[a]) < std::fabs(d[b]); });
  double w_plus = 0, tie_term = 0;
  bool ties = false;
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j + 1 < n && same_size(d[order[j + 1]], d[order[i]]))
      ++j;
    const double rank = (static_cast<double>(i + j) + 2) / 2;  // ranks i+1 .. j+1, averaged
    const double t    = static_cast<double>(j - i + 1);
    ties              = ties || t > 1;
    tie_term += t * t * t - t;
    for (size_t k = i; k <= j; ++k)
      if (d[order[k]] > 0)
        w_plus += rank;
    i = j + 1;
  }
  const double total = static_cast<double>(n * (n + 1)) / 2;
  // Evidence for "below" is a small W+; for "above" a small W- = total - W+.
  const double w = side == ClaimSide::Below ? w_plus : total - w_plus;
  if (!ties && n <= kExactSignedRankUpTo)
    return exact_signed_rank_cdf(n, std::llround(w));
  const double nn       = static_cast<double>(n);
  const double mean     = nn * (nn + 1) / 4;
  const double variance = nn * (nn + 1) * (2 * nn + 1) / 24 - tie_term / 48;
  if (variance <= 0)
    return 1;
  const double z = (w - mean + 0.5) / std::sqrt(variance);
  return boost::math::cdf(boost::math::normal_distribution<double>(), z);
}

double anderson_darling_normality(const std::vector<double>& values)
{
  const size_t n = values.size();
  if (n < kNormalityFrom)
    return kNaN;
  std::vector<double> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  if (sorted.front() == sorted.back())
    return kNaN;
  const double a2 = boost::math::statistics::anderson_darling_normality_statistic(sorted);
  const double nn = static_cast<double>(n);
  return a2 * (1 + 0.75 / nn + 2.25 / (nn * nn));
}

MeanInterval mean_interval(const std::vector<double>& values)
{
  MeanInterval m;
  const double n = static_cast<double>(values.size());
  if (values.empty())
    return {kNaN, kNaN};
  for (double x : values)
    m.mean += x / n;  // summed as isoefficiency traces always summed their crossings: their intervals stay the same
  if (values.size() < 2) {
    m.half_width = kNaN;
    return m;
  }
  double squares = 0;
  for (double x : values)
    squares += (x - m.mean) * (x - m.mean);
  boost::math::students_t_distribution<double> t(n - 1);
  m.half_width = boost::math::quantile(boost::math::complement(t, 0.025)) * std::sqrt(squares / (n - 1) / n);
  return m;
}

PairedEvidence paired_mean_evidence(const std::vector<double>& differences, ClaimSide side, bool strict)
{
  PairedEvidence e;
  e.pairs = differences.size();
  if (e.pairs == 0) {
    e.estimate = e.low = e.high = e.t_p = e.wilcoxon_p = e.sign_p = kNaN;
    return e;
  }
  const MeanInterval mean = mean_interval(differences);
  e.estimate              = mean.mean;
  if (e.pairs == 1) {
    e.low = e.high = e.estimate;
    e.t_p = e.wilcoxon_p = e.sign_p = kNaN;
    e.finding                       = Finding::SingleRun;
    return e;
  }
  e.low  = e.estimate - mean.half_width;
  e.high = e.estimate + mean.half_width;
  // The t statistic's standard error, back from the half-width: half = t(0.975, n - 1) se.
  boost::math::students_t_distribution<double> t(static_cast<double>(e.pairs) - 1);
  const double se      = mean.half_width / boost::math::quantile(boost::math::complement(t, 0.025));
  const double towards = side == ClaimSide::Below ? e.estimate : -e.estimate;
  e.t_p                = se == 0 ? (towards < 0 ? 0 : 1) : boost::math::cdf(t, towards / se);
  e.wilcoxon_p         = wilcoxon_signed_rank_p(differences, side);
  e.sign_p             = sign_test_p(differences, side);
  const double a_star  = anderson_darling_normality(differences);
  e.normal_plausible   = !(a_star > kAndersonDarling5Percent);
  e.finding            = finding_of(e.low, e.high, side, strict);
  if (e.finding == Finding::Holds && !e.normal_plausible && !(e.wilcoxon_p < 0.025))
    e.finding = Finding::NotShown;
  // "Not worse" (<=, >=) met by every pair, ties included: no repetition goes against it, which a symmetric interval
  // around a mean dragged by a few strict wins would hide ("no scheduler beats the optimum": 0 on most draws, below
  // 0 on some). Said apart in reports: it describes these repetitions, it is not an interval.
  if (!strict && e.finding != Finding::Holds && std::all_of(differences.begin(), differences.end(), [&](double d) {
        return side == ClaimSide::Below ? d <= 0 : d >= 0;
      })) {
    e.finding    = Finding::Holds;
    e.every_pair = true;
  }
  return e;
}

PairedEvidence paired_bootstrap_evidence(const std::vector<double>& left, const std::vector<double>& right, double f,
                                         const std::function<double(const std::vector<double>&)>& stat, ClaimSide side,
                                         bool strict, uint64_t seed, size_t resamples)
{
  PairedEvidence e;
  e.bootstrap = true;
  e.pairs     = std::min(left.size(), right.size());
  e.t_p = e.wilcoxon_p = e.sign_p = kNaN;
  std::vector<double> l(left.begin(), left.begin() + static_cast<std::ptrdiff_t>(e.pairs));
  std::vector<double> r(right.begin(), right.begin() + static_cast<std::ptrdiff_t>(e.pairs));
  e.estimate = e.pairs ? stat(l) - f * stat(r) : kNaN;
  e.low = e.high = e.estimate;
  if (e.pairs < 2) {
    e.finding = e.pairs ? Finding::SingleRun : Finding::NotShown;
    return e;
  }
  SeededRandom random(seed);
  std::vector<double> draws, l_star(e.pairs), r_star(e.pairs);
  draws.reserve(resamples);
  for (size_t b = 0; b < resamples; ++b) {
    for (size_t i = 0; i < e.pairs; ++i) {
      const size_t k = static_cast<size_t>(random.below(e.pairs));
      l_star[i]      = l[k];
      r_star[i]      = r[k];
    }
    const double x = stat(l_star) - f * stat(r_star);
    if (!std::isnan(x))
      draws.push_back(x);
  }
  if (draws.empty()) {
    e.low = e.high = kNaN;
    e.finding      = Finding::NotShown;
    return e;
  }
  std::sort(draws.begin(), draws.end());
  e.low     = quantile_of_sorted(draws, 0.025);
  e.high    = quantile_of_sorted(draws, 0.975);
  e.finding = finding_of(e.low, e.high, side, strict);
  return e;
}

}  // namespace isogrid
