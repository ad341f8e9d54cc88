#include "simulator/run/shards.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fmt/format.h>
#include <regex>
#include <stdexcept>

namespace fs = std::filesystem;

namespace isogrid {

namespace {

// splitmix64's finaliser: a fixed bijection of 64-bit words, the same on every machine and compiler.
std::uint64_t mix(std::uint64_t x)
{
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

bool read_unsigned(const std::string& text, unsigned& out)
{
  if (text.empty())
    return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

ShardSpec parse_shard(const std::string& text)
{
  size_t slash = text.find('/');
  ShardSpec s;
  if (slash == std::string::npos || !read_unsigned(text.substr(0, slash), s.k) ||
      !read_unsigned(text.substr(slash + 1), s.n))
    throw std::invalid_argument(fmt::format("'{}' is not K/N (shard K of N, e.g. 3/10)", text));
  if (s.n == 0 || s.k == 0 || s.k > s.n)
    throw std::invalid_argument(fmt::format("shard {}: K must be between 1 and N", text));
  return s;
}

std::vector<unsigned> shard_of_points(const Experiment& ex, unsigned n)
{
  std::vector<std::uint64_t> included;
  included.reserve(ex.included_points);
  for (std::uint64_t i = 0; i < ex.sweep.size(); ++i)
    if (ex.includes(i))
      included.push_back(i);
  // mix is a bijection: no two indices tie, so the order (and the partition) is total.
  std::sort(included.begin(), included.end(), [](std::uint64_t a, std::uint64_t b) { return mix(a) < mix(b); });
  std::vector<unsigned> shard(ex.sweep.size(), 0);
  for (size_t position = 0; position < included.size(); ++position)
    shard[included[position]] = static_cast<unsigned>(position % n) + 1;
  return shard;
}

void restrict_to_shard(Experiment& ex, ShardSpec s)
{
  std::vector<unsigned> shard = shard_of_points(ex, s.n);
  ex.excluded.assign(ex.sweep.size(), false);
  ex.included_points = 0;
  for (std::uint64_t i = 0; i < shard.size(); ++i) {
    ex.excluded[i] = shard[i] != s.k;
    ex.included_points += ex.excluded[i] ? 0 : 1;
  }
}

std::string shards_root(const std::string& dir) { return (fs::path(dir) / "shards").string(); }

std::string shard_folder(const std::string& dir, ShardSpec s)
{
  int width = static_cast<int>(std::to_string(s.n).size());
  return (fs::path(shards_root(dir)) / fmt::format("{:0{}}-of-{:0{}}", s.k, width, s.n, width)).string();
}

std::vector<ShardFolder> find_shard_folders(const std::string& dir)
{
  std::vector<ShardFolder> found;
  fs::path root(shards_root(dir));
  if (!fs::is_directory(root))
    return found;
  static const std::regex name("([0-9]+)-of-([0-9]+)");
  for (const auto& entry : fs::directory_iterator(root)) {
    std::smatch m;
    std::string leaf = entry.path().filename().string();
    if (!entry.is_directory() || !std::regex_match(leaf, m, name))
      continue;
    ShardSpec s;
    if (!read_unsigned(m[1].str(), s.k) || !read_unsigned(m[2].str(), s.n) || s.k == 0 || s.k > s.n)
      continue;
    found.push_back({s, entry.path().string()});
  }
  std::sort(found.begin(), found.end(), [](const ShardFolder& a, const ShardFolder& b) { return a.spec.k < b.spec.k; });
  for (const auto& f : found)
    if (f.spec.n != found.front().spec.n)
      throw std::runtime_error(fmt::format("{} holds shards of different splits ({} and {}); a sweep is split one way",
                                           root.string(), fmt::format("of {}", found.front().spec.n),
                                           fmt::format("of {}", f.spec.n)));
  return found;
}

}  // namespace isogrid
