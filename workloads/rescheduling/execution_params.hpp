#pragma once
// What executing a rescheduling plan on SimGrid needs beyond the plan (malleable_run.hpp), declared and checked
// once for both rescheduling models: the checkpoint the application registers, the storage host that holds it, and
// the relaunch of the processes that SimGrid cannot simulate.
#include "simulator/core/model_schema.hpp"
#include "simulator/sg/session.hpp"

#include <fmt/format.h>

namespace isogrid::rescheduling {

template <class P, class M>
void declare_execution(ModelSchema<P, M>& s)
{
  s.param("checkpoint_mb", &P::checkpoint_mb,
          "the data the application registers for a checkpoint: executed runs write it to the storage host at each "
          "reschedule and read it back (rescheduling-grid's predicted moves also carry it over the wide-area link)")
      .non_negative()
      .unit("MB")
      .label("checkpoint size");
  s.param("restart", &P::restart,
          "executed runs: launching the processes again after a checkpoint, the part of a reschedule SimGrid does "
          "not simulate (the writes, moves and reads are simulated)")
      .non_negative()
      .unit("s")
      .label("restart time");
  s.param("storage_gb", &P::storage_gb,
          "executed runs: the capacity of each cluster's checkpoint storage host (its link runs at the cluster's link "
          "capacity)")
      .positive()
      .unit("GB")
      .label("checkpoint storage capacity");
  // Executed plans are held against Eq. 5.2: network times must be volume / bandwidth exactly.
  s.simgrid(sg::exact_network_config());
}

template <class P>
void check_execution(const P& p)
{
  if (p.checkpoint_mb > p.storage_gb * 1000)
    throw ParamError("checkpoint_mb", fmt::format("a {} MB checkpoint does not fit a {} GB storage host (storage_gb)",
                                                  p.checkpoint_mb, p.storage_gb));
}

}  // namespace isogrid::rescheduling
