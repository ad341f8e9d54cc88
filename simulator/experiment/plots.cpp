#include "simulator/experiment/plots.hpp"

#include "simulator/core/input_error.hpp"
#include "simulator/core/value.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <regex>

namespace isogrid {

namespace {

// `series: metrics` draws every y metric as a curve of one panel.
const std::string kMetricsAsSeries = "metrics";

// Log scale when an axis spans three decades or more of positive values.
bool wants_log(const Axis& axis)
{
  double lo = 0, hi = 0;
  bool first = true;
  for (const auto& v : axis.values) {
    auto* d = std::get_if<double>(&v);
    if (!d || *d <= 0)
      return false;
    lo    = first ? *d : std::min(lo, *d);
    hi    = first ? *d : std::max(hi, *d);
    first = false;
  }
  return !first && hi / lo >= 1000;
}

std::string swept(const Field& f, const std::vector<Axis>& axes) { return read_swept(f, axes).name; }

std::string metric(const Field& f, const Model& model)
{
  return model.info().metrics[read_metric(f, model.info())].name;
}

bool is_metric(const Model& model, const std::string& name) { return model.info().metric_index(name).has_value(); }

// select: {N_y: 50} or {N_y: [10, 50]}: values of swept parameters, each one of the axis's values.
std::vector<std::pair<std::string, std::vector<std::string>>> read_select(const Field& f, const std::vector<Axis>& axes)
{
  if (!f.is_map())
    f.fail("expected a mapping of swept parameters to values, e.g. {N_y: 50}");
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  for (const auto& key : f.keys()) {
    Field entry      = f.child(key);
    const Axis* axis = find_axis(axes, key);
    if (!axis)
      entry.fail(unknown_name_message("swept parameter", key, axis_names(axes)));
    std::vector<std::string> values;
    std::vector<Field> items;
    if (entry.is_list())
      for (size_t i = 0; i < entry.size(); ++i)
        items.push_back(entry.element(i));
    else
      items.push_back(entry);
    for (const auto& item : items) {
      std::string text = item.text();
      bool found       = false;
      for (const auto& v : axis->values) {
        double x = 0;
        if (format_value(v) == text ||
            (std::holds_alternative<double>(v) && parse_number(text, x) && values_match(v, Value(x)))) {
          values.push_back(format_value(v));
          found = true;
          break;
        }
      }
      if (!found)
        item.fail(fmt::format("{} is not one of the values swept for {}", text, key));
    }
    out.emplace_back(key, values);
  }
  return out;
}

std::optional<PlotSpec> default_plot(const Model& model, const std::vector<Axis>& axes, const std::string& face)
{
  std::vector<const Axis*> multi;
  for (const auto& a : axes)
    if (a.values.size() > 1)
      multi.push_back(&a);
  // A contour shows two swept parameters and facets a third in panels; a fourth would have nowhere to go (the
  // plot would fail), so a sweep of more draws no default plot: its own `plots:` say what to show.
  if (multi.empty() || multi.size() > 3)
    return std::nullopt;
  PlotSpec p;
  p.face  = face;
  p.file  = "plot.png";
  p.x     = multi[0]->name;
  p.log_x = wants_log(*multi[0]);
  if (multi.size() >= 2) {
    p.kind  = PlotKind::Contour;
    p.y     = multi[1]->name;
    p.z     = model.info().primary_metric;
    p.log_y = wants_log(*multi[1]);
  } else {
    p.kind    = PlotKind::Line;
    p.metrics = {model.info().primary_metric};
  }
  return p;
}

// The face a plot draws: its own `face`, or the simulated one when the experiment simulates.
std::string read_face(const Field& f, bool simulates, bool drop_misfits)
{
  if (!f.child("face").present())
    return face_name(simulates);
  std::string want = f.child("face").text();
  if (want != "predicted" && want != "simulated")
    f.child("face").fail(unknown_name_message("face", want, {"predicted", "simulated"}));
  if (want == "simulated" && !simulates && !drop_misfits)
    f.child("face").fail("this experiment does not simulate (mode: predict)");
  return simulates ? want : "predicted";
}

// The number of the model's metrics named stem1, stem2, ... (a family, such as a campaign's PPE by tenth).
size_t family_size(const Model& model, const std::string& stem)
{
  size_t n = 0;
  while (is_metric(model, stem + std::to_string(n + 1)))
    ++n;
  return n;
}

// A sequence: families of metrics against their index (Sanjay's Fig. 3.9, PPE by tenth of a campaign's runs).
PlotSpec read_sequence(const Field& f, const Model& model, const std::vector<Axis>& axes, bool simulates,
                       bool drop_misfits, PlotSpec p)
{
  for (const char* key : {"x", "z", "metric", "levels", "band", "log", "infeasible"})
    if (f.child(key).present())
      f.child(key).fail("a sequence plot draws y's metric families against their index and takes no " +
                        std::string(key));
  Field y = f.required("y");
  if (!y.is_list())
    y.fail("expected a list of metric stems, e.g. [ppe_adaptive_w, ppe_single_w] for ppe_adaptive_w1, "
           "ppe_adaptive_w2, ...");
  for (size_t i = 0; i < y.size(); ++i) {
    std::string stem = y.element(i).text();
    if (family_size(model, stem) < 2)
      y.element(i).fail(
          fmt::format("{}: no family of metrics {}1, {}2, ... in model {}", stem, stem, stem, model.info().name));
    p.metrics.push_back(stem);
  }
  if (f.child("series").present())
    p.series = swept(f.child("series"), axes);
  p.log_y = f.child("log_y").present() && f.child("log_y").boolean();
  p.face  = read_face(f, simulates, drop_misfits);
  return p;
}

// W(p): each traced line's size against its scale, on log-log axes, with the growth law fitted to it.
PlotSpec isoefficiency_plot(const IsoefficiencySpec& traced, const Model& model, PlotSpec p)
{
  p.kind  = PlotKind::Isoefficiency;
  p.x     = traced.scale_name;
  p.y     = traced.size_name;
  p.z     = model.info().metrics[traced.metric].name;
  p.log_x = true;
  p.log_y = true;
  return p;
}

// What every kind takes about how it looks: axis labels, size, the images written, reference lines.
void read_presentation(const Field& f, PlotSpec& p)
{
  if (f.child("x_label").present())
    p.x_label = f.child("x_label").text();
  if (f.child("y_label").present())
    p.y_label = f.child("y_label").text();
  if (Field size = f.child("size"); size.present()) {
    std::vector<double> wh = size.numbers();
    if (wh.size() != 2)
      size.fail("expected [width, height] in inches, e.g. [6.4, 4.8]");
    for (size_t i = 0; i < 2; ++i)
      if (!(wh[i] >= 2 && wh[i] <= 40))
        size.element(i).fail(fmt::format("a figure's side is 2 to 40 inches, got {}", wh[i]));
    p.size = wh;
  }
  if (Field formats = f.child("formats"); formats.present()) {
    if (!formats.is_list())
      formats.fail("expected a list of image formats, e.g. [png, pdf]");
    for (size_t i = 0; i < formats.size(); ++i) {
      std::string format = formats.element(i).text();
      if (format != "png" && format != "svg" && format != "pdf")
        formats.element(i).fail(unknown_name_message("image format", format, {"png", "svg", "pdf"}));
      p.formats.push_back(format);
    }
  }
  if (Field lines = f.child("reference_lines"); lines.present()) {
    if (!lines.is_list())
      lines.fail("expected a list of lines, e.g. [{y: 0.8, label: \"gamma_0 = 0.8\"}]");
    for (size_t i = 0; i < lines.size(); ++i) {
      Field line = lines.element(i);
      line.only_keys({"x", "y", "label"}, "reference line key");
      if (line.child("x").present() == line.child("y").present())
        line.fail("a reference line is at an x (vertical) or at a y (horizontal): give one of them");
      ReferenceLine r;
      r.axis  = line.child("x").present() ? "x" : "y";
      r.value = line.child(r.axis).number();
      r.label = line.child("label").present() ? line.child("label").text() : "";
      p.reference_lines.push_back(r);
    }
  }
}

// kind: timeline, point: N (or [N, M, ...]): what point N's simulation recorded over time, drawn from
// timelines/point-N.csv (several points one above the other, on one time axis).
PlotSpec read_timeline(const Field& f, bool simulates, bool drop_misfits, uint64_t points, PlotSpec p)
{
  f.only_keys({"kind", "point", "groups", "title", "file", "x_label", "y_label", "size", "formats"},
              "timeline plot key");
  if (!simulates) {
    if (drop_misfits)
      throw InputError(f.where(), f.path(), "a timeline needs the simulated face");
    f.child("kind").fail("a timeline plot draws what a point's simulation recorded: run with mode: simulate or both");
  }
  Field point = f.required("point");
  std::vector<Field> chosen;
  if (point.is_list()) {
    if (point.size() == 0)
      point.fail("expected a point's index in results.csv, or a list of them, e.g. [18, 21]");
    for (size_t i = 0; i < point.size(); ++i)
      chosen.push_back(point.element(i));
  } else {
    chosen.push_back(point);
  }
  for (const Field& one : chosen) {
    long long index = one.integer_at_least(0);
    if (static_cast<uint64_t>(index) >= points) {
      if (drop_misfits)
        throw InputError(f.where(), f.path(), "the point is past the sweep");
      one.fail(fmt::format("point {} is past the sweep, whose points are 0 .. {}", index, points - 1));
    }
    if (std::find(p.points.begin(), p.points.end(), index) != p.points.end())
      one.fail(fmt::format("point {} is drawn twice", index));
    p.points.push_back(index);
  }
  if (Field groups = f.child("groups"); groups.present()) {
    if (!groups.is_list())
      groups.fail("expected a list of the groups drawn, e.g. [merita, oracle]");
    for (size_t i = 0; i < groups.size(); ++i)
      p.groups.push_back(groups.element(i).text());
  }
  return p;
}

PlotSpec read_one(const Field& f, const Model& model, const std::vector<Axis>& axes, bool predicts, bool simulates,
                  bool drop_misfits, size_t index, const IsoefficiencySpec* traced, uint64_t points)
{
  f.only_keys({"kind", "x",       "y",          "z",    "metric",  "series",          "panels",    "select", "band",
               "log",  "levels",  "infeasible", "face", "log_x",   "log_y",           "title",     "file",   "bins",
               "runs", "x_label", "y_label",    "size", "formats", "reference_lines", "residuals", "point",  "groups"},
              "plot key");
  PlotSpec p;
  std::string kind = f.required("kind").text();
  if (kind == "contour")
    p.kind = PlotKind::Contour;
  else if (kind == "line")
    p.kind = PlotKind::Line;
  else if (kind == "parity")
    p.kind = PlotKind::Parity;
  else if (kind == "sequence")
    p.kind = PlotKind::Sequence;
  else if (kind == "isoefficiency")
    p.kind = PlotKind::Isoefficiency;
  else if (kind == "timeline")
    p.kind = PlotKind::Timeline;
  else
    f.child("kind").fail(unknown_name_message("plot kind", kind,
                                              {"contour", "line", "parity", "sequence", "isoefficiency", "timeline"}));
  if (p.kind != PlotKind::Line && f.child("bins").present())
    f.child("bins").fail("bins are for a line plot whose x is a metric");
  if (p.kind != PlotKind::Parity && f.child("runs").present())
    f.child("runs").fail("runs is for a parity plot: every run its own point");
  if (p.kind != PlotKind::Parity && f.child("residuals").present())
    f.child("residuals").fail("residuals is for a parity plot: each point's relative deviation under the diagonal");
  if (f.child("select").present())
    p.select = read_select(f.child("select"), axes);
  if (f.child("panels").present()) {
    if (p.kind == PlotKind::Contour || p.kind == PlotKind::Sequence)
      f.child("panels").fail("this plot has no panels: use select to pick one slice");
    p.panels = swept(f.child("panels"), axes);
  }
  if (f.child("title").present())
    p.title = f.child("title").text();
  read_presentation(f, p);
  p.file = f.child("file").present() ? f.child("file").text() : fmt::format("plot-{}.png", index + 1);
  if (p.file.find('/') != std::string::npos || p.file.find("..") != std::string::npos)
    f.child("file").fail("a plot file is a plain file name, written into the output folder");
  // An image matplotlib writes, named so that it can be no other file of the run (results.csv, run.json, ...).
  static const std::regex image(R"(^[^./][^/]*\.(png|svg|pdf)$)");
  if (!std::regex_match(p.file, image))
    f.child("file").fail(fmt::format("a plot file is an image, e.g. fig3.png: a name ending in .png, .svg or .pdf, "
                                     "got '{}'",
                                     p.file));

  if (p.kind == PlotKind::Timeline)
    return read_timeline(f, simulates, drop_misfits, points, p);

  if (p.kind == PlotKind::Parity) {
    // Simulated against predicted, point by point (Korkhov's Fig. 4.3): needs both faces.
    if (!simulates || !predicts) {
      if (drop_misfits)
        throw InputError(f.where(), f.path(), "parity needs both faces");
      f.fail("a parity plot needs both faces: run with mode: both");
    }
    p.metric = f.child("metric").present() ? metric(f.child("metric"), model) : model.info().primary_metric;
    if (f.child("series").present())
      p.series = swept(f.child("series"), axes);
    if (f.child("band").present()) {
      double band = f.child("band").number_at_least(0, true);
      if (band >= 1)
        f.child("band").fail("band is a relative tolerance, e.g. 0.05");
      p.band = band;
    }
    p.log       = f.child("log").present() ? f.child("log").boolean() : true;
    p.runs      = f.child("runs").present() && f.child("runs").boolean();
    p.residuals = f.child("residuals").present() && f.child("residuals").boolean();
    p.face      = "simulated";
    return p;
  }

  if (p.kind == PlotKind::Sequence)
    return read_sequence(f, model, axes, simulates, drop_misfits, p);

  if (p.kind == PlotKind::Isoefficiency) {
    // Both faces the run traced are drawn; what is drawn comes from the isoefficiency: block.
    for (const char* key :
         {"x", "y", "z", "metric", "series", "panels", "levels", "band", "log", "log_x", "log_y", "infeasible", "face"})
      if (f.child(key).present())
        f.child(key).fail(fmt::format("an isoefficiency plot draws the isoefficiency: block's lines, W(p), on both "
                                      "faces and log-log axes, and takes no {}",
                                      key));
    if (!traced) {
      if (drop_misfits)
        throw InputError(f.where(), f.path(), "no isoefficiency: block");
      f.child("kind").fail("an isoefficiency plot draws the lines of the experiment's isoefficiency: block, and it "
                           "has none");
    }
    p.face = face_name(simulates);
    return isoefficiency_plot(*traced, model, p);
  }

  std::string x = f.required("x").text();
  p.x_is_metric = p.kind == PlotKind::Line && !find_axis(axes, x) && is_metric(model, x);
  p.x           = p.x_is_metric ? x : swept(f.child("x"), axes);
  p.log_x =
      f.child("log_x").present() ? f.child("log_x").boolean() : (!p.x_is_metric && wants_log(*find_axis(axes, p.x)));
  p.face = read_face(f, simulates, drop_misfits);
  if (p.kind == PlotKind::Contour) {
    p.y = swept(f.required("y"), axes);
    if (p.y == p.x)
      f.child("y").fail("a contour map needs two different swept parameters");
    p.log_y = f.child("log_y").present() ? f.child("log_y").boolean() : wants_log(*find_axis(axes, p.y));
    p.z     = f.child("z").present() ? metric(f.child("z"), model) : model.info().primary_metric;
    if (f.child("levels").present())
      p.levels = f.child("levels").numbers();
  } else {
    Field y = f.child("y");
    if (!y.present())
      p.metrics.push_back(model.info().primary_metric);
    else if (y.is_list())
      for (size_t i = 0; i < y.size(); ++i)
        p.metrics.push_back(metric(y.element(i), model));
    else
      p.metrics.push_back(metric(y, model));
    p.log_y = f.child("log_y").present() ? f.child("log_y").boolean() : false;
    if (f.child("series").present() && f.child("series").text() == kMetricsAsSeries) {
      // One panel, one curve per y metric: Sanjay's schedulers raced on the same points.
      p.series = kMetricsAsSeries;
    } else if (f.child("series").present()) {
      p.series = swept(f.child("series"), axes);
      if (*p.series == p.x)
        f.child("series").fail("series must differ from x");
    }
    if (p.panels && *p.panels == p.x)
      f.child("panels").fail("panels must differ from x");
    if (f.child("bins").present()) {
      // Every run its own sample, pooled into bins of x: for a metric that changes between repetitions.
      if (!p.x_is_metric)
        f.child("bins").fail("bins are for a line plot whose x is a metric");
      p.bins = f.child("bins").integer_at_least(2);
    }
  }

  if (f.child("infeasible").present())
    p.infeasible = metric(f.child("infeasible"), model);
  return p;
}

}  // namespace

std::vector<PlotSpec> read_plots(const Field& field, const Model& model, const std::vector<Axis>& axes, bool predicts,
                                 bool simulates, bool drop_misfits, const IsoefficiencySpec* traced, uint64_t points)
{
  std::vector<PlotSpec> plots;
  if (field.present()) {
    if (!field.is_list())
      field.fail("expected a list of plots");
    std::map<std::string, size_t> files;  // a file name -> the plot that draws it
    for (size_t i = 0; i < field.size(); ++i) {
      try {
        plots.push_back(read_one(field.element(i), model, axes, predicts, simulates, drop_misfits, i, traced, points));
      } catch (const InputError&) {
        if (!drop_misfits)
          throw;
        continue;
      }
      if (auto [it, fresh] = files.emplace(plots.back().file, i + 1); !fresh)
        field.element(i).child("file").fail(
            fmt::format("plot {} draws {} too: each plot needs a file of its own", it->second, it->first));
    }
  }
  // No `plots:` key draws the default plot; so does --set, once it has dropped every plot that no longer fits.
  // `plots: []` says "no plot", whatever --set does.
  if (plots.empty() && (!field.present() || (drop_misfits && field.size() > 0))) {
    if (auto p = default_plot(model, axes, face_name(simulates)))
      plots.push_back(*p);
    if (traced) {
      PlotSpec w;
      w.file = "isoefficiency-functions.png";
      w.face = face_name(simulates);
      plots.push_back(isoefficiency_plot(*traced, model, w));
    }
  }
  return plots;
}

void attach_paper_values(std::vector<PlotSpec>& plots, const std::vector<Reference>& references, const ModelInfo& model)
{
  for (PlotSpec& plot : plots) {
    bool line = plot.kind == PlotKind::Line;
    if (!line && plot.kind != PlotKind::Contour)
      continue;
    for (const Reference& r : references) {
      if (r.crossing >= 0)
        continue;
      const std::string& metric = model.metrics[r.metric].name;
      if (line ? std::find(plot.metrics.begin(), plot.metrics.end(), metric) == plot.metrics.end() : metric != plot.z)
        continue;
      // A claim of a range ("below 30 %", written as 15 within 15) is no value the paper gives: a point at the
      // range's middle would read as one. Only a reference whose tolerance is less than half its value is drawn.
      double half_width = 0;  // no tolerance: the value itself
      if (r.tolerance_abs >= 0 || r.tolerance_rel >= 0)
        half_width = std::min(r.tolerance_abs >= 0 ? r.tolerance_abs : std::numeric_limits<double>::infinity(),
                              r.tolerance_rel >= 0 ? r.tolerance_rel * std::fabs(r.value)
                                                   : std::numeric_limits<double>::infinity());
      if (r.value != 0 && half_width >= 0.5 * std::fabs(r.value))
        continue;
      PaperPoint p;
      p.metric = metric;
      for (const auto& [slot, value] : r.at)
        p.at.emplace_back(slot_name(slot, model), format_value(value));
      p.value     = r.value;
      p.statistic = statistic_name(r.statistic);
      p.derived   = r.derived;
      p.face      = r.face == ReferenceFace::Predicted   ? "predicted"
                    : r.face == ReferenceFace::Simulated ? "simulated"
                                                         : "both";
      plot.paper.push_back(std::move(p));
    }
  }
}

}  // namespace isogrid
