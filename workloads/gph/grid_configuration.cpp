#include "workloads/gph/grid_configuration.hpp"

#include "simulator/core/input_error.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>

namespace isogrid::gph {

size_t ClusterTable::index_of(const std::string& name) const
{
  auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end())
    throw std::invalid_argument(unknown_name_message("cluster", name, names));
  return static_cast<size_t>(it - names.begin());
}

namespace {

double host_side_ms(const ClusterSpec& c) { return 1e3 * (c.link.latency + (c.backbone ? c.backbone->latency : 0)); }

}  // namespace

ClusterTable cluster_table(const GridSpec& spec)
{
  ClusterTable t;
  size_t n = spec.clusters.size();
  for (const auto& c : spec.clusters) {
    auto mhz = c.properties.find("mhz");
    if (mhz == c.properties.end())
      throw std::invalid_argument(
          fmt::format("{}: cluster {} has no 'mhz' property (properties: {{mhz: 534}})", spec.file, c.name));
    t.names.push_back(c.name);
    t.mhz.push_back(std::stod(mhz->second));
    t.hosts.emplace_back();
    t.host_flops.emplace_back();
    for (long long h = 0; h < c.hosts; ++h) {
      t.hosts.back().push_back(c.host_name(h));
      t.host_flops.back().push_back(c.speed_of(h));
    }
    t.speed.push_back(c.speed);
  }
  t.latency.assign(n, std::vector<double>(n, 0));
  for (size_t i = 0; i < n; ++i)
    t.latency[i][i] = 2 * host_side_ms(spec.clusters[i]);
  for (const auto& l : spec.inter_links) {
    double ms           = host_side_ms(spec.clusters[l.a]) + 1e3 * l.link.latency + host_side_ms(spec.clusters[l.b]);
    t.latency[l.a][l.b] = t.latency[l.b][l.a] = ms;
  }
  return t;
}

ClusterTable cluster_table(const PlatformFacts& platform)
{
  ClusterTable t;
  size_t n = platform.clusters.size();
  for (const auto& c : platform.clusters) {
    const PlatformFacts::Zone* zone = nullptr;
    for (const auto& z : platform.zones)
      if (z.name == c.name)
        zone = &z;
    auto mhz = zone ? zone->properties.find("mhz") : PlatformFacts::Properties::const_iterator{};
    if (!zone || mhz == zone->properties.end())
      throw std::invalid_argument(fmt::format("{}: cluster {} has no 'mhz' property (<prop id=\"mhz\" value=\"534\"/> "
                                              "in its zone)",
                                              zone ? zone->place : platform.file, c.name));
    t.names.push_back(c.name);
    t.mhz.push_back(std::stod(mhz->second));
    t.hosts.push_back(c.hosts);
    t.host_flops.emplace_back();
    for (const auto& h : c.hosts)
      t.host_flops.back().push_back(platform.host(h)->speed);
    t.speed.push_back(*std::max_element(t.host_flops.back().begin(), t.host_flops.back().end()));
  }
  t.latency.assign(n, std::vector<double>(n, 0));
  for (const auto& r : platform.cluster_routes) {
    if (r.kind == std::string(1, PlatformFacts::kNoRoute))
      throw std::invalid_argument(fmt::format("{}: no route from cluster {} to cluster {} (from host {} to host {})",
                                              platform.file, t.names[r.from], t.names[r.to], t.hosts[r.from][0],
                                              t.hosts[r.to][r.from == r.to ? 1 : 0]));
    t.latency[r.from][r.to] = 1e3 * r.latency;
  }
  return t;
}

namespace {

// The longest symbol of the alphabet that `text` has at `at`, or "".
std::string symbol_at(const std::string& text, size_t at, const Alphabet& alphabet)
{
  std::string best;
  for (const auto& [symbol, cluster] : alphabet)
    if (symbol.size() > best.size() && text.compare(at, symbol.size(), symbol) == 0)
      best = symbol;
  return best;
}

std::string known_symbols(const Alphabet& alphabet)
{
  std::string out;
  for (const auto& [symbol, cluster] : alphabet)
    out += fmt::format("{}{} = {}", out.empty() ? "" : ", ", symbol, cluster);
  return out;
}

// Population mean and standard deviation.
std::pair<double, double> mean_sd(const std::vector<double>& x)
{
  if (x.empty())
    return {0, 0};
  double mean = 0, var = 0;
  for (double v : x)
    mean += v;
  mean /= static_cast<double>(x.size());
  for (double v : x)
    var += (v - mean) * (v - mean);
  return {mean, std::sqrt(var / static_cast<double>(x.size()))};
}

}  // namespace

std::vector<size_t> parse_configuration(const std::string& text, const Alphabet& alphabet, const ClusterTable& clusters)
{
  std::vector<size_t> pes;
  size_t at = 0;
  while (at < text.size()) {
    if (text[at] == ',' || text[at] == ' ') {
      ++at;
      continue;
    }
    size_t count_start = at;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])))
      ++at;
    long long count    = at > count_start ? std::stoll(text.substr(count_start, at - count_start)) : 1;
    std::string symbol = symbol_at(text, at, alphabet);
    if (symbol.empty())
      throw ConfigurationError(fmt::format("configuration '{}': cannot read '{}' at position {}; write PEs as "
                                           "letters with optional counts, e.g. FFSSS or 1E4M ({})",
                                           text, text.substr(at, 1), at + 1, known_symbols(alphabet)));
    if (count < 1)
      throw ConfigurationError(
          fmt::format("configuration '{}': a count must be at least 1 (position {})", text, count_start + 1));
    size_t cluster = clusters.index_of(alphabet.at(symbol));
    pes.insert(pes.end(), static_cast<size_t>(count), cluster);
    at += symbol.size();
  }
  if (pes.empty())
    throw ConfigurationError(fmt::format("configuration '{}' names no PE", text));
  return pes;
}

ConfigurationSummary summarise(const std::vector<size_t>& pes, const ClusterTable& clusters)
{
  ConfigurationSummary s;
  s.pes = pes.size();
  std::vector<double> mhz, latency;
  for (size_t i = 0; i < pes.size(); ++i) {
    mhz.push_back(clusters.mhz[pes[i]]);
    for (size_t j = i + 1; j < pes.size(); ++j)
      latency.push_back(clusters.latency[pes[i]][pes[j]]);
  }
  std::tie(s.mean_mhz, s.sd_mhz)               = mean_sd(mhz);
  std::tie(s.mean_latency_ms, s.sd_latency_ms) = mean_sd(latency);
  return s;
}

}  // namespace isogrid::gph
