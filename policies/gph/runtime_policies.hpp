#pragma once
// The four GpH runtimes of Al Zain et al. (TPDS 2008) as load-distribution policies, registered by name. A
// simulated runtime asks its policy four things, each a pure function of plain values:
//   main_pe             where the main thread starts;
//   fish_target         where an idle PE without sparks sends a new FISH;
//   on_fish             what a PE does with a FISH it receives (processFish);
//   sparks_per_schedule how many sparks answer a FISH.
// Everything else (the idle rule, FISH_DELAY, ACKs) is GUM's for all four (policies/gph/fishing.hpp).
//
//   gum          GUM 4.06: random main PE, blind fishing, one spark per SCHEDULE
//   grid-gum1    GUM ported to MPICH-G2: the same, main PE = the first PE of the configuration
//   grid-gum1.1  static information: fastest main PE, no work from a faster PE unless it is the main PE
//   grid-gum2    static and dynamic information: P1-P4 (informed_targets.hpp, work_amount.hpp, main_pe.hpp)
#include "base/named_registry.hpp"
#include "policies/gph/fishing.hpp"
#include "policies/gph/parameters.hpp"
#include "policies/gph/pe_view.hpp"

namespace isogrid::gph {

struct RuntimePolicy {
  size_t (*main_pe)(const Topology& topology, const Draw& draw);
  FishTarget (*fish_target)(const PeView& pe, const Draw& draw, const Parameters& parameters);
  FishAction (*on_fish)(const PeView& receiver, const Fish& fish, size_t exportable_sparks, const Draw& draw,
                        const Parameters& parameters);
  // `pool` is the receiver's exportable sparks; the latency to the requester comes from receiver.knowledge when
  // there is one, else from the topology.
  size_t (*sparks_per_schedule)(const PeView& receiver, size_t requester, size_t pool, const Parameters& parameters);
  bool exchanges_speeds;  // PEs exchange CPU speeds at start-up (a start-up message cost)
  bool piggybacks_loads;  // messages carry load-table entries and PEs measure latencies (PeKnowledge)
};

const NamedRegistry<RuntimePolicy>& runtime_policies();
// The same registry, open to additions until the catalog freezes it: for what a plugin registers.
NamedRegistry<RuntimePolicy>& runtime_registry();

}  // namespace isogrid::gph
