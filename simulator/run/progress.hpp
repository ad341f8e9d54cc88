#pragma once
// One status line on a terminal: points done, rate, ETA, errors. Silent when stderr is not a terminal
// (CI logs, pipes), so logs stay clean.
#include <cstdint>

namespace isogrid {

class Progress {
public:
  Progress(uint64_t total, uint64_t already_done, bool enabled);
  ~Progress();

  void tick(bool error);
  void finish();  // clears the line

  static bool terminal_attached();

private:
  void draw(bool force);

  uint64_t total_;
  uint64_t done_;
  uint64_t start_done_;
  uint64_t errors_ = 0;
  bool enabled_;
  double started_;
  double last_draw_ = 0;
  bool drawn_       = false;
};

}  // namespace isogrid
