#include "policies/modelling/staged_search.hpp"

#include "base/least_squares.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace isogrid::modelling {

using scheduling::apply;
using scheduling::growth_name;

std::string FittedModel::name() const
{
  const Combination& c = combination;
  std::string out      = "comp " + shape_name(complexity_candidates()[c.computation]);
  if (c.communication)
    out +=
        ", comm " + shape_name(complexity_candidates()[*c.communication]) + ", f_bw " + growth_name(c.bandwidth_effect);
  return out + ", f_Pcomp " + growth_name(c.computation_speedup) + ", f_Pcomm " + growth_name(c.communication_speedup);
}

double fitted_time(const scheduling::PerformanceModel& model, double problem_size, std::size_t processors, double cpu,
                   double bandwidth)
{
  scheduling::PerformanceModel m = model;
  m.problem_size                 = problem_size;
  if (processors == 1)
    m.computation_speedup = Growth::Linear;  // 1 at P = 1
  return m.time(processors, cpu, bandwidth);
}

FittedModel fit(const Combination& c, const std::vector<Observation>& runs)
{
  const Shape& comp = complexity_candidates()[c.computation];
  const Shape* comm = c.communication ? &complexity_candidates()[*c.communication] : nullptr;
  std::vector<std::vector<double>> columns;
  std::vector<double> times;
  for (const Shape* shape : {&comp, comm})
    if (shape)
      for (std::size_t j = 0; j < shape->size(); ++j)
        columns.emplace_back();
  for (const Observation& r : runs) {
    const double p  = static_cast<double>(r.processors);
    std::size_t col = 0;
    for (const Term& t : comp)
      columns[col++].push_back(term_value(t, r.problem_size) /
                               (r.cpu * (r.processors > 1 ? apply(c.computation_speedup, p) : 1.0)));
    if (comm)
      for (const Term& t : *comm)
        columns[col++].push_back(r.processors > 1
                                     ? term_value(t, r.problem_size) /
                                           (apply(c.bandwidth_effect, r.bandwidth) * apply(c.communication_speedup, p))
                                     : 0.0);
    times.push_back(r.time);
  }
  Fit f = least_squares(columns, times);
  FittedModel out;
  out.combination                 = c;
  out.standard_error              = f.standard_error;
  out.model.application           = "fitted";
  out.model.bandwidth_effect      = c.bandwidth_effect;
  out.model.computation_speedup   = c.computation_speedup;
  out.model.communication_speedup = c.communication_speedup;
  std::size_t col                 = 0;
  for (Term t : comp) {
    t.coefficient = f.coefficients[col++];
    out.model.computation.push_back(t);
  }
  if (comm)
    for (Term t : *comm) {
      t.coefficient = f.coefficients[col++];
      out.model.communication.push_back(t);
    }
  return out;
}

double ranking_error(const FittedModel& model, double mean_time)
{
  return std::max(model.standard_error, 1e-9 * std::abs(mean_time));
}

double mean_time(const std::vector<Observation>& runs)
{
  double sum = 0;
  for (const Observation& r : runs)
    sum += r.time;
  return runs.empty() ? 0 : sum / static_cast<double>(runs.size());
}

std::vector<FittedModel> keep_best(std::vector<FittedModel> models, std::size_t cap, double within, double mean_time)
{
  auto score = [mean_time](const FittedModel& m) { return ranking_error(m, mean_time); };
  models.erase(std::remove_if(models.begin(), models.end(),
                              [](const FittedModel& m) { return !std::isfinite(m.standard_error); }),
               models.end());
  std::stable_sort(models.begin(), models.end(),
                   [&](const FittedModel& a, const FittedModel& b) { return score(a) < score(b); });
  if (models.empty())
    return models;
  const double limit = within * score(models.front());
  std::size_t keep   = 0;
  while (keep < models.size() && keep < cap && score(models[keep]) <= limit)
    ++keep;
  models.resize(keep);
  return models;
}

std::vector<FittedModel> computation_stage(const std::vector<Observation>& runs, const SearchLimits& limits)
{
  std::vector<FittedModel> all;
  for (std::size_t i = 0; i < complexity_candidates().size(); ++i) {
    Combination c;
    c.computation = i;  // f_cpu(x) = x: time sharing gives the application its available share
    all.push_back(fit(c, runs));
  }
  return keep_best(std::move(all), limits.computation, limits.within, mean_time(runs));
}

namespace {

// A stage after the first: each kept model's combination varied every way `vary` lists, each variant fitted on the
// stage's runs, at most `per_parent` kept per model, then at most `cap` over all.
template <class Vary>
std::vector<FittedModel> refine(const std::vector<FittedModel>& parents, const std::vector<Observation>& runs,
                                std::size_t per_parent, std::size_t cap, double within, Vary vary)
{
  std::vector<FittedModel> kept;
  for (const FittedModel& parent : parents) {
    std::vector<FittedModel> variants;
    vary(parent.combination, [&](const Combination& c) { variants.push_back(fit(c, runs)); });
    for (FittedModel& m : keep_best(std::move(variants), per_parent, within, mean_time(runs)))
      kept.push_back(std::move(m));
  }
  return keep_best(std::move(kept), cap, within, mean_time(runs));
}

}  // namespace

std::vector<FittedModel> communication_stage(const std::vector<FittedModel>& computation,
                                             const std::vector<Observation>& runs, const SearchLimits& limits)
{
  return refine(computation, runs, limits.per_computation, limits.triples, limits.within,
                [](Combination c, const auto& add) {
                  for (std::size_t k = 0; k < complexity_candidates().size(); ++k)
                    for (Growth bw : bandwidth_candidates()) {
                      c.communication    = k;
                      c.bandwidth_effect = bw;
                      add(c);
                    }
                });
}

std::vector<FittedModel> scalability_stage(const std::vector<FittedModel>& triples,
                                           const std::vector<Observation>& runs, const SearchLimits& limits)
{
  return refine(triples, runs, limits.per_triple, limits.list, limits.within, [](Combination c, const auto& add) {
    for (Growth comp : scalability_candidates())
      for (Growth comm : scalability_candidates()) {
        c.computation_speedup   = comp;
        c.communication_speedup = comm;
        add(c);
      }
  });
}

std::vector<FittedModel> staged_search(const std::vector<Observation>& runs, const SearchLimits& limits)
{
  std::vector<Observation> one, two, several;
  for (const Observation& r : runs) {
    if (r.processors == 1)
      one.push_back(r);
    if (r.processors == 2)
      two.push_back(r);
    if (r.processors >= 2)
      several.push_back(r);
  }
  if (one.size() < 3 || two.size() < 3 || several.size() < 3)
    throw std::invalid_argument("the staged search needs at least 3 runs on one processor, on two, and on two or more");
  return scalability_stage(communication_stage(computation_stage(one, limits), two, limits), several, limits);
}

}  // namespace isogrid::modelling
