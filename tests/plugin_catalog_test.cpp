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
  EXPECT_EQ(families,
            (std::vector<std::string>{"batch-queue", "dlt-sequence", "farm-prefetch", "farm-selection", "forecaster",
                                      "gph-runtime", "load-generator", "metascheduler", "rescheduling-planner",
                                      "resource-selection", "stencil-decomposition", "wait-predictor"}));
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

// Figures, tables and `isogrid list` take a parameter's or metric's label and unit from its declaration: every
// built-in model declares both (a number without a unit says so with unitless()), and labels stay short enough for
// an axis.
TEST(Declarations, EveryBuiltInParameterAndMetricHasALabelAndAUnit)
{
  auto numeric = [](const ParamSpec& p) {
    return p.kind == ParamKind::Real || p.kind == ParamKind::Integer || p.kind == ParamKind::RealOrList ||
           p.kind == ParamKind::NumberList || (p.kind == ParamKind::Map && p.entry_kind == ParamKind::Real);
  };
  for (const Model* m : isogrid::testing::catalog().models()) {
    const ModelInfo& info = m->info();
    for (const ParamSpec& p : info.params) {
      EXPECT_FALSE(p.label.empty()) << info.name << " parameter " << p.name << " has no label";
      EXPECT_LE(p.label.size(), 40u) << info.name << " parameter " << p.name << ": " << p.label;
      if (numeric(p)) {
        EXPECT_FALSE(p.unit.empty()) << info.name << " parameter " << p.name << " has no unit (or unitless())";
      }
    }
    for (const MetricSpec& x : info.metrics) {
      EXPECT_FALSE(x.label.empty()) << info.name << " metric " << x.name << " has no label";
      EXPECT_LE(x.label.size(), 40u) << info.name << " metric " << x.name << ": " << x.label;
      EXPECT_FALSE(x.unit.empty()) << info.name << " metric " << x.name << " has no unit (or unitless())";
    }
  }
  EXPECT_EQ(axis_label("inet_kib_s", "Internet throughput", "KiB/s"), "Internet throughput (KiB/s)");
  EXPECT_EQ(axis_label("efficiency", "efficiency E", kUnitless), "efficiency E");
  EXPECT_EQ(axis_label("m", "", ""), "m");
}
