#pragma once
// `simgrid:` settings checked against SimGrid's own configuration registry before the first point. SimGrid reports
// an unknown key with an exception but a value outside a key's choices (network/model: BOGUS) with xbt_die, which
// aborts the process: each setting is therefore tried in a worker process of its own.
#include <string>
#include <vector>

namespace isogrid::sg {

// `setting` is "key:value". Throws UnknownName (base/unknown_name.hpp) for a key SimGrid does not know ("unknown
// SimGrid setting 'network/modle' (did you mean 'network/model'?)"), and std::runtime_error with SimGrid's complaint
// in one line for a value it refuses ("Model 'BOGUS' is invalid! Valid models are: LV08, ...").
void check_simgrid_setting(const std::string& setting);

// Refuses a setting whose value holds a number that is not finite (network/latency-factor:nan), which SimGrid takes
// and computes with. Throws std::runtime_error. check_simgrid_setting calls it first; platform files' <config>
// settings go through it too.
void check_setting_numbers(const std::string& setting);

// Whether SimGrid starts a simulation with these settings, applied as a point applies them (on the command line of a
// new engine, before any platform exists): some values are only read then (contexts/factory: bogus passes the
// registry and then ends the process). Tried in a worker on a one-host platform with one actor; throws
// std::runtime_error with SimGrid's complaint in one line.
void check_simgrid_start(const std::vector<std::string>& config);

// SimGrid's "Bad config key: x" exception, whose text lists every key it knows, as one line naming `key` and the
// closest known key.
std::string unknown_setting_message(const std::string& key, const std::string& what);
// A worker's output ending in SimGrid's xbt_die ("... [root/CRITICAL] Please specify ...", a backtrace after it) as
// SimGrid's last sentence alone; other text comes back as it is.
std::string simgrid_last_words(const std::string& error);

}  // namespace isogrid::sg
