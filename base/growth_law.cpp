#include "base/growth_law.hpp"

#include "base/least_squares.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

namespace isogrid::growth {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// How fast a factor grows: by its power, then its log's.
bool grows_slower(const Factor& a, const Factor& b)
{
  return a.power != b.power ? a.power < b.power : a.log_power < b.log_power;
}

// A term's growth, for ordering terms and breaking ties: the sum of its powers, then of its log powers.
std::pair<double, int> term_order(const Term& t)
{
  double p = 0;
  int l    = 0;
  for (const Factor& f : t) {
    p += f.power;
    l += f.log_power;
  }
  return {p, l};
}

double term_value(const Term& t, const std::vector<std::vector<double>>& x, std::size_t row)
{
  double v = 1;
  for (std::size_t l = 0; l < t.size(); ++l)
    v *= t[l].value(x[l][row]);
  return v;
}

double smape(const std::vector<double>& predicted, const std::vector<double>& y)
{
  double sum = 0;
  for (std::size_t r = 0; r < y.size(); ++r) {
    double scale = (std::abs(predicted[r]) + std::abs(y[r])) / 2;
    if (scale > 0)
      sum += std::abs(predicted[r] - y[r]) / scale;
  }
  return 100 * sum / static_cast<double>(y.size());
}

// One hypothesis fitted to every row, with its cross-validation score; cv_smape is +inf when it cannot be fitted
// (a term undefined on a row, two terms saying the same thing, a row it alone determines).
Law fit_hypothesis(const Observations& obs, const Hypothesis& h)
{
  const std::size_t n = obs.y.size();
  std::vector<std::vector<double>> columns(1, std::vector<double>(n, 1.0));
  for (const Term& t : h.terms) {
    std::vector<double> c(n);
    for (std::size_t r = 0; r < n; ++r)
      c[r] = term_value(t, obs.x, r);
    columns.push_back(std::move(c));
  }
  Law law;
  law.shape    = h;
  law.rows     = n;
  law.cv_smape = std::numeric_limits<double>::infinity();
  Fit fit      = least_squares(columns, obs.y, true);
  if (!fit.usable())
    return law;
  law.coefficients    = fit.coefficients;
  const std::size_t p = columns.size();
  std::vector<double> fitted(n), left_out(n);
  double mean = 0;
  for (double v : obs.y)
    mean += v / static_cast<double>(n);
  double sst = 0;
  for (std::size_t r = 0; r < n; ++r) {
    double f = 0;
    for (std::size_t j = 0; j < p; ++j)
      f += fit.coefficients[j] * columns[j][r];
    fitted[r]  = f;
    double h_r = fit.leverages[r];
    if (h_r > 1 - 1e-9)
      return law;  // this row alone fixes a coefficient: nothing left to validate it against
    left_out[r] = obs.y[r] - (obs.y[r] - f) / (1 - h_r);
    sst += (obs.y[r] - mean) * (obs.y[r] - mean);
  }
  law.smape       = smape(fitted, obs.y);
  law.cv_smape    = smape(left_out, obs.y);
  double dof      = static_cast<double>(n - p);
  law.adjusted_r2 = sst > 0 ? 1 - (fit.sse / dof) / (sst / static_cast<double>(n - 1)) : (fit.sse > 0 ? 0 : 1);
  double t        = boost::math::quantile(boost::math::complement(boost::math::students_t(dof), 0.025));
  for (double e : fit.coefficient_errors)
    law.half_widths.push_back(t * e);
  return law;
}

// The simpler of two hypotheses: fewer terms, then the slower fastest term, then the slower terms in turn.
bool simpler(const Hypothesis& a, const Hypothesis& b)
{
  if (a.terms.size() != b.terms.size())
    return a.terms.size() < b.terms.size();
  auto orders = [](const Hypothesis& h) {
    std::vector<std::pair<double, int>> o;
    for (const Term& t : h.terms)
      o.push_back(term_order(t));
    std::sort(o.rbegin(), o.rend());
    return o;
  };
  return orders(a) < orders(b);
}

// The best of `hypotheses` on `obs`, by cross-validation, ties to the simpler.
LawOutcome choose(const Observations& obs, const std::vector<Hypothesis>& hypotheses)
{
  std::vector<Law> fitted;
  double best = std::numeric_limits<double>::infinity();
  for (const Hypothesis& h : hypotheses) {
    fitted.push_back(fit_hypothesis(obs, h));
    best = std::min(best, fitted.back().cv_smape);
  }
  LawOutcome out;
  if (!std::isfinite(best)) {
    out.error = "no hypothesis could be fitted (too few rows for its terms, or a term undefined on a row)";
    return out;
  }
  const Law* chosen = nullptr;
  for (const Law& l : fitted)
    if (l.cv_smape <= best * (1 + 1e-6) + 1e-10 && (!chosen || simpler(l.shape, chosen->shape)))
      chosen = &l;
  out.ok        = true;
  out.law       = *chosen;
  out.law.tried = hypotheses.size();
  return out;
}

std::size_t distinct(const std::vector<double>& v) { return std::set<double>(v.begin(), v.end()).size(); }

// The rows where every parameter but `l` is at its lowest value (Extra-P's line through one parameter); every row
// when that line has too few distinct values of `l`.
Observations line_of(const Observations& obs, std::size_t l)
{
  Observations line;
  line.x.resize(1);
  std::vector<double> lowest;
  for (const auto& column : obs.x)
    lowest.push_back(*std::min_element(column.begin(), column.end()));
  for (std::size_t r = 0; r < obs.y.size(); ++r) {
    bool on = true;
    for (std::size_t k = 0; k < obs.x.size(); ++k)
      on = on && (k == l || obs.x[k][r] == lowest[k]);
    if (on) {
      line.x[0].push_back(obs.x[l][r]);
      line.y.push_back(obs.y[r]);
    }
  }
  if (distinct(line.x[0]) < kMinimumDistinctValues) {
    line.x[0] = obs.x[l];
    line.y    = obs.y;
  }
  return line;
}

// Every sum of distinct products of the factors in `factors` (one per parameter; is_one() for a parameter that
// showed no effect on its own line, left out of every product).
std::vector<Hypothesis> combinations(const std::vector<Factor>& factors)
{
  std::vector<std::size_t> present;
  for (std::size_t l = 0; l < factors.size(); ++l)
    if (!factors[l].is_one())
      present.push_back(l);
  std::vector<Term> products;  // each non-empty subset of the parameters present
  for (std::size_t mask = 1; mask < (std::size_t{1} << present.size()); ++mask) {
    Term t(factors.size());
    for (std::size_t b = 0; b < present.size(); ++b)
      if (mask & (std::size_t{1} << b))
        t[present[b]] = factors[present[b]];
    products.push_back(t);
  }
  std::vector<Hypothesis> out{Hypothesis{}};
  for (std::size_t mask = 1; mask < (std::size_t{1} << products.size()); ++mask) {
    Hypothesis h;
    for (std::size_t b = 0; b < products.size(); ++b)
      if (mask & (std::size_t{1} << b))
        h.terms.push_back(products[b]);
    out.push_back(h);
  }
  return out;
}

Observations finite_rows(const Observations& obs)
{
  Observations out;
  out.x.resize(obs.x.size());
  for (std::size_t r = 0; r < obs.y.size(); ++r) {
    bool finite = std::isfinite(obs.y[r]);
    for (const auto& column : obs.x)
      finite = finite && std::isfinite(column[r]);
    if (!finite)
      continue;
    for (std::size_t l = 0; l < obs.x.size(); ++l)
      out.x[l].push_back(obs.x[l][r]);
    out.y.push_back(obs.y[r]);
  }
  return out;
}

std::string number(double v)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", v);
  return buffer;
}

}  // namespace

double Factor::value(double x) const
{
  double v = power == 0 ? 1 : std::pow(x, power);
  if (log_power)
    v *= std::pow(std::log2(x), log_power);
  return v;
}

HypothesisSet default_hypotheses()
{
  return {{0, 1. / 4, 1. / 3, 1. / 2, 2. / 3, 3. / 4, 1, 5. / 4, 4. / 3, 3. / 2, 5. / 3, 7. / 4, 2, 9. / 4, 7. / 3,
           5. / 2, 8. / 3, 11. / 4, 3},
          {0, 1, 2},
          1};
}

std::vector<Hypothesis> single_parameter_hypotheses(const HypothesisSet& set)
{
  std::vector<Factor> factors;
  for (double i : set.powers)
    for (int j : set.log_powers)
      if (!(i == 0 && j == 0))
        factors.push_back({i, j});
  std::vector<Hypothesis> out{Hypothesis{}};
  for (std::size_t a = 0; a < factors.size(); ++a) {
    out.push_back({{Term{factors[a]}}});
    if (set.terms >= 2)
      for (std::size_t b = a + 1; b < factors.size(); ++b)
        out.push_back({{Term{factors[a]}, Term{factors[b]}}});
  }
  return out;
}

double Law::evaluate(const std::vector<double>& x) const
{
  std::vector<std::vector<double>> columns;
  for (double v : x)
    columns.push_back({v});
  double f = coefficients.empty() ? kNaN : coefficients[0];
  for (std::size_t k = 0; k < shape.terms.size(); ++k)
    f += coefficients[k + 1] * term_value(shape.terms[k], columns, 0);
  return f;
}

std::string Law::formula() const
{
  std::string s = number(coefficients.empty() ? kNaN : coefficients[0]);
  for (std::size_t k = 0; k < shape.terms.size(); ++k) {
    double c = coefficients[k + 1];
    s += (c < 0 ? " - " : " + ") + number(std::abs(c));
    for (std::size_t l = 0; l < shape.terms[k].size(); ++l)
      if (!shape.terms[k][l].is_one())
        s += " * " + factor_formula(shape.terms[k][l], parameters[l]);
  }
  return s;
}

std::string Law::growth() const
{
  std::vector<Term> terms = shape.terms;
  std::stable_sort(terms.begin(), terms.end(),
                   [](const Term& a, const Term& b) { return term_order(b) < term_order(a); });
  std::string s;
  for (const Term& t : terms) {
    std::string product;
    for (std::size_t l = 0; l < t.size(); ++l)
      if (!t[l].is_one())
        product += (product.empty() ? "" : " ") + factor_words(t[l], parameters[l]);
    s += (s.empty() ? "" : " + ") + product;
  }
  return s.empty() ? "constant" : s;
}

std::string power_text(double power)
{
  for (int d = 1; d <= 12; ++d) {
    double n = std::round(power * d);
    if (std::abs(n / d - power) < 1e-9) {
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, d == 1 ? "%.0f" : "%.0f/%d", n, d);
      return buffer;
    }
  }
  return number(power);
}

std::string factor_words(const Factor& f, const std::string& name)
{
  std::string s;
  if (f.power != 0) {
    std::string p = power_text(f.power);
    s             = name + (p == "1" ? "" : p.find('/') != std::string::npos || p[0] == '-' ? "^(" + p + ")" : "^" + p);
  }
  if (f.log_power)
    s += (s.empty() ? "" : " ") + std::string(f.log_power == 1 ? "log " : "log^" + std::to_string(f.log_power) + " ") +
         name;
  return s;
}

std::string factor_formula(const Factor& f, const std::string& name)
{
  std::string s;
  if (f.power != 0) {
    std::string p = power_text(f.power);
    s             = p == "1" ? name : name + "^(" + p + ")";
  }
  if (f.log_power)
    s += (s.empty() ? "" : " * ") + std::string("log2(") + name + ")" +
         (f.log_power == 1 ? "" : "^" + std::to_string(f.log_power));
  return s;
}

LawOutcome fit_law(const Observations& given, const std::vector<std::string>& parameters, const HypothesisSet& set)
{
  LawOutcome out;
  Observations obs = finite_rows(given);
  for (std::size_t l = 0; l < obs.x.size(); ++l)
    if (distinct(obs.x[l]) < kMinimumDistinctValues) {
      out.error = parameters[l] + " takes " + std::to_string(distinct(obs.x[l])) + " distinct value(s); a law needs " +
                  std::to_string(kMinimumDistinctValues) + " or more";
      return out;
    }
  std::vector<Hypothesis> single = single_parameter_hypotheses(set);
  if (obs.x.size() == 1)
    out = choose(obs, single);
  else {
    std::vector<Factor> factors;
    std::size_t tried = 0;
    for (std::size_t l = 0; l < obs.x.size(); ++l) {
      LawOutcome line = choose(line_of(obs, l), single);
      tried += single.size();
      Factor fastest;
      if (line.ok)
        for (const Term& t : line.law.shape.terms)
          if (grows_slower(fastest, t[0]))
            fastest = t[0];
      factors.push_back(fastest);
    }
    std::vector<Hypothesis> all = combinations(factors);
    out                         = choose(obs, all);
    out.law.tried += tried;
  }
  if (out.ok)
    out.law.parameters = parameters;
  return out;
}

}  // namespace isogrid::growth
