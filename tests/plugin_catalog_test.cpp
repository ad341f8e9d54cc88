// What the plugin loader relies on in the catalog: the built-in model names it checks a plugin's models against
// without building the catalog, the plugin origin of a policy carried from its registry into the catalog, and a
// family added to later listed in one piece; and what registered itself is what the catalog holds, closed once built.
#include "policies/dlt/sequence.hpp"
#include "simulator/core/catalog.hpp"
#include "simulator/core/registrations.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

using namespace isogrid;

TEST(PluginCatalog, TheBuiltInModelNamesAreTheCatalogsModels)
{
  std::vector<std::string> in_catalog;
  for (const Model* m : isogrid::testing::catalog().models())
    in_catalog.push_back(m->info().name);
  EXPECT_EQ(builtin_model_names(), in_catalog);
  EXPECT_TRUE(policy_families_closed());
}

TEST(PluginCatalog, APolicyKeepsItsPluginAndItsFamilyStaysTogether)
{
  NamedRegistry<int> a("family-a"), b("family-b");
  a.add("one", "first", 1);
  b.add("two", "second", 2);
  Catalog c;
  c.add_policies(a);
  c.add_policies(b);
  NamedRegistry<int> more("family-a");
  more.add("three", "from a plugin", 3, "/plugins/libthree.so");
  c.add_policies(more);
  ASSERT_EQ(c.policies().size(), 3u);
  EXPECT_EQ(c.policies()[0].name, "one");
  EXPECT_EQ(c.policies()[1].name, "three");
  EXPECT_EQ(c.policies()[1].plugin, "/plugins/libthree.so");
  EXPECT_EQ(c.policies()[2].name, "two");
  EXPECT_EQ(c.policies()[0].plugin, "");
  EXPECT_EQ(c.policy_names("family-a"), (std::vector<std::string>{"one", "three"}));
}

TEST(PluginCatalog, EveryRegisteredFamilyIsListedAndClosedOnceTheCatalogIsBuilt)
{
  const Catalog& catalog = isogrid::testing::catalog();
  std::vector<std::string> families;
  for (PolicyFamilyAccessor accessor : registered_policy_families()) {
    RegistryListing& family = accessor();
    families.push_back(family.family());
    std::vector<std::string> listed;
    for (const auto& e : family.listed())
      listed.push_back(e.name);
    EXPECT_FALSE(listed.empty()) << family.family();
    EXPECT_EQ(catalog.policy_names(family.family()), listed) << family.family();
  }
  std::sort(families.begin(), families.end());
  EXPECT_EQ(families, (std::vector<std::string>{"dlt-sequence", "farm-prefetch", "farm-selection", "forecaster",
                                                "gph-runtime", "load-generator", "rescheduling-planner",
                                                "resource-selection", "stencil-decomposition"}));
  // Closed: a plugin loaded now could not give its scheduler a column, so adding throws.
  EXPECT_THROW(dlt::sequence_registry().add("late", "after the catalog", dlt::sequence_policies().get("given")),
               std::logic_error);
  EXPECT_FALSE(dlt::sequence_policies().contains("late"));
}

TEST(PluginCatalog, AFrozenRegistryRefusesAnEntry)
{
  NamedRegistry<int> r("family-a");
  r.add("one", "first", 1);
  r.freeze();
  EXPECT_THROW(r.add("two", "second", 2), std::logic_error);
  EXPECT_EQ(r.names(), std::vector<std::string>{"one"});
}
