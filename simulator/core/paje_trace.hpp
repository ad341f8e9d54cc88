#pragma once
// A recorded timeline as a Pajé trace, the text format ViTE draws and pajeng's pj_dump reads (Debian's `vite` and
// `pajeng`): what SimGrid's own tracing writes, so that a researcher's usual viewers open isogrid's timelines.
//
// Containers: under the root, one per group of the timeline (its panel: a run's PEs, a strategy's stream, the
// star), and under each, one per resource (its row: a host, a link, an actor, as the model names it; named
// "group: resource" when there are several groups, as pj_dump tells containers apart by name alone). When the model
// declared its rows' zones (Timeline::row), a container per zone stands between a group's and its rows'. An interval
// is a state of its resource's container (pushed at its start, popped at its end), a level a variable of its
// resource's container (one variable type per quantity). A resource whose intervals overlap (a GpH PE holds many
// sparks at once) cannot hold them as states, which nest: it gets a variable instead, how many of its intervals are
// open, one per state. Intervals of no duration are left out (a state must last). Times are the timeline's, in
// seconds or the model's normalised units.
#include "simulator/core/timeline.hpp"

#include <ostream>

namespace isogrid {

void write_paje(const Timeline& timeline, std::ostream& out);

}  // namespace isogrid
