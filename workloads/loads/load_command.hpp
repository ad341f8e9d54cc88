#pragma once
// `isogrid load GENERATOR --out DIR`: draws what a background-load generator makes (policies/loads/generators.hpp)
// for a few resources, writes each as a SimGrid profile file a platform can replay, the steps as load.csv, and a
// plot, so a user can look at a generator and reuse its output as a trace.
#include "simulator/core/catalog.hpp"

namespace isogrid::loads {

CommandEntry load_command();

}  // namespace isogrid::loads
