#pragma once
// What the catalog needs of a policy family, whatever its entries' type: its name, its entries' names and summaries,
// and a way to close it. A policy family registers itself from its own .cpp with ISOGRID_POLICY_FAMILY (below), so
// that the catalog lists it, plugins can add to it, and nothing outside its folder names it.
#include <string>
#include <vector>

namespace isogrid {

class RegistryListing {
public:
  struct Listed {
    std::string name;
    std::string summary;
    std::string plugin;  // the plugin file that added it; empty when built in
  };

  virtual ~RegistryListing()                           = default;
  virtual const std::string& family() const            = 0;
  virtual bool contains(const std::string& name) const = 0;
  virtual std::vector<Listed> listed() const           = 0;
  // No entry may be added from here on: the catalog freezes the families it lists once plugins are in.
  virtual void freeze()       = 0;
  virtual bool frozen() const = 0;
};

// A policy family's registry, as its own .cpp keeps it (`NamedRegistry<SequencePolicy>& sequence_registry()`).
using PolicyFamilyAccessor = RegistryListing& (*)();

// Every policy family registered so far, in the order their registrars ran; read by the catalog when it is built.
// Registrars run before main (static initialisation), so the list is complete by then and never changes after.
const std::vector<PolicyFamilyAccessor>& registered_policy_families();
void register_policy_family(PolicyFamilyAccessor family);
// True once a catalog has been built (it freezes every family): too late for a plugin to add to them.
bool policy_families_closed();

}  // namespace isogrid

#define ISOGRID_CONCAT_INNER(a, b) a##b
#define ISOGRID_CONCAT(a, b)       ISOGRID_CONCAT_INNER(a, b)

// In a policy family's .cpp, at namespace scope: `ISOGRID_POLICY_FAMILY(sequence_registry);`, where
// sequence_registry() returns the family's NamedRegistry<T>&. The object file is always linked (isogrid_policies is
// linked whole), so the registrar runs.
#define ISOGRID_POLICY_FAMILY(accessor)                                                                                \
  [[maybe_unused]] static const bool ISOGRID_CONCAT(isogrid_policy_family_, __LINE__) =                                \
      (::isogrid::register_policy_family([]() -> ::isogrid::RegistryListing& { return accessor(); }), true)
