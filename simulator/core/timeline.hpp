#pragma once
// What happened in one simulated point over time, for the figure that shows why a run behaves as it does: intervals
// (a resource in a state, e.g. a run computing on a cluster or waiting in a queue) and levels (a quantity holding
// from a time on, e.g. a queue's length). A model's simulation shell records into the Timeline its point's
// SimulationContext carries, when a timeline plot names the point; otherwise it has none and records nothing. A model
// may also say where a row is (the zone, e.g. the cluster, of a host or a link): the figure then draws each zone's
// share of hosts computing and each link's bandwidth in use, and the Pajé trace a container per zone.
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <unordered_map>
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

// Where a row is, and what it is.
enum class RowKind { Host, Link, Actor };

struct TimelineRow {
  std::string group;
  std::string resource;
  std::string zone;  // e.g. the cluster
  RowKind kind = RowKind::Host;
};

const char* row_kind_name(RowKind kind);

class Timeline {
public:
  // `amount`: what the interval carried or did, in the model's unit (flops, bytes, sparks), 0 when it says none.
  void interval(std::string group, std::string resource, std::string state, std::string label, double start, double end,
                double amount = 0);
  void level(std::string group, std::string resource, std::string quantity, double time, double value);
  // Declares a row's zone and kind (once per row, before or after its events).
  void row(std::string group, std::string resource, std::string zone, RowKind kind);
  // Every event, in the order recorded, its names spelled out (a copy: for tests and small timelines).
  std::vector<TimelineEvent> events() const;
  const std::vector<TimelineRow>& rows() const { return rows_; }

  // As stored: a GpH point may record millions of events, which repeat a few groups, rows and states, so each is
  // kept once and an event holds its index (name() spells it). 72 bytes an event, where names would take 160.
  struct Entry {
    std::uint32_t group = 0, resource = 0, state = 0;
    bool level = false;
    std::string label;
    double start = 0, end = 0, value = 0;
  };
  const std::vector<Entry>& entries() const { return entries_; }
  const std::string& name(std::uint32_t id) const { return names_[id]; }
  std::size_t names() const { return names_.size(); }
  // Times are simulated seconds unless a model says its times are normalised (the DLT star's model time units).
  void normalised_time() { seconds_ = false; }
  bool in_seconds() const { return seconds_; }

  // A tidy table, one event per row in the order recorded: kind,group,resource,state,label,start_s,end_s,value
  // (start,end without the unit for normalised time; kind: interval or level; texts quoted as CSV needs; numbers in
  // their shortest exact form). The rows declared come first, as kind row: state host, link or actor, label the
  // zone, times and value 0.
  void write_csv(std::ostream& out) const;

private:
  std::uint32_t intern(std::string text);

  std::vector<Entry> entries_;
  std::vector<std::string> names_;
  std::unordered_map<std::string, std::uint32_t> ids_;
  std::vector<TimelineRow> rows_;
  bool seconds_ = true;
};

}  // namespace isogrid
