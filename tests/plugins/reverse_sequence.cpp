// A plugin that adds a DLT service order: the workers as listed, last first. dlt-star with sequence: reverse on
// workers (A_i, C_i) must then give what sequence: given gives on the same workers listed in reverse.
#include "plugin/plugin.hpp"

#include <numeric>

namespace {

std::vector<size_t> last_first(const std::vector<isogrid::dlt::Worker>& workers)
{
  std::vector<size_t> order(workers.size());
  std::iota(order.rbegin(), order.rend(), size_t{0});
  return order;
}

}  // namespace

ISOGRID_PLUGIN(registrar)
{
  registrar.add_dlt_sequence("reverse", "the workers as listed, last first (tests/plugins/reverse_sequence.cpp)",
                             last_first);
}
