#pragma once
// Natural order of names (node-2 before node-10), the order "the first m hosts" of a platform is read in.
#include <string>

namespace isogrid {

// Digit runs compare as numbers; the rest character by character.
bool natural_less(const std::string& a, const std::string& b);

}  // namespace isogrid
