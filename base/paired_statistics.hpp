#pragma once
// The evidence that one side of a paired comparison is below (or above) the other: two policies run on the same
// repetitions, each repetition a pair, the claim "left < right" read as "the differences d_i = left_i - f right_i
// are below 0". What a researcher reports for it:
//   - the mean difference with its 95 % confidence interval (Student's t): the claim holds when the interval lies
//     wholly on the claimed side of 0;
//   - the paired t-test, the Wilcoxon signed-rank test and the sign test, each one-sided towards the claim;
//   - whether normality of the differences is plausible (Anderson-Darling, Stephens' A*² against its 5 % point):
//     where it is not, the interval of the mean leans on the central limit theorem alone, and the claim also needs
//     the signed-rank test (which assumes only symmetry) below 2.5 %.
// A statistic of a whole side (a coefficient of variation, a variance) has no pairwise difference: its interval is
// a percentile bootstrap over the pairs, drawn from a fixed seed so that a report is the same every time.
// Pure: the standard library and Boost.Math; tested by hand-worked cases in tests/paired_statistics_test.cpp.
#include <cstdint>
#include <functional>
#include <vector>

namespace isogrid {

// Which side of 0 the claim puts the differences on.
enum class ClaimSide { Below, Above };

// What the interval of a difference says of a claim.
enum class Finding {
  // the 95 % interval lies wholly on the claimed side of 0 (and, where needed, the signed-rank test agrees); or, for
  // <= and >=, every pair meets the claim (PairedEvidence::every_pair)
  Holds,
  NotShown,      // the interval reaches 0: the repetitions do not show the claim, nor its opposite
  Contradicted,  // the interval lies wholly on the other side of 0 (a tie on every pair contradicts nothing)
  SingleRun,     // one pair: no interval; the claim is read off the two values alone
};

struct PairedEvidence {
  size_t pairs    = 0;
  double estimate = 0;  // the mean difference (or, bootstrapped, the difference of the two sides' statistics)
  double low      = 0;  // the 95 % interval of `estimate`; equal to it when every difference is the same
  double high     = 0;
  bool bootstrap  = false;  // the interval is a percentile bootstrap, and no test was run
  // One-sided p-values towards the claim; NaN where not computed (a bootstrap, a single pair).
  double t_p        = 0;
  double wilcoxon_p = 0;
  double sign_p     = 0;
  // Anderson-Darling: false when normality of the differences is rejected at 5 % (tested from 8 pairs on).
  bool normal_plausible = true;
  Finding finding       = Finding::NotShown;
  // A non-strict claim (<=, >=) held because every pair meets it, where the interval alone would not show it.
  bool every_pair = false;
};

// The mean of values and the half-width of its 95 % confidence interval, Student's t with n - 1 degrees of freedom
// (0 when every value is the same; NaN below two values). What a table's "mean ± 95 % CI" prints, and what a traced
// line's interval over its repetitions is.
struct MeanInterval {
  double mean       = 0;
  double half_width = 0;
};
MeanInterval mean_interval(const std::vector<double>& values);

// The evidence from the differences of the pairs, for the mean difference. `strict`: the claim is "<" or ">" (a
// tie on every pair does not show it), else "<=" or ">=" (a tie on every pair meets it).
PairedEvidence paired_mean_evidence(const std::vector<double>& differences, ClaimSide side, bool strict);

// The evidence for stat(left) - f * stat(right) when `stat` summarises a whole side: a percentile bootstrap over the
// pairs (`resamples` of them, from `seed`). The estimate is the difference on the pairs as given.
PairedEvidence paired_bootstrap_evidence(const std::vector<double>& left, const std::vector<double>& right, double f,
                                         const std::function<double(const std::vector<double>&)>& stat, ClaimSide side,
                                         bool strict, uint64_t seed, size_t resamples = 2000);

// Where an interval [low, high] puts the claim, and a single pair's difference (SingleRun's verdict).
Finding finding_of(double low, double high, ClaimSide side, bool strict);
bool single_run_holds(double difference, ClaimSide side, bool strict);

// One-sided p-values towards `side`. Exact for the sign test (binomial) and, without ties and up to 60 non-zero
// differences, for the signed-rank test; past that (or with ties) the normal approximation with the tie correction
// and a continuity correction. Zero differences are dropped, as Wilcoxon did; sizes equal to 1e-12 relative are
// ties (rounding in left - f right must not break one). 1 when no difference is non-zero.
double sign_test_p(const std::vector<double>& differences, ClaimSide side);
double wilcoxon_signed_rank_p(const std::vector<double>& differences, ClaimSide side);

// Stephens' modified Anderson-Darling statistic A*² = A² (1 + 0.75/n + 2.25/n²) for normality with mean and variance
// estimated from the sample; normality is rejected at 5 % when it exceeds 0.752. NaN below 8 values or with no
// spread.
double anderson_darling_normality(const std::vector<double>& values);

}  // namespace isogrid
