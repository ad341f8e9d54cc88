#pragma once
// Model "dlt-star": single-round divisible load on a one-port star (Drozdowski & Wielebski 2003).
#include "simulator/core/model.hpp"

#include <memory>

namespace isogrid::dlt {

std::unique_ptr<Model> make_dlt_star_model();

}  // namespace isogrid::dlt
