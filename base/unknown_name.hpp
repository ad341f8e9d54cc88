#pragma once
// An unknown name (a model, a policy, a parameter) is an error that lists the known ones and the closest match.
// Here, in the base that the pure policies share with the harness, so that a policy registry can say so too.
#include <stdexcept>
#include <string>
#include <vector>

namespace isogrid {

class UnknownName : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

// "unknown dlt-sequence policy 'fastest' (did you mean 'fastest-link'?); known: given, fastest-link, ..."
std::string unknown_name_message(const std::string& what, const std::string& name,
                                 const std::vector<std::string>& known);

// The known name within edit distance 2 of `name` (case-insensitive), or "" when none is that close.
std::string closest_match(const std::string& name, const std::vector<std::string>& known);

}  // namespace isogrid
