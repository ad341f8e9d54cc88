#include "base/registry_listing.hpp"

namespace isogrid {

namespace {

// Constructed on first use: registrars in other translation units may run before this file's statics.
std::vector<PolicyFamilyAccessor>& families()
{
  static std::vector<PolicyFamilyAccessor> list;
  return list;
}

}  // namespace

const std::vector<PolicyFamilyAccessor>& registered_policy_families() { return families(); }

void register_policy_family(PolicyFamilyAccessor family) { families().push_back(family); }

bool policy_families_closed()
{
  for (PolicyFamilyAccessor family : registered_policy_families())
    if (family().frozen())
      return true;
  return false;
}

}  // namespace isogrid
