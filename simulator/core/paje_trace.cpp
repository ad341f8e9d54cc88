#include "simulator/core/paje_trace.hpp"

#include <algorithm>
#include <cstdint>
#include <fmt/format.h>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace isogrid {

namespace {

// The event definitions this writer uses, with the field names pajeng reads strictly.
constexpr const char* kHeader = R"(%EventDef PajeDefineContainerType 0
% Alias string
% Type string
% Name string
%EndEventDef
%EventDef PajeDefineStateType 1
% Alias string
% Type string
% Name string
%EndEventDef
%EventDef PajeDefineVariableType 2
% Alias string
% Type string
% Name string
% Color color
%EndEventDef
%EventDef PajeCreateContainer 3
% Time date
% Alias string
% Type string
% Container string
% Name string
%EndEventDef
%EventDef PajeDestroyContainer 4
% Time date
% Type string
% Name string
%EndEventDef
%EventDef PajePushState 5
% Time date
% Type string
% Container string
% Value string
%EndEventDef
%EventDef PajePopState 6
% Time date
% Type string
% Container string
%EndEventDef
%EventDef PajeSetVariable 7
% Time date
% Type string
% Container string
% Value double
%EndEventDef
)";

// A name as a Pajé string field: quoted, its own quotes made single (the format has no escape).
std::string quoted(const std::string& text)
{
  std::string out = "\"";
  for (char c : text)
    out += c == '"' ? '\'' : c == '\n' ? ' ' : c;
  return out + "\"";
}

// One timed event, kept small (a GpH point has millions) and spelled out only when written. At one time, pops and
// variables go before pushes, so that an interval ending where the next begins leaves the stack as it found it.
struct Timed {
  enum Op : std::uint8_t { Pop, Set, Push };
  double time;
  double value;        // Set
  std::uint32_t row;   // the container
  std::uint32_t what;  // Push: the state's name id; Set: the variable type's index
  Op op;
  int rank() const { return op == Push ? 1 : 0; }
};

struct Row {
  std::vector<std::uint32_t> intervals;  // entries
  bool overlapping = false;
};

using RowKey = std::pair<std::uint32_t, std::uint32_t>;  // (group, resource) name ids

}  // namespace

void write_paje(const Timeline& timeline, std::ostream& out)
{
  const std::vector<Timeline::Entry>& entries = timeline.entries();
  out << kHeader;
  // With zones declared, a zone's container stands between its group's and its rows' (an undeclared row is in
  // zone "other").
  const bool zoned = !timeline.rows().empty();
  out << (zoned ? "0 G 0 group\n0 Z G zone\n0 R Z resource\n1 S R state\n"
                : "0 G 0 group\n0 R G resource\n1 S R state\n");

  // Containers in the order the timeline first names them: row r is container r<r>, rows[r] its intervals.
  std::vector<std::uint32_t> groups;
  std::map<std::uint32_t, std::size_t> group_index;
  std::map<RowKey, std::uint32_t> row_index;
  std::vector<RowKey> row_order;
  std::vector<Row> rows;
  std::vector<std::uint32_t> row_of(entries.size());  // each entry's row
  double end = 0;
  for (std::uint32_t k = 0; k < entries.size(); ++k) {
    const Timeline::Entry& e = entries[k];
    if (group_index.emplace(e.group, groups.size()).second)
      groups.push_back(e.group);
    auto [it, fresh] = row_index.emplace(RowKey{e.group, e.resource}, static_cast<std::uint32_t>(rows.size()));
    if (fresh) {
      row_order.push_back(it->first);
      rows.emplace_back();
    }
    row_of[k] = it->second;
    if (!e.level)
      rows[it->second].intervals.push_back(k);
    end = std::max({end, e.start, e.end});
  }
  for (Row& row : rows) {
    std::vector<std::uint32_t> sorted = row.intervals;
    std::sort(sorted.begin(), sorted.end(),
              [&](std::uint32_t a, std::uint32_t b) { return entries[a].start < entries[b].start; });
    for (std::size_t k = 1; k < sorted.size() && !row.overlapping; ++k)
      row.overlapping = entries[sorted[k]].start < entries[sorted[k - 1]].end;
  }

  std::map<std::string, std::uint32_t> variable_index;  // a quantity's type is V<index>
  auto variable = [&](const std::string& quantity) {
    auto [it, fresh] = variable_index.emplace(quantity, static_cast<std::uint32_t>(variable_index.size()));
    if (fresh)
      out << "2 V" << it->second << " R " << quoted(quantity) << " \"0 0 0\"\n";
    return it->second;
  };
  std::vector<Timed> timed;
  auto add = [&](double time, Timed::Op op, std::uint32_t row, std::uint32_t what, double value) {
    timed.push_back({time, value, row, what, op});
  };
  for (std::uint32_t k = 0; k < entries.size(); ++k) {
    const Timeline::Entry& e = entries[k];
    if (e.level) {
      add(e.start, Timed::Set, row_of[k], variable(timeline.name(e.state)), e.value);
    } else if (!rows[row_of[k]].overlapping && e.end > e.start) {
      add(e.start, Timed::Push, row_of[k], e.state, 0);
      add(e.end, Timed::Pop, row_of[k], 0, 0);
    }
  }
  // A row of overlapping intervals: per state, how many are open, set where it changes.
  for (std::uint32_t r = 0; r < rows.size(); ++r) {
    const Row& row = rows[r];
    if (!row.overlapping)
      continue;
    std::map<std::uint32_t, std::vector<std::pair<double, int>>> changes;  // by state
    for (std::uint32_t k : row.intervals)
      if (entries[k].end > entries[k].start) {
        changes[entries[k].state].emplace_back(entries[k].start, 1);
        changes[entries[k].state].emplace_back(entries[k].end, -1);
      }
    for (auto& [state, list] : changes) {
      std::sort(list.begin(), list.end());
      std::uint32_t type = variable("open: " + timeline.name(state));
      add(0, Timed::Set, r, type, 0);
      int open = 0;
      for (std::size_t k = 0; k < list.size(); ++k) {
        open += list[k].second;
        if (k + 1 == list.size() || list[k + 1].first != list[k].first)
          add(list[k].first, Timed::Set, r, type, open);
      }
    }
  }

  for (std::uint32_t g : groups)
    out << "3 0 g" << group_index[g] << " G 0 " << quoted(timeline.name(g)) << '\n';
  // pj_dump names a container by its name: with several groups, a row's or zone's name says its group ("PEs: pe 3").
  auto named = [&](std::uint32_t group, const std::string& name) {
    return quoted(groups.size() > 1 ? timeline.name(group) + ": " + name : name);
  };
  std::map<std::pair<std::string, std::string>, std::string> zone_of;  // (group, resource) -> zone
  for (const TimelineRow& r : timeline.rows())
    zone_of[{r.group, r.resource}] = r.zone;
  std::map<std::pair<std::uint32_t, std::string>, std::size_t> zone_index;  // (group, zone)
  for (std::uint32_t r = 0; r < rows.size(); ++r) {
    const RowKey& key  = row_order[r];
    std::string parent = fmt::format("g{}", group_index[key.first]);
    if (zoned) {
      auto found       = zone_of.find({timeline.name(key.first), timeline.name(key.second)});
      std::string zone = found == zone_of.end() ? "other" : found->second;
      auto [it, fresh] = zone_index.emplace(std::make_pair(key.first, zone), zone_index.size());
      if (fresh)
        out << "3 0 z" << it->second << " Z " << parent << ' ' << named(key.first, zone) << '\n';
      parent = fmt::format("z{}", it->second);
    }
    out << "3 0 r" << r << " R " << parent << ' ' << named(key.first, timeline.name(key.second)) << '\n';
  }
  std::stable_sort(timed.begin(), timed.end(), [](const Timed& a, const Timed& b) {  // else as recorded
    return a.time != b.time ? a.time < b.time : a.rank() < b.rank();
  });
  std::vector<std::string> states(timeline.names());  // quoted when first used
  for (const Timed& t : timed)
    switch (t.op) {
      case Timed::Push:
        if (states[t.what].empty())
          states[t.what] = quoted(timeline.name(t.what));
        out << fmt::format("5 {} S r{} ", t.time, t.row) << states[t.what] << '\n';
        break;
      case Timed::Pop: out << fmt::format("6 {} S r{}\n", t.time, t.row); break;
      case Timed::Set: out << fmt::format("7 {} V{} r{} {}\n", t.time, t.what, t.row, t.value); break;
    }
  for (std::uint32_t r = 0; r < rows.size(); ++r)
    out << fmt::format("4 {} R r{}\n", end, r);
  for (std::size_t z = 0; z < zone_index.size(); ++z)
    out << fmt::format("4 {} Z z{}\n", end, z);
  for (std::size_t g = 0; g < groups.size(); ++g)
    out << fmt::format("4 {} G g{}\n", end, g);
}

}  // namespace isogrid
