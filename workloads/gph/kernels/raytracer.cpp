#include "workloads/gph/kernels/raytracer.hpp"

#include "workloads/gph/kernels/kernel_support.hpp"

#include <cmath>
#include <fmt/format.h>
#include <stdexcept>
#include <vector>

namespace isogrid::gph {

namespace {

using P = RaytracerParameters;

// Every parameter, in the order make_kernel reads them, with its bounds: parameters(), the registry entry and the
// checks of a kernel's values derive from it.
void declare(ParamTable<P>& t)
{
  t.param("rows", &P::rows, "image rows").at_least(1).label("image rows").unitless();
  t.param("width", &P::width, "pixels per row").at_least(1).label("pixels per row").unitless();
  t.param("groups", &P::groups, "row groups the root sparks").at_least(1).label("row groups").unitless();
  t.param("objects", &P::objects, "scene objects, each a bump in the row cost profile")
      .non_negative()
      .label("scene objects")
      .unitless();
  t.param("peak", &P::peak, "largest object's extra cost, in background rows")
      .non_negative()
      .label("peak object cost")
      .unitless();
  t.param("split_above", &P::split_above, "a group costlier than this x the mean sparks its rows")
      .non_negative()
      .label("split threshold")
      .unitless();
  t.param("seed", &P::seed, "hash seed of the scene").label("seed").unitless();
  t.param("serial_fraction", &P::serial_fraction, "the root's own share of the total work (scene set-up, output)")
      .non_negative()
      .below(1)
      .label("serial fraction")
      .unitless();
  t.param("pixel_seconds", &P::pixel_seconds, "reference-PE seconds per background pixel (Table 1: 2782.7 s)")
      .non_negative()
      .label("time per pixel")
      .unit("s");
  t.param("pixel_bytes", &P::pixel_bytes, "result bytes per pixel")
      .non_negative()
      .label("result size per pixel")
      .unit("B");
  t.param("packet_bytes", &P::packet_bytes, "graph bytes of a spark (Table 6)")
      .non_negative()
      .label("spark packet size")
      .unit("B");
  t.param("fetches_per_row", &P::fetches_per_row,
          "synchronous fetches of scene data from the main PE per row traced elsewhere")
      .non_negative()
      .label("fetches per row")
      .unitless();
  t.param("fetch_bytes", &P::fetch_bytes, "scene bytes one fetch brings").non_negative().label("fetch size").unit("B");
}

const ParamTable<P>& table() { return table_of(declare); }

}  // namespace

Raytracer::Raytracer(RaytracerParameters p) : p_(p)
{
  check_declared(name(), table(), p_);
  require(p_.groups <= p_.rows, name(), "groups must be in 1..rows");
  double rows = p_.rows;
  std::vector<double> mu, sigma, height;
  for (int j = 0; j < p_.objects; ++j) {
    auto uj = static_cast<uint64_t>(j);
    mu.push_back(uniform(p_.seed, 1, uj) * rows);
    sigma.push_back(rows * (1.0 / 64 + uniform(p_.seed, 2, uj) * (1.0 / 12 - 1.0 / 64)));
    height.push_back(p_.peak * (0.2 + 0.8 * uniform(p_.seed, 3, uj)));
  }
  double traced = 0;
  for (int r = 0; r < p_.rows; ++r) {
    double profile = 1;
    for (int j = 0; j < p_.objects; ++j) {
      double z = (r + 0.5 - mu[j]) / sigma[j];
      profile += height[j] * std::exp(-z * z);
    }
    profile *= 0.75 + 0.5 * uniform(p_.seed, 4, static_cast<uint64_t>(r));
    row_work_.push_back(p_.width * p_.pixel_seconds * profile);
    traced += row_work_.back();
  }
  double mean_group = traced / p_.groups;
  sparks_           = static_cast<uint64_t>(p_.groups);
  for (int g = 0; g < p_.groups; ++g) {
    split_.push_back(group_work(g) > p_.split_above * mean_group);
    if (split_.back()) {
      auto [first, end] = group_rows(g);
      sparks_ += static_cast<uint64_t>(end - first);
    }
  }
  total_  = traced / (1 - p_.serial_fraction);
  serial_ = total_ - traced;
}

std::pair<int, int> Raytracer::group_rows(int group) const
{
  if (group < 0 || group >= p_.groups)
    throw std::out_of_range(fmt::format("gph raytracer: no group {}", group));
  auto bound = [this](int g) { return static_cast<int>(static_cast<int64_t>(g) * p_.rows / p_.groups); };
  return {bound(group), bound(group + 1)};
}

int Raytracer::group_of(int64_t row) const
{
  // The last g with floor(g rows / groups) <= row.
  return static_cast<int>(((row + 1) * p_.groups - 1) / p_.rows);
}

double Raytracer::group_work(int group) const
{
  auto [first, end] = group_rows(group);
  double w          = 0;
  for (int r = first; r < end; ++r)
    w += row_work_[static_cast<size_t>(r)];
  return w;
}

ProgramParameters Raytracer::parameters() const { return parameter_values(p_, table()); }

Node Raytracer::expand(const NodeKey& key) const
{
  Node node;
  node.graph_bytes = p_.packet_bytes;
  double row_bytes = p_.width * p_.pixel_bytes;
  if (key == root()) {
    node.before = node.after = serial_ / 2;
    for (int g = 0; g < p_.groups; ++g)
      node.sparked.push_back({1, g, 0});
    node.result_bytes = p_.rows * row_bytes;
    return node;
  }
  if (key.c != 0)
    bad_key(name(), key);
  if (key.a == 1 && key.b >= 0 && key.b < p_.groups) {
    int g             = static_cast<int>(key.b);
    auto [first, end] = group_rows(g);
    node.result_bytes = (end - first) * row_bytes;
    if (split_[static_cast<size_t>(g)]) {
      for (int r = first; r < end; ++r)
        node.sparked.push_back({2, r, 0});
    } else {
      node.before      = group_work(g);
      node.fetches     = static_cast<std::uint32_t>(p_.fetches_per_row * (end - first));
      node.fetch_bytes = p_.fetch_bytes;
    }
    return node;
  }
  if (key.a == 2 && key.b >= 0 && key.b < p_.rows && split_[static_cast<size_t>(group_of(key.b))]) {
    node.before       = row_work_[static_cast<size_t>(key.b)];
    node.result_bytes = row_bytes;
    node.fetches      = static_cast<std::uint32_t>(p_.fetches_per_row);
    node.fetch_bytes  = p_.fetch_bytes;
    return node;
  }
  bad_key(name(), key);
}

KernelSpec raytracer_spec() { return kernel_spec<Raytracer>("raytracer", {2782.7, 301.7, 9.2, 350, 321.8}, table()); }

}  // namespace isogrid::gph
