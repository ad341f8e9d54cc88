#pragma once
// What `isogrid plot` draws, as a typed value: read from an experiment's `plots:` list (plots.hpp), written into
// run.json, drawn by simulator/plot/isoplot. The one definition both sides check is the JSON Schema
// simulator/plot/plot_spec.schema.json: to_json writes every property of a spec's kind (null where there is none),
// and a test holds every shipped experiment's specs against the schema.
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace isogrid {

enum class PlotKind { Contour, Line, Parity, Sequence, Isoefficiency, Timeline };

// One of the paper's values for a line plot's metric at one point: drawn as a marker on the same axes, beside the
// curves it is held against (the experiment's references).
struct PaperPoint {
  std::string metric;
  std::vector<std::pair<std::string, std::string>> at;  // the point's parameters, as results.csv writes them
  double value = 0;
  std::string statistic;  // of the repetitions the value is held against: mean, median, ...
  bool derived = false;   // worked out from the paper's equations rather than printed in it
  // The face the value is held against: "predicted" (the paper's own model), "simulated" (its measurements) or
  // "both", so that a figure can tell a paper's estimate from its measurement at one point.
  std::string face = "both";
};

// A line drawn across every panel at a value of x or y: a level to read a curve at, a paper's value.
struct ReferenceLine {
  std::string axis;  // "x" (a vertical line) or "y" (a horizontal one)
  double value = 0;
  std::string label;  // written beside the line; empty: none
};

struct PlotSpec {
  PlotKind kind = PlotKind::Line;
  std::string file;
  std::optional<std::string> title;
  std::string face = "simulated";  // predicted or simulated
  // parameter -> the value texts kept, in the order written
  std::vector<std::pair<std::string, std::vector<std::string>>> select;
  // every kind: the axes' labels instead of the declared ones, the figure's size in inches, the images written
  // besides `file` (the same name with these extensions), lines across every panel
  std::optional<std::string> x_label;
  std::optional<std::string> y_label;
  std::optional<std::vector<double>> size;
  std::vector<std::string> formats;
  std::vector<ReferenceLine> reference_lines;
  // line: the references' values of its metrics, drawn over the curves
  std::vector<PaperPoint> paper;

  // contour and line; isoefficiency: x the scale, y the size, z the metric of the isoefficiency: block
  std::string x;
  bool x_is_metric = false;  // line: x is a metric, every point drawn sorted by x
  bool log_x       = false;
  bool log_y       = false;
  std::optional<std::string> infeasible;
  // contour
  std::string y;
  std::string z;
  std::optional<std::vector<double>> levels;
  // line: the y metrics; sequence: the stems of the metric families (stem1, stem2, ...)
  std::vector<std::string> metrics;
  std::optional<long long> bins;
  // line and parity
  std::optional<std::string> series;  // "metrics": the y metrics are the series
  std::optional<std::string> panels;
  // parity
  std::string metric;
  std::optional<double> band;
  bool log  = true;
  bool runs = false;  // every run its own point, instead of each combination's mean over its repetitions
  // Parity: a panel under the diagonal with each point's relative deviation (sim - pred) / |pred|, in %.
  bool residuals = false;
  // timeline: the points drawn (their indices in results.csv), one above the other on one time axis, and the groups
  // drawn, a panel each per point (empty: every group)
  std::vector<long long> points;
  std::vector<std::string> groups;
};

std::string plot_kind_name(PlotKind kind);
// The points the timeline plots draw, each once: the run records them, collect brings them together.
std::set<uint64_t> timeline_points(const std::vector<PlotSpec>& plots);
nlohmann::json to_json(const PlotSpec& spec);
nlohmann::json to_json(const std::vector<PlotSpec>& specs);

}  // namespace isogrid
