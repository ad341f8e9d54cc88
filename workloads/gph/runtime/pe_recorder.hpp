#pragma once
// What the PEs of one GUM run did over time, written into a Timeline (simulator/core/timeline.hpp) for `isogrid
// timeline`'s table and Gantt chart. The PE cores tell it as things happen (PeCore::record_into); a run that
// records nothing gives its cores none and pays a null check per event.
//
// Three groups, a row per PE in each:
//  * "PEs": what the PE does. `compute` (a thread runs), `blocked` (nothing runs and a thread waits for a value or
//    for input data), `fish` (nothing to run and no thread waiting, a fish of its own is out). Idle time is blank.
//  * "fishes": each fish the PE sent, from its sending to its answer: labelled "schedule from pe Q" (amount: the
//    sparks it brought) or "came back" (amount: the hops it made); "no answer by the end" for one still out then.
//  * "sparks": each stay of a spark in the PE's care, from its creation or arrival to what became of it (the
//    state), labelled by the spark's id "creator.serial". A stay ends `activated` (a thread of this PE evaluates
//    it), `absorbed` (the thread that demanded it evaluated it inline), `pruned` (the pool was full when it was
//    created: never a spark, its parent evaluated it), or passes it on: `shipped` (to a fishing PE, in a SCHEDULE)
//    or `handed back` (a FETCH took it, unevaluated, to its demander). Every spark's stays end in exactly one of
//    the first three.
#include "simulator/core/timeline.hpp"
#include "workloads/gph/runtime/message.hpp"

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace isogrid::gph {

enum class PeActivity : std::uint8_t { Idle, Compute, Blocked, Fish };

enum class SparkFate : std::uint8_t { Activated, Absorbed, Pruned, Shipped, HandedBack };

class PeRecorder {
public:
  // `pe_names`: each PE's row, e.g. "pe 3 Edin1"; `pe_zones`, when given, each PE's cluster (declared as its rows'
  // zone).
  PeRecorder(Timeline& timeline, std::vector<std::string> pe_names, const std::vector<std::string>& pe_zones = {});

  // The PE does `activity` from `now` on (a call that changes nothing records nothing).
  void activity(size_t pe, PeActivity activity, double now);
  void fish_sent(size_t pe, double now);
  // The PE's oldest fish out is answered: by a SCHEDULE from `from` with `sparks` sparks, or by coming back.
  void fish_scheduled(size_t pe, size_t from, size_t sparks, double now);
  void fish_came_back(size_t pe, unsigned hops, double now);
  // A spark's stay with `pe` from `since` ends with `fate` at `now`.
  void spark(size_t pe, ThunkId id, SparkFate fate, double since, double now);
  // The run ends at `now`: what is open closes there.
  void finish(double now);

  static const char* name(SparkFate fate);
  static const char* name(PeActivity activity);

private:
  struct Row {
    PeActivity activity = PeActivity::Idle;
    double since        = 0;
    std::deque<double> fishes_out;  // when each fish still out was sent, oldest first
  };
  void fish_answered(size_t pe, std::string label, double amount, double now);

  Timeline& timeline_;
  std::vector<std::string> names_;
  std::vector<Row> rows_;
};

}  // namespace isogrid::gph
