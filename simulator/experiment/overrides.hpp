#pragma once
// --set key=value on the command line. `key` is a dotted path into the experiment document
// (parameters.S, sweep.V, seed), or a bare name: a top-level key if it is one, otherwise a model parameter —
// fixed if the value is a single value, swept if it is a list, a generator mapping ({logspace: [0, 10, 41]}) or a
// generator call ("logspace(0, 10, 41)"). A parameter whose one value is itself a list or a mapping
// (`takes_structure`: schedulers, alphabet) is fixed by a list or a mapping, and swept by a list of them.
#include "simulator/core/yaml_source.hpp"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace isogrid {

// What a bare `--set name=[...]` means for a parameter: a list of values swept (most parameters), one value
// (a list or mapping parameter: [dp, be] is one `schedulers`), or ambiguous (a number-or-list parameter: [1, 2]
// could be A for two workers or two values of A), which must be written parameters.A=... or sweep.A=....
enum class ListMeaning { Sweep, OneValue, Ambiguous };

// Applies the overrides to `root` and returns the key paths they replaced (for error locations).
std::set<std::string> apply_overrides(YAML::Node& root, const std::vector<std::string>& overrides,
                                      const std::function<ListMeaning(const std::string&)>& list_meaning = {});

}  // namespace isogrid
