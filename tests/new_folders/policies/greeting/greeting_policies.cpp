#include "policies/greeting/greeting_policies.hpp"

namespace isogrid::greeting {

NamedRegistry<GreetingPolicy>& greeting_registry()
{
  static NamedRegistry<GreetingPolicy> registry = [] {
    NamedRegistry<GreetingPolicy> r("greeting");
    r.add("one-by-one", "a second for each person", [](long long people) { return static_cast<double>(people); });
    r.add("all-at-once", "one second for everyone", [](long long) { return 1.0; });
    return r;
  }();
  return registry;
}

const NamedRegistry<GreetingPolicy>& greeting_policies() { return greeting_registry(); }

ISOGRID_POLICY_FAMILY(greeting_registry);

}  // namespace isogrid::greeting
