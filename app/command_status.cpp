// `isogrid status DIR`: how far a run, or each shard of a sharded one, has got.
#include "app/commands.hpp"
#include "simulator/report/table.hpp"
#include "simulator/run/shard_status.hpp"

#include <filesystem>
#include <fmt/format.h>
#include <map>

namespace fs = std::filesystem;

namespace isogrid::cli {

namespace {

void status(const std::string& dir, Shared& shared)
{
  std::vector<FolderState> shards = shard_states(dir);
  if (shards.empty()) {
    if (!fs::exists(fs::path(dir) / "run.json"))
      throw std::runtime_error(fmt::format("{} holds no run and no shard", dir));
    FolderState s = folder_state(dir);
    fmt::print("{}: {}, {} of {} points\n", dir, s.state, s.done, s.total);
    shared.exit_code = s.state == "complete" ? kOk : kFailure;
    return;
  }
  const size_t n = shards.size();
  Table table;
  table.columns      = {"shard", "state", "points done", "of", "host"};
  std::uint64_t done = 0, total = 0;
  size_t complete = 0, not_started = 0;
  std::map<std::string, unsigned> by_state;
  for (size_t k = 1; k <= n; ++k) {
    const FolderState& s = shards[k - 1];
    done += s.done;
    total += s.total;
    complete += s.state == "complete" ? 1 : 0;
    not_started += s.state == "not started" ? 1 : 0;
    by_state[s.state] += 1;
    table.rows.push_back({fmt::format("{}/{}", k, n), s.state, std::to_string(s.done),
                          s.state == "not started" ? "?" : std::to_string(s.total), s.host});
  }
  fmt::print("{}", text_table(table));
  std::string states;
  for (const auto& [state, count] : by_state)
    states += fmt::format("{}{} {}", states.empty() ? "" : ", ", count, state);
  fmt::print("{} shards: {}; {} points done{}\n", n, states, done,
             not_started ? fmt::format(" (of at least {}: {} shard(s) not started)", total, not_started)
                         : fmt::format(" of {}", total));
  fs::path merged = fs::path(dir) / "results.csv";
  if (fs::exists(fs::path(dir) / "run.json") && fs::exists(merged))
    fmt::print("collected: {} rows in {}\n", result_rows(merged.string()), merged.string());
  else if (complete == n)
    fmt::print("every shard is complete: merge them with `isogrid collect {}`\n", dir);
  shared.exit_code = complete == n ? kOk : kFailure;
}

}  // namespace

void add_status_command(CLI::App& app, Shared& shared)
{
  auto dir      = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("status", "Say how far a run, or each shard of a sharded run, has got");
  cmd->add_option("dir", *dir, "a results folder (--out of run, or of run --shard)")
      ->required()
      ->check(CLI::ExistingDirectory);
  cmd->footer(
      "States: complete, running, interrupted (Ctrl-C or a signal), failed, stopped (run.json says running but\n"
      "no process holds the folder: killed, or its node went away), not started.\n"
      "Exit 0 when every shard (or the run) is complete, 1 otherwise.");
  cmd->callback([dir, &shared] { status(*dir, shared); });
}

}  // namespace isogrid::cli
