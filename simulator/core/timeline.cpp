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

void Timeline::interval(std::string group, std::string resource, std::string state, std::string label, double start,
                        double end, double amount)
{
  events_.push_back(
      {false, std::move(group), std::move(resource), std::move(state), std::move(label), start, end, amount});
}

void Timeline::level(std::string group, std::string resource, std::string quantity, double time, double value)
{
  events_.push_back({true, std::move(group), std::move(resource), std::move(quantity), "", time, time, value});
}

void Timeline::write_csv(std::ostream& out) const
{
  out << (seconds_ ? "kind,group,resource,state,label,start_s,end_s,value\n"
                   : "kind,group,resource,state,label,start,end,value\n");
  for (const TimelineEvent& e : events_)
    out << (e.level ? "level" : "interval") << ',' << field(e.group) << ',' << field(e.resource) << ','
        << field(e.state) << ',' << field(e.label) << ',' << fmt::format("{},{},{}", e.start, e.end, e.value) << '\n';
}

}  // namespace isogrid
