#include "simulator/experiment/summary_tables.hpp"

#include "simulator/experiment/axis.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace isogrid {

namespace {

// A list of names, or one name; each read by `read`.
template <typename T, typename Read>
std::vector<T> read_names(const Field& f, const std::string& example, Read read)
{
  std::vector<T> out;
  if (f.is_scalar())
    return {read(f)};
  if (!f.is_list() || f.size() == 0)
    f.fail("expected a list, e.g. " + example);
  for (size_t i = 0; i < f.size(); ++i)
    out.push_back(read(f.element(i)));
  return out;
}

std::string statistic_list(const std::vector<Statistic>& statistics)
{
  std::string out;
  for (Statistic s : statistics)
    out += (out.empty() ? "" : ", ") + statistic_name(s);
  return out;
}

// Reads one table; false when `lenient` and its face is not computed.
bool read_one(const Field& f, const ModelInfo& model, bool predicts, bool simulates, bool lenient, SummaryTable& t)
{
  f.only_keys({"title", "metrics", "statistics", "relative_to", "face", "paper"}, "table key");
  t.where = f.where();
  if (f.child("title").present())
    t.title = f.child("title").text();
  t.metrics    = read_names<size_t>(f.required("metrics"), "[time_dp, time_be]",
                                 [&](const Field& e) { return read_metric(e, model); });
  t.statistics = f.child("statistics").present()
                     ? read_names<Statistic>(f.child("statistics"), "[mean, sd, geomean]",
                                             [](const Field& e) { return read_statistic(e, Statistic::Mean); })
                     : std::vector<Statistic>{Statistic::Mean};
  if (f.child("relative_to").present())
    t.relative_to = read_metric(f.child("relative_to"), model);

  t.predicted = !simulates;
  Field face  = f.child("face");
  if (face.present()) {
    std::string name = face.text();
    if (name != "simulated" && name != "predicted")
      face.fail(unknown_name_message("face", name, {"simulated", "predicted"}));
    t.predicted = name == "predicted";
    if (t.predicted ? !predicts : !simulates) {
      if (lenient)
        return false;
      face.fail(fmt::format("the experiment does not compute the {} face (mode: {})", name,
                            t.predicted ? "simulate" : "predict"));
    }
  }

  Field paper = f.child("paper");
  if (paper.present()) {
    if (!paper.is_map())
      paper.fail("expected the paper's values per metric, e.g. {time_dp: [124.53, 21.45]}");
    for (const auto& key : paper.keys()) {
      Field row  = paper.child(key);
      auto index = model.metric_index(key);
      if (!index)
        row.fail(unknown_name_message("metric of model " + model.name, key, model.metric_names()));
      if (std::find(t.metrics.begin(), t.metrics.end(), *index) == t.metrics.end())
        row.fail(fmt::format("{} is not a row of this table (metrics:)", key));
      std::vector<double> values = row.numbers();
      if (values.size() != t.statistics.size())
        row.fail(fmt::format("expected {} value(s), one per statistic ({}), got {}", t.statistics.size(),
                             statistic_list(t.statistics), values.size()));
      t.paper[*index] = std::move(values);
    }
  }
  return true;
}

}  // namespace

std::vector<SummaryTable> read_summary_tables(const Field& field, const ModelInfo& model, bool predicts, bool simulates,
                                              bool lenient)
{
  std::vector<SummaryTable> out;
  if (!field.present())
    return out;
  if (!field.is_list())
    field.fail("expected a list of tables, each with metrics: and statistics:");
  for (size_t i = 0; i < field.size(); ++i) {
    SummaryTable t;
    if (read_one(field.element(i), model, predicts, simulates, lenient, t))
      out.push_back(std::move(t));
  }
  return out;
}

}  // namespace isogrid
