#pragma once
// What SimGrid would report for a grid spec, read off the spec itself. isogrid builds a grid spec through SimGrid's
// platform API from numbers its own reader has checked, so loading it into SimGrid only to list its hosts (in a
// worker process, before the first point) costs a whole platform build and tells nothing new: for 10 000 hosts
// that is a quarter of a second, and it grows with the square of the clusters (SimGrid 3.32 checks every new name
// against every zone). tests/grid_spec_facts_test.cpp holds these facts equal to SimGrid's own for every shipped
// grid spec.
#include "simulator/core/platform_facts.hpp"
#include "simulator/platform/grid_spec.hpp"

namespace isogrid {

// Hosts and clusters in natural name order, the link count as SimGrid counts it (a split-duplex link is two, plus
// SimGrid's loopback), and no route matrix: every host of a grid spec reaches every other by construction.
PlatformFacts grid_spec_facts(const GridSpec& spec);

}  // namespace isogrid
