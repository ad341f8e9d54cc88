#include "simulator/sg/simgrid_units.hpp"

#include <xbt/parse_units.hpp>

namespace isogrid::sg {

double simgrid_speed(const std::string& text) { return xbt_parse_get_speed("isogrid", 0, text, "speed"); }
double simgrid_bandwidth(const std::string& text) { return xbt_parse_get_bandwidth("isogrid", 0, text, "bandwidth"); }
double simgrid_time(const std::string& text) { return xbt_parse_get_time("isogrid", 0, text, "time"); }

}  // namespace isogrid::sg
