#pragma once
// SimGrid's own reading of a quantity written with a unit (xbt/parse_units.hpp), so that tests can hold isogrid's
// parser (simulator/core/units.hpp) against it: a number copied from a SimGrid XML platform into a YAML grid spec
// must mean the same. Throws std::exception with SimGrid's message for a text SimGrid refuses.
#include <string>

namespace isogrid::sg {

double simgrid_speed(const std::string& text);      // flop/s
double simgrid_bandwidth(const std::string& text);  // byte/s
double simgrid_time(const std::string& text);       // s

}  // namespace isogrid::sg
