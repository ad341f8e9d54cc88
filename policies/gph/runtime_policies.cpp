#include "policies/gph/runtime_policies.hpp"

#include "policies/gph/informed_targets.hpp"
#include "policies/gph/load_information.hpp"
#include "policies/gph/main_pe.hpp"
#include "policies/gph/speed_filter.hpp"
#include "policies/gph/work_amount.hpp"

namespace isogrid::gph {

namespace {

size_t gum_main(const Topology& t, const Draw& draw) { return random_main_pe(t, draw); }
size_t gg1_main(const Topology& t, const Draw&) { return first_main_pe(t); }
size_t gg11_main(const Topology& t, const Draw&) { return fastest_main_pe(t); }
size_t gg2_main(const Topology& t, const Draw&) { return biggest_cluster_main_pe(t); }

size_t single_spark(const PeView&, size_t, size_t pool, const Parameters&) { return one_spark(pool); }

size_t gg2_sparks(const PeView& receiver, size_t requester, size_t pool, const Parameters& p)
{
  double latency = receiver.knowledge ? receiver.knowledge->latency[requester]
                                      : receiver.topology->latency(receiver.self, requester);
  return sparks_for_requester(*receiver.topology, receiver.self, requester, pool, latency, p.gg2);
}

FishAction blind_on_fish(const PeView& at, const Fish& fish, size_t exportable, const Draw& draw, const Parameters& p)
{
  return process_fish(
      at.self, fish, exportable > 0, one_spark(exportable), [&] { return blind_target(at, draw, p); }, p);
}

FishAction filtered_on_fish(const PeView& at, const Fish& fish, size_t exportable, const Draw& draw,
                            const Parameters& p)
{
  bool answers = exportable > 0 && answers_under_filter(at, fish.origin, p);
  return process_fish(
      at.self, fish, answers, one_spark(exportable), [&] { return filtered_forward(at, fish.origin, draw, p); }, p);
}

FishAction informed_on_fish(const PeView& at, const Fish& fish, size_t exportable, const Draw& draw,
                            const Parameters& p)
{
  size_t sparks = fish.origin == at.self ? 0 : gg2_sparks(at, fish.origin, exportable, p);
  return process_fish(
      at.self, fish, exportable > 0, sparks, [&] { return informed_forward(at, fish.origin, draw, p); }, p);
}

}  // namespace

NamedRegistry<RuntimePolicy>& runtime_registry()
{
  static NamedRegistry<RuntimePolicy> registry = [] {
    NamedRegistry<RuntimePolicy> r("gph-runtime");
    r.add("gum", "GUM 4.06: main PE at random, FISH to random PEs (choosePE), one spark per SCHEDULE",
          {gum_main, blind_target, blind_on_fish, single_spark, false, false});
    r.add("grid-gum1", "GRID-GUM1: GUM on MPICH-G2, the main PE is the first PE of the configuration",
          {gg1_main, blind_target, blind_on_fish, single_spark, false, false});
    r.add("grid-gum1.1",
          "GRID-GUM1.1: CPU speeds only; main PE = a fastest PE; no PE takes work from a faster "
          "PE unless that is the main PE",
          {gg11_main, filtered_target, filtered_on_fish, single_spark, true, false});
    r.add("grid-gum2",
          "GRID-GUM2: speeds plus piggy-backed load and latency; FISH only known loaded PEs, own "
          "cluster first; several sparks to remote requesters; main PE in the cluster with the "
          "largest sum of CPU speeds",
          {gg2_main, informed_target, informed_on_fish, gg2_sparks, true, true});
    return r;
  }();
  return registry;
}

const NamedRegistry<RuntimePolicy>& runtime_policies() { return runtime_registry(); }

ISOGRID_POLICY_FAMILY(runtime_registry);

}  // namespace isogrid::gph
