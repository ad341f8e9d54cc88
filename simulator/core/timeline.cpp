#include "simulator/core/timeline.hpp"

#include <fmt/format.h>

namespace isogrid {

namespace {

// A CSV field: quoted when it holds a comma, a quote or a line break, its quotes doubled.
std::string field(const std::string& text)
{
  if (text.find_first_of(",\"\n\r") == std::string::npos)
    return text;
  std::string out = "\"";
  for (char c : text)
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::uint32_t Timeline::intern(std::string text)
{
  auto it = ids_.find(text);
  if (it != ids_.end())
    return it->second;
  auto id = static_cast<std::uint32_t>(names_.size());
  names_.push_back(text);
  ids_.emplace(std::move(text), id);
  return id;
}

void Timeline::interval(std::string group, std::string resource, std::string state, std::string label, double start,
                        double end, double amount)
{
  entries_.push_back({intern(std::move(group)), intern(std::move(resource)), intern(std::move(state)), false,
                      std::move(label), start, end, amount});
}

void Timeline::level(std::string group, std::string resource, std::string quantity, double time, double value)
{
  entries_.push_back({intern(std::move(group)), intern(std::move(resource)), intern(std::move(quantity)), true, "",
                      time, time, value});
}

std::vector<TimelineEvent> Timeline::events() const
{
  std::vector<TimelineEvent> out;
  out.reserve(entries_.size());
  for (const Entry& e : entries_)
    out.push_back({e.level, names_[e.group], names_[e.resource], names_[e.state], e.label, e.start, e.end, e.value});
  return out;
}

const char* row_kind_name(RowKind kind)
{
  switch (kind) {
    case RowKind::Host: return "host";
    case RowKind::Link: return "link";
    case RowKind::Actor: return "actor";
  }
  return "?";
}

void Timeline::row(std::string group, std::string resource, std::string zone, RowKind kind)
{
  rows_.push_back({std::move(group), std::move(resource), std::move(zone), kind});
}

void Timeline::write_csv(std::ostream& out) const
{
  out << (seconds_ ? "kind,group,resource,state,label,start_s,end_s,value\n"
                   : "kind,group,resource,state,label,start,end,value\n");
  for (const TimelineRow& r : rows_)
    out << "row," << field(r.group) << ',' << field(r.resource) << ',' << row_kind_name(r.kind) << ',' << field(r.zone)
        << ",0,0,0\n";
  // Each name quoted once, not once an event.
  std::vector<std::string> fields;
  fields.reserve(names_.size());
  for (const std::string& n : names_)
    fields.push_back(field(n));
  for (const Entry& e : entries_)
    out << (e.level ? "level," : "interval,") << fields[e.group] << ',' << fields[e.resource] << ',' << fields[e.state]
        << ',' << field(e.label) << ',' << fmt::format("{},{},{}", e.start, e.end, e.value) << '\n';
}

}  // namespace isogrid
