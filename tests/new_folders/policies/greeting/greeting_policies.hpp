#pragma once
// A policy family that exists only to prove that one folder adds one (tests/new_folders/README.md): how long a
// greeting takes to say to `people` people.
#include "base/named_registry.hpp"

#include <functional>

namespace isogrid::greeting {

using GreetingPolicy = std::function<double(long long people)>;  // seconds

const NamedRegistry<GreetingPolicy>& greeting_policies();
NamedRegistry<GreetingPolicy>& greeting_registry();

}  // namespace isogrid::greeting
