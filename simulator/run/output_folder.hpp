#pragma once
// The folder a run writes into. Three promises keep a results folder from ever being corrupted:
//  - one run at a time: an advisory lock (flock on DIR/.isogrid.lock) held for the whole run, released by the kernel
//    when the process ends however it ends, so that a second run (or a --resume while the first still runs) is
//    refused instead of splicing rows into the same file;
//  - nothing before validation: the folder is created and locked only once the experiment has been checked in full;
//  - what a run owns, it replaces: --force removes every file an earlier run wrote (results, run.json, summaries,
//    plots), so no stale summary.csv survives, and leaves the user's own files alone.
#include "simulator/core/timeline.hpp"
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace isogrid {

// The folder of a results folder that holds REPORT.md's tables as LaTeX and CSV files (report_writer.cpp).
constexpr const char* kTablesFolder = "tables";

// The folder of the points' timelines, one CSV each (timeline_path), written for the points a timeline plot draws.
constexpr const char* kTimelinesFolder = "timelines";
std::string timeline_path(const std::string& dir, uint64_t index);
// The same as a Pajé trace, for ViTE and pj_dump: timelines/point-N.paje.
std::string paje_path(const std::string& dir, uint64_t index);
// Writes a point's timeline there and as its Pajé trace, each streamed (a GpH point's may hold millions of events)
// and whole or not at all.
void write_timeline(const std::string& dir, uint64_t index, const Timeline& timeline);

// The output folder already holds a run and neither --resume nor --force was given, or --resume does not fit, or
// another run holds it, or it cannot be written.
class OutputConflict : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Refuses, before anything is written, an output path that is a file, or whose nearest existing folder cannot be
// written. Throws OutputConflict.
void check_output_path(const std::string& dir);

class OutputLock {
public:
  // Creates `dir` if needed and takes its lock, without waiting: throws OutputConflict naming the process that holds
  // it. The lock file stays in the folder (taking a lock on a file that might be deleted and recreated would not be
  // a lock) once something was written under it; a lock that wrote nothing leaves nothing: not its lock file, nor
  // the folder when it made it (a run refused or stopped by a full disk before its first file, a failed collect).
  explicit OutputLock(const std::string& dir);
  ~OutputLock();
  OutputLock(const OutputLock&)            = delete;
  OutputLock& operator=(const OutputLock&) = delete;

  int fd() const { return fd_; }       // for the worker processes to close (ProcessPool::close_in_children)
  void writing() { writing_ = true; }  // called before the holder writes its first file

private:
  std::string dir_;
  bool created_folder_    = false;
  bool created_lock_file_ = false;
  bool writing_           = false;
  int fd_                 = -1;
};

// Whether a live process holds `dir`'s lock (a run, a shard or a collect in progress). False when the folder or its
// lock file does not exist. Never takes the lock for longer than the test.
bool folder_in_use(const std::string& dir);

// Room a run keeps on the disk for its last run.json (checked_file.hpp's SpaceReserve), removed when it ends.
constexpr const char* kSpaceReserveFile = ".isogrid.reserve";

// Whether `file` is one a run into `dir` writes or replaces (run X/experiment.yaml --out X would overwrite the user's
// own file with the resolved copy, losing its comments).
bool written_by_a_run(const std::string& dir, const std::string& file);

// The files of `dir` that an earlier run wrote: those with fixed names and the plots its run.json lists.
std::vector<std::string> files_owned_by_a_run(const std::string& dir);

}  // namespace isogrid
