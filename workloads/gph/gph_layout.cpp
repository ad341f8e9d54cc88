#include "workloads/gph/gph_layout.hpp"

#include "simulator/core/text.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <stdexcept>

namespace isogrid::gph {

namespace {

// Splits "a=b, c=d" into trimmed (key, value) pairs.
std::vector<std::pair<std::string, std::string>> key_values(const std::string& text, const char* what)
{
  std::vector<std::pair<std::string, std::string>> out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma     = text.find(',', start);
    std::string item = trim(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (!item.empty()) {
      size_t eq = item.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
        throw std::invalid_argument(fmt::format("{}: '{}' is not name=value", what, item));
      out.emplace_back(trim(item.substr(0, eq)), trim(item.substr(eq + 1)));
    }
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return out;
}

}  // namespace

Alphabet parse_alphabet(const std::string& text, const ClusterTable& clusters)
{
  Alphabet alphabet;
  for (const auto& [symbol, cluster] : key_values(text, "alphabet")) {
    clusters.index_of(cluster);  // throws, listing the clusters
    if (!alphabet.emplace(symbol, cluster).second)
      throw std::invalid_argument(fmt::format("alphabet: symbol '{}' is given twice", symbol));
  }
  if (alphabet.empty())
    throw std::invalid_argument("alphabet: empty; write symbol=cluster pairs, e.g. F=Edin3, S=SBC");
  return alphabet;
}

ProgramParameters parse_program_parameters(const std::string& text, const std::string& program,
                                           const std::vector<std::string>& known)
{
  ProgramParameters out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end        = text.find(';', start);
    std::string group = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    std::string target;
    if (size_t colon = group.find(':'); colon != std::string::npos) {
      target = trim(group.substr(0, colon));
      group  = group.substr(colon + 1);
      if (std::find(known.begin(), known.end(), target) == known.end())
        throw std::invalid_argument(fmt::format("program_parameters: no program '{}' (known: {})", target,
                                                fmt::join(known, ", ")));
    }
    if (target.empty() || target == program)
      for (const auto& [name, value] : key_values(group, "program_parameters")) {
        size_t used = 0;
        double x    = 0;
        try {
          x = std::stod(value, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used != value.size())
          throw std::invalid_argument(fmt::format("program_parameters: {} = '{}' is not a number", name, value));
        out[name] = x;
      }
    if (end == std::string::npos)
      break;
    start = end + 1;
  }
  return out;
}

GphLayout make_layout(const GridSpec& spec, const std::string& configuration, const std::string& alphabet_text)
{
  if (spec.clusters.empty())
    throw std::invalid_argument(spec.file + " is a star; GpH configurations name clusters");
  GphLayout l;
  l.spec     = &spec;
  l.clusters = cluster_table(spec);
  Alphabet alphabet = parse_alphabet(alphabet_text, l.clusters);
  for (const auto& [symbol, name] : alphabet) {
    size_t c = l.clusters.index_of(name);
    if (std::find(l.alphabet_clusters.begin(), l.alphabet_clusters.end(), c) == l.alphabet_clusters.end())
      l.alphabet_clusters.push_back(c);
  }
  l.pe_cluster = parse_configuration(configuration, alphabet, l.clusters);
  std::vector<long long> used(spec.clusters.size(), 0);
  for (size_t c : l.pe_cluster) {
    const ClusterSpec& cs = spec.clusters[c];
    if (used[c] >= cs.hosts)
      throw std::invalid_argument(fmt::format("configuration '{}' asks for more {} PEs than its {} hosts",
                                              configuration, cs.name, cs.hosts));
    l.pe_host.push_back(cs.host_name(used[c]));
    l.pe_flops.push_back(cs.speed_of(used[c]));
    used[c] += 1;
  }
  l.summary = summarise(l.pe_cluster, l.clusters);
  return l;
}

Topology GphLayout::topology() const
{
  std::vector<std::vector<double>> seconds = clusters.latency;
  for (auto& row : seconds)
    for (double& x : row)
      x *= 1e-3;
  return Topology(pe_cluster, pe_flops, seconds);
}

}  // namespace isogrid::gph
