#include "simulator/run/shard_status.hpp"

#include "simulator/run/output_folder.hpp"
#include "simulator/run/run_manifest.hpp"
#include "simulator/run/shards.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace isogrid {

std::uint64_t result_rows(const std::string& csv)
{
  std::ifstream in(csv, std::ios::binary);
  if (!in)
    return 0;
  std::uint64_t lines = 0;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
    lines += static_cast<std::uint64_t>(std::count(buffer, buffer + in.gcount(), '\n'));
  return lines > 0 ? lines - 1 : 0;
}

FolderState folder_state(const std::string& folder)
{
  FolderState s;
  fs::path manifest = fs::path(folder) / "run.json";
  if (!fs::exists(manifest)) {
    s.state = folder_in_use(folder) ? "starting" : "not started";
    return s;
  }
  nlohmann::json m = read_json(manifest.string());
  s.total          = m.value(nlohmann::json::json_pointer("/experiment/points"), std::uint64_t{0});
  s.done           = std::min(result_rows((fs::path(folder) / "results.csv").string()), s.total);
  s.host           = m.value("host", "");
  s.state          = m.value("status", "unknown");
  if (s.state == "running" && !folder_in_use(folder))
    s.state = "stopped";
  return s;
}

std::vector<FolderState> shard_states(const std::string& dir)
{
  std::vector<ShardFolder> shards = find_shard_folders(dir);
  if (shards.empty())
    return {};
  std::vector<FolderState> states(shards.front().spec.n);
  for (const ShardFolder& f : shards)
    states[f.spec.k - 1] = folder_state(f.path);
  return states;
}

}  // namespace isogrid
