#pragma once
// What happened in one simulated point over time, for the figure that shows why a run behaves as it does: intervals
// (a resource in a state, e.g. a run computing on a cluster or waiting in a queue) and levels (a quantity holding
// from a time on, e.g. a queue's length). A model's simulation shell records into the Timeline its point's
// SimulationContext carries, when a timeline plot names the point; otherwise it has none and records nothing.
#include <ostream>
#include <string>
#include <vector>

namespace isogrid {

struct TimelineEvent {
  bool level = false;    // a level (time = start, value) rather than an interval [start, end)
  std::string group;     // a panel of the figure, e.g. the strategy whose stream it is
  std::string resource;  // a row: a host, an actor, an application
  std::string state;     // an interval's state (compute, queue wait, move), or the level's quantity
  std::string label;     // the model's own: a cluster, a phase, a task
  double start = 0;      // s
  double end   = 0;      // s; a level's is its start
  double value = 0;      // a level's value; an interval's amount (flops, bytes), 0 when none
};

class Timeline {
public:
  // `amount`: what the interval carried or did, in the model's unit (flops, bytes, sparks), 0 when it says none.
  void interval(std::string group, std::string resource, std::string state, std::string label, double start, double end,
                double amount = 0);
  void level(std::string group, std::string resource, std::string quantity, double time, double value);
  const std::vector<TimelineEvent>& events() const { return events_; }
  // Times are simulated seconds unless a model says its times are normalised (the DLT star's model time units).
  void normalised_time() { seconds_ = false; }
  bool in_seconds() const { return seconds_; }

  // A tidy table, one event per row in the order recorded: kind,group,resource,state,label,start_s,end_s,value
  // (start,end without the unit for normalised time; kind: interval or level; texts quoted as CSV needs; numbers in
  // their shortest exact form).
  void write_csv(std::ostream& out) const;

private:
  std::vector<TimelineEvent> events_;
  bool seconds_ = true;
};

}  // namespace isogrid
