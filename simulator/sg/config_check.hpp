#pragma once
// `simgrid:` settings checked against SimGrid's own configuration registry before the first point. SimGrid reports
// an unknown key with an exception but a value outside a key's choices (network/model: BOGUS) with xbt_die, which
// aborts the process: each setting is therefore tried in a worker process of its own.
#include <string>

namespace isogrid::sg {

// `setting` is "key:value". Throws UnknownName (base/unknown_name.hpp) for a key SimGrid does not know ("unknown
// SimGrid setting 'network/modle' (did you mean 'network/model'?)"), and std::runtime_error with SimGrid's complaint
// in one line for a value it refuses ("Model 'BOGUS' is invalid! Valid models are: LV08, ...").
void check_simgrid_setting(const std::string& setting);

}  // namespace isogrid::sg
