#include "simulator/sg/load_profiles.hpp"

#include <simgrid/kernel/ProfileBuilder.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

namespace isogrid::sg {

namespace profile = simgrid::kernel::profile;

void set_speed_profile(Host* host, const std::string& name, const std::string& profile_text)
{
  host->set_speed_profile(profile::ProfileBuilder::from_string(name, profile_text, -1));
}

void set_bandwidth_profile(Link* link, const std::string& name, const std::string& profile_text)
{
  link->set_bandwidth_profile(profile::ProfileBuilder::from_string(name, profile_text, -1));
}

}  // namespace isogrid::sg
