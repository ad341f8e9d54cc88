// What the plugin loader relies on in the catalog: the built-in model names it checks a plugin's models against
// without building the catalog, the plugin origin of a policy carried from its registry into the catalog, and a
// family added to later listed in one piece.
#include "simulator/core/catalog.hpp"

#include <gtest/gtest.h>

using namespace isogrid;

TEST(PluginCatalog, TheBuiltInModelNamesAreTheCatalogsModels)
{
  std::vector<std::string> in_catalog;
  for (const Model* m : builtin_catalog().models())
    in_catalog.push_back(m->info().name);
  EXPECT_EQ(builtin_model_names(), in_catalog);
  EXPECT_TRUE(builtin_catalog_built());
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
