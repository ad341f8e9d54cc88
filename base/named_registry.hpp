#pragma once
// Things registered by name (policies, platform generators). An unknown name is an error listing the known ones.
#include "base/registry_listing.hpp"
#include "base/unknown_name.hpp"

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace isogrid {

/// Things of type `T` registered by name, in the order they were added: a policy family (each policy a function
/// or a function object), or anything else looked up by name. Open until frozen; an unknown name throws
/// UnknownName listing the known ones.
template <class T>
class NamedRegistry final : public RegistryListing {
public:
  /// One registered thing.
  struct Entry {
    std::string name;     ///< what experiment files call it
    std::string summary;  ///< one line for `isogrid list`
    T item;               ///< the policy itself
    std::string plugin;   ///< the plugin file that added it; empty when built in
  };

  /// `family` names what the registry holds: a policy family ("dlt-sequence"), the name experiment files and the
  /// catalog know it by, whose unknown names read "unknown dlt-sequence policy 'x'"; or, with `what`, anything else
  /// registered by name ("gph-kernel", what "GpH kernel").
  explicit NamedRegistry(std::string family, std::string what = "")
      : family_(std::move(family)), what_(what.empty() ? family_ + " policy" : std::move(what))
  {
  }

  /// The family's name ("dlt-sequence").
  const std::string& family() const override { return family_; }

  /// Throws std::logic_error once the registry is frozen (the catalog freezes every policy family it lists).
  NamedRegistry& add(std::string name, std::string summary, T item, std::string plugin = "")
  {
    if (frozen_)
      throw std::logic_error("the " + family_ + " registry is frozen: '" + name +
                             "' added after the catalog was built");
    entries_.push_back({std::move(name), std::move(summary), std::move(item), std::move(plugin)});
    return *this;
  }

  /// The entry called `name`; throws UnknownName (with the closest known names) when there is none.
  const T& get(const std::string& name) const
  {
    for (const auto& e : entries_)
      if (e.name == name)
        return e.item;
    throw UnknownName(unknown_name_message(what_, name, names()));
  }

  /// Whether an entry is called `name`.
  bool contains(const std::string& name) const override
  {
    for (const auto& e : entries_)
      if (e.name == name)
        return true;
    return false;
  }

  /// Every entry's name, in registration order.
  std::vector<std::string> names() const
  {
    std::vector<std::string> out;
    for (const auto& e : entries_)
      out.push_back(e.name);
    return out;
  }

  /// Every entry, in registration order.
  const std::vector<Entry>& entries() const { return entries_; }

  /// Names, summaries and plugins, for the catalog.
  std::vector<Listed> listed() const override
  {
    std::vector<Listed> out;
    for (const auto& e : entries_)
      out.push_back({e.name, e.summary, e.plugin});
    return out;
  }
  /// Closes the registry: add() throws from here on.
  void freeze() override { frozen_ = true; }
  /// Whether freeze() was called.
  bool frozen() const override { return frozen_; }

private:
  std::string family_;
  std::string what_;
  std::vector<Entry> entries_;
  bool frozen_ = false;
};

}  // namespace isogrid
