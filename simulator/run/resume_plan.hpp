#pragma once
// What a run computes and writes, given what an earlier run left in its folder: the reconciliation behind --resume
// and --retry-errors. A torn last line is cut off, rows out of order are sorted, an interrupted --retry-errors run is
// merged back, and a file with a hole (or error rows to compute again) is moved aside to be rewritten in point order.
#include "simulator/experiment/experiment.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace isogrid {

// The files of a run's output folder.
struct RunFiles {
  std::string dir;
  std::string csv;            // results.csv
  std::string manifest;       // run.json
  std::string previous_rows;  // results.csv.previous: the earlier rows while the file is rewritten

  explicit RunFiles(const std::string& out_dir);
};

struct ResumePlan {
  bool append = false;     // the sink appends to the rows results.csv holds
  std::vector<bool> done;  // per index: nothing to compute or write (a row kept in place, or a point `where` excludes)
  std::vector<bool> keep;  // per index, when results.csv is rewritten: a row copied in its turn from previous_rows
  uint64_t kept_errors = 0;  // error rows this run leaves as they are
  uint64_t skipped     = 0;  // included points that already have their row

  bool rewriting() const { return !keep.empty(); }
  bool computes(uint64_t i) const { return !done[i] && !(rewriting() && keep[i]); }
};

// Reads what the folder holds and moves files as the plan needs (nothing is deleted that a row lives in). A fresh or
// forced run gets the folder emptied of every file a run owns.
ResumePlan reconcile_earlier_run(const Experiment& ex, bool resume, bool retry_errors, const RunFiles& files);

}  // namespace isogrid
