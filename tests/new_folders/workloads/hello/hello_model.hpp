#pragma once
// A model that exists only to prove that one folder adds one (tests/new_folders/README.md): a host greets `people`
// people with a greeting policy; the closed form is the policy's time, the simulation computes it on SimGrid.
#include "simulator/core/model_schema.hpp"

#include <string>

namespace isogrid::hello {

struct Params {
  long long people     = 3;
  std::string greeting = "one-by-one";
};

struct Metrics {
  double seconds;
};

const ModelSchema<Params, Metrics>& hello_schema();

}  // namespace isogrid::hello
