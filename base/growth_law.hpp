#pragma once
// Growth laws fitted to measurements, in the performance-model normal form of empirical scalability modelling
// (Calotoiu et al., SC'13, as Extra-P fits it):
//
//     f(x1..xn) = c0 + sum_k c_k * prod_l x_l^(i_kl) * log2(x_l)^(j_kl)
//
// A hypothesis is a choice of terms (the exponents); its coefficients are fitted by least squares
// (least_squares.hpp), and hypotheses are ranked by leave-one-out cross-validation (the SMAPE of each row predicted
// by the fit of the others, computed from the leverages without refitting). Ties (within a relative 1e-6) go to the
// simpler hypothesis: fewer terms, then the slower growth, so that noise-free data names its own law.
//
// One parameter: every hypothesis of the set (`terms` distinct non-constant factors x^i log2(x)^j, and the constant
// alone). Two or three: Extra-P's way. Each parameter's best single factor is fitted on the rows where the others
// are at their lowest value; then every sum of products of those factors (for x, y: x, y, xy, x+y, x+xy, y+xy,
// x+y+xy) is fitted on every row, and cross-validation chooses.
#include <cstddef>
#include <string>
#include <vector>

namespace isogrid::growth {

// One parameter's factor x^power * log2(x)^log_power; (0, 0) is 1 (the parameter is absent from the term).
struct Factor {
  double power  = 0;
  int log_power = 0;
  bool is_one() const { return power == 0 && log_power == 0; }
  double value(double x) const;
  bool operator==(const Factor& o) const { return power == o.power && log_power == o.log_power; }
};

// A term: one factor per parameter, multiplied; its coefficient is fitted.
using Term = std::vector<Factor>;

// The terms of a hypothesis; the constant c0 is always fitted besides them.
struct Hypothesis {
  std::vector<Term> terms;
};

// Which single-parameter factors are tried, and how many at once.
struct HypothesisSet {
  std::vector<double> powers;   // i
  std::vector<int> log_powers;  // j
  std::size_t terms = 1;        // non-constant terms per hypothesis: 1 or 2
};

// Extra-P's default: i in {0, 1/4, 1/3, 1/2, 2/3, 3/4, 1, 5/4, 4/3, 3/2, 5/3, 7/4, 2, 9/4, 7/3, 5/2, 8/3, 11/4, 3},
// j in {0, 1, 2}, one term: 56 factors and the constant alone.
HypothesisSet default_hypotheses();

// Every hypothesis of `set` over one parameter, the constant alone first.
std::vector<Hypothesis> single_parameter_hypotheses(const HypothesisSet& set);

// Measurements: x[l][r] is parameter l's value at row r, y[r] the measured value.
struct Observations {
  std::vector<std::vector<double>> x;
  std::vector<double> y;
};

struct Law {
  std::vector<std::string> parameters;
  Hypothesis shape;
  std::vector<double> coefficients;  // c0, then one per term
  std::vector<double> half_widths;   // of each coefficient's 95 % confidence interval (Student's t); NaN when n = p
  double smape       = 0;            // % , of the fit on the rows it was fitted on
  double cv_smape    = 0;            // % , leave-one-out
  double adjusted_r2 = 0;
  std::size_t rows   = 0;
  std::size_t tried  = 0;  // hypotheses fitted

  double evaluate(const std::vector<double>& x) const;
  // "12.5 + 0.25 * m * log2(m)": coefficients to 6 significant digits.
  std::string formula() const;
  // The shape in words, fastest-growing term first: "m log m", "m^(3/2) + V", "constant".
  std::string growth() const;
};

struct LawOutcome {
  bool ok = false;
  Law law;
  std::string error;  // why no law: too few rows or distinct values, no hypothesis fits
};

// The fewest distinct values of each parameter a fit asks for (a line through two points names no law).
inline constexpr std::size_t kMinimumDistinctValues = 3;

// Fits `obs` (one to three parameters named `parameters`) over `set`. Rows with a non-finite value are dropped; a
// parameter must be positive wherever a log or a fractional power of it is taken.
LawOutcome fit_law(const Observations& obs, const std::vector<std::string>& parameters, const HypothesisSet& set);

// A factor in words ("m^(3/2) log^2 m") and in a formula ("m^(3/2) * log2(m)^2").
std::string factor_words(const Factor& f, const std::string& name);
std::string factor_formula(const Factor& f, const std::string& name);
// Powers as Extra-P writes them: a fraction with a denominator up to 12 where it is one ("3/2"), else "%g".
std::string power_text(double power);

}  // namespace isogrid::growth
