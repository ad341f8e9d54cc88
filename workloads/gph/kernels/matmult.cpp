#include "workloads/gph/kernels/matmult.hpp"

#include "workloads/gph/kernels/kernel_support.hpp"

#include <cmath>
#include <fmt/format.h>
#include <stdexcept>
#include <vector>

namespace isogrid::gph {

namespace {

using P = MatMultParameters;

// Every parameter, in the order make_kernel reads them, with its bounds: parameters(), the registry entry and the
// checks of a kernel's values derive from it.
void declare(ParamTable<P>& t)
{
  t.param("n", &P::n, "matrix order").at_least(1).label("matrix order n").unitless();
  t.param("blocks", &P::blocks, "blocks per side of C; blocks² sparks").at_least(1).label("blocks per side").unitless();
  t.param("serial_fraction", &P::serial_fraction, "the root's own share of the total work (half before, half after)")
      .non_negative()
      .below(1)
      .label("serial fraction")
      .unitless();
  t.param("madd_seconds", &P::madd_seconds, "reference-PE seconds per multiply-add (Table 1: 916.3 s for n = 360)")
      .non_negative()
      .label("time per multiply-add")
      .unit("s");
  t.param("entry_bytes", &P::entry_bytes, "packed bytes per matrix entry")
      .non_negative()
      .label("matrix entry size")
      .unit("B");
  t.param("packet_bytes", &P::packet_bytes, "bytes of a block's thunk (Table 6)")
      .non_negative()
      .label("block thunk size")
      .unit("B");
  t.param("fetch_bytes", &P::fetch_bytes,
          "input bytes one fetch from the main PE brings (Table 6); 0: the inputs travel with the block's spark")
      .non_negative()
      .label("input fetch size")
      .unit("B");
}

const ParamTable<P>& table() { return table_of(declare); }

}  // namespace

MatMult::MatMult(MatMultParameters p) : p_(p)
{
  check_declared(name(), table(), p_);
  require(p_.blocks <= p_.n, name(), "need 1 <= blocks <= n");
}

int MatMult::block_size(int index) const
{
  if (index < 0 || index >= p_.blocks)
    throw std::out_of_range(fmt::format("gph matMult: no block row {}", index));
  auto bound = [this](int i) { return static_cast<int>(static_cast<int64_t>(i) * p_.n / p_.blocks); };
  return bound(index + 1) - bound(index);
}

double MatMult::serial_work() const
{
  double n = p_.n;
  return n * n * n * p_.madd_seconds * p_.serial_fraction / (1 - p_.serial_fraction);
}

double MatMult::sequential_work() const
{
  double n = p_.n;
  return n * n * n * p_.madd_seconds + serial_work();
}

uint64_t MatMult::spark_count() const { return static_cast<uint64_t>(p_.blocks) * static_cast<uint64_t>(p_.blocks); }

ProgramParameters MatMult::parameters() const { return parameter_values(p_, table()); }

Node MatMult::expand(const NodeKey& key) const
{
  Node node;
  double n = p_.n;
  if (key == root()) {
    node.before = node.after = serial_work() / 2;
    for (int i = 0; i < p_.blocks; ++i)
      for (int j = 0; j < p_.blocks; ++j)
        node.sparked.push_back({1, i, j});
    node.result_bytes = n * n * p_.entry_bytes;
    node.graph_bytes  = p_.packet_bytes;
    return node;
  }
  if (key.a != 1 || key.b < 0 || key.b >= p_.blocks || key.c < 0 || key.c >= p_.blocks)
    bad_key(name(), key);
  double rows = block_size(static_cast<int>(key.b)), cols = block_size(static_cast<int>(key.c));
  node.before       = rows * cols * n * p_.madd_seconds;
  node.result_bytes = rows * cols * p_.entry_bytes;
  if (p_.fetch_bytes == 0) {
    node.graph_bytes = p_.packet_bytes + (rows + cols) * n * p_.entry_bytes;
    return node;
  }
  // Row block b of A and column block c of B stay on the main PE, which built them; a PE fetches each once.
  auto fetches = [&](double lines) {
    return static_cast<std::uint32_t>(std::ceil(lines * n * p_.entry_bytes / p_.fetch_bytes));
  };
  node.graph_bytes   = p_.packet_bytes;
  node.fetch_bytes   = p_.fetch_bytes;
  node.shared_inputs = {{static_cast<std::uint64_t>(key.b), fetches(rows)},
                        {static_cast<std::uint64_t>(p_.blocks + key.c), fetches(cols)}};
  return node;
}

KernelSpec matmult_spec() { return kernel_spec<MatMult>("matMult", {916.3, 292.6, 5.0, 144, 208.9}, table()); }

}  // namespace isogrid::gph
