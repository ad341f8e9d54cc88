#include "simulator/run/output_folder.hpp"

#include "simulator/core/paje_trace.hpp"
#include "simulator/run/checked_file.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/file.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace isogrid {

namespace {

constexpr const char* kLockFile = ".isogrid.lock";

// The files a run writes under fixed names (plots are named by the experiment: run.json lists them).
const std::vector<std::string>& fixed_outputs()
{
  // The .tmp files are what a write (checked_file.hpp) killed half-way leaves; .sorting and .collecting the same
  // of earlier versions.
  static const std::vector<std::string> names = {"results.csv",
                                                 "run.json",
                                                 "summary.csv",
                                                 "crossings.csv",
                                                 "experiment.yaml",
                                                 "results.csv.tmp",
                                                 "run.json.tmp",
                                                 "summary.csv.tmp",
                                                 "crossings.csv.tmp",
                                                 "experiment.yaml.tmp",
                                                 "results.csv.previous",
                                                 "results.csv.sorting",
                                                 "results.csv.collecting",
                                                 "isoefficiency.csv",
                                                 "isoefficiency.csv.tmp",
                                                 "isoefficiency-probes.csv",
                                                 "isoefficiency-probes.csv.tmp",
                                                 "isoefficiency-laws.csv",
                                                 "isoefficiency-laws.csv.tmp",
                                                 "fits.csv",
                                                 "fits.csv.tmp",
                                                 "scalability.csv",
                                                 "scalability.csv.tmp",
                                                 "REPORT.md",
                                                 "REPORT.md.tmp"};
  return names;
}

}  // namespace

void check_output_path(const std::string& dir)
{
  std::error_code ec;
  fs::path p(dir);
  if (fs::exists(p, ec) && !fs::is_directory(p, ec))
    throw OutputConflict(fmt::format("{} is a file, not a folder: give --out a folder", dir));
  // The nearest folder that exists must let us create (or write into) the output folder.
  fs::path existing = fs::absolute(p, ec);
  while (!existing.empty() && !fs::exists(existing, ec))
    existing = existing.parent_path();
  if (!existing.empty() && ::access(existing.c_str(), W_OK | X_OK) != 0)
    throw OutputConflict(fmt::format("cannot write into {}: {}", existing.string(), std::strerror(errno)));
}

OutputLock::OutputLock(const std::string& dir) : dir_(dir)
{
  check_output_path(dir);
  std::error_code ec;
  created_folder_ = !fs::exists(dir, ec);
  fs::create_directories(dir, ec);
  if (ec)
    throw OutputConflict(fmt::format("cannot create {}: {}", dir, ec.message()));
  std::string path   = (fs::path(dir) / kLockFile).string();
  created_lock_file_ = !fs::exists(path, ec);
  fd_                = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw OutputConflict(fmt::format("cannot write {}: {}", path, std::strerror(errno)));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    char holder[32] = {0};
    ssize_t n       = ::pread(fd_, holder, sizeof holder - 1, 0);
    ::close(fd_);
    fd_             = -1;
    std::string pid = n > 0 ? std::string(holder, static_cast<size_t>(n)) : std::string("another process");
    while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' '))
      pid.pop_back();
    throw OutputConflict(fmt::format("{} is in use by another isogrid run (pid {}); wait for it to finish, or give "
                                     "another --out",
                                     dir, pid));
  }
  // Who holds it, for the message a second run prints.
  std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) == 0)
    (void)::pwrite(fd_, pid.data(), pid.size(), 0);
}

OutputLock::~OutputLock()
{
  if (fd_ < 0)
    return;
  if (created_lock_file_ && !writing_) {
    std::error_code ec;
    fs::remove(fs::path(dir_) / kLockFile, ec);  // still held: no other run can have taken it meanwhile
    if (created_folder_)
      fs::remove(dir_, ec);  // only when empty
  }
  ::close(fd_);  // releases the lock
}

bool written_by_a_run(const std::string& dir, const std::string& file)
{
  std::error_code ec;
  fs::path target = fs::weakly_canonical(file, ec);
  if (ec)
    return false;
  for (const auto& name : fixed_outputs())
    if (fs::weakly_canonical(fs::path(dir) / name, ec) == target && !ec)
      return true;
  return false;
}

bool folder_in_use(const std::string& dir)
{
  std::string path = (fs::path(dir) / kLockFile).string();
  int fd           = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  bool held = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  return held;
}

std::string timeline_path(const std::string& dir, uint64_t index)
{
  return (fs::path(dir) / kTimelinesFolder / fmt::format("point-{}.csv", index)).string();
}

std::string paje_path(const std::string& dir, uint64_t index)
{
  return (fs::path(dir) / kTimelinesFolder / fmt::format("point-{}.paje", index)).string();
}

void write_timeline(const std::string& dir, uint64_t index, const Timeline& timeline)
{
  AtomicFileWriter table(timeline_path(dir, index));
  timeline.write_csv(table);
  table.commit();
  AtomicFileWriter trace(paje_path(dir, index));
  write_paje(timeline, trace);
  trace.commit();
}

std::vector<std::string> files_owned_by_a_run(const std::string& dir)
{
  std::vector<std::string> out;
  for (const auto& name : fixed_outputs())
    if (fs::exists(fs::path(dir) / name))
      out.push_back((fs::path(dir) / name).string());
  if (fs::is_directory(fs::path(dir) / "traces"))  // the points' Pajé traces, with tracing: yes
    out.push_back((fs::path(dir) / "traces").string());
  if (fs::is_directory(fs::path(dir) / kTablesFolder))  // REPORT.md's tables as LaTeX and CSV
    out.push_back((fs::path(dir) / kTablesFolder).string());
  if (fs::is_directory(fs::path(dir) / kTimelinesFolder))  // the timelines of the points a timeline plot draws
    out.push_back((fs::path(dir) / kTimelinesFolder).string());
  std::ifstream in((fs::path(dir) / "run.json").string());
  if (!in)
    return out;
  try {
    // Only the plot list is wanted: the experiment (its axes' values, 30 MB for a million points) is skipped as it
    // is read rather than built.
    auto skip_experiment = [](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
      return !(depth == 1 && event == nlohmann::json::parse_event_t::key && parsed == "experiment");
    };
    nlohmann::json run = nlohmann::json::parse(in, skip_experiment);
    for (const auto& plot : run.value("plots", nlohmann::json::array()))
      if (plot.is_object() && plot.contains("file") && plot["file"].is_string()) {
        std::string file = plot["file"];
        // A plot file is a plain name (the experiment reader and the schema refuse anything else); `formats` and
        // `isogrid plot --formats` write the same name with the other image extensions.
        std::vector<std::string> names{file};
        for (const char* format : {"png", "svg", "pdf"})
          names.push_back(fs::path(file).replace_extension(format).string());
        for (const std::string& name : names)
          if (name.find('/') == std::string::npos && name != "." && name != ".." && fs::exists(fs::path(dir) / name))
            out.push_back((fs::path(dir) / name).string());
      }
  } catch (const nlohmann::json::exception&) {
    // A run.json we cannot read names no plot: its fixed files are still removed.
  }
  return out;
}

}  // namespace isogrid
