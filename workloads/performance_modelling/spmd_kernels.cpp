#include "workloads/performance_modelling/spmd_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace isogrid::modelling {

namespace {

double pd(std::size_t p) { return static_cast<double>(p); }

// Eigen (ScaLAPACK PDSYEV with eigenvectors): 27 N^3 flops in 30 steps; each step broadcasts along rows and columns
// of the process grid, 32 N^2 / sqrt(P) bytes per process over the run.
SpmdShape eigen(double n, std::size_t p)
{
  const std::size_t steps = 30;
  auto [rows, columns]    = process_grid(p);
  double peers            = pd(rows - 1 + columns - 1);
  double bytes            = peers > 0 ? 32 * n * n / std::sqrt(pd(p)) / steps / peers : 0;
  return {steps, 27 * n * n * n / pd(p) / steps, Pattern::RowColumn, bytes};
}

// 1-D FFT of N complex points, a batch of transforms: 6 000 N log2 N flops; three transposes, each moving a tenth
// of a batch's 16 N bytes per transform from every process to every other.
SpmdShape fft(double n, std::size_t p)
{
  const std::size_t steps = 3;
  return {steps, 6000 * n * std::log2(n) / pd(p) / steps, Pattern::AllToAll, 160 * n / (pd(p) * pd(p))};
}

// Conjugate gradient on a dense N x N system, row-striped: 6 000 iterations of a matrix-vector product (2 N^2),
// vector updates (10 N) and the all-gather of the vector (each process's N / P doubles to every other), simulated as
// 500 steps of 12 iterations whose all-gathers travel together (a step per iteration would cost the simulation 12
// times the events for the same times but latencies).
SpmdShape cg(double n, std::size_t p)
{
  return {500, 12 * (2 * n * n + 10 * n) / pd(p), Pattern::AllToAll, 12 * 8 * n / pd(p)};
}

// Molecular dynamics, systolic: 100 time steps of P stages; in a stage each process computes the forces between its
// N / P particles and the travelling N / P (4 200 flops per pair) and shifts the travellers (48 bytes each) right.
SpmdShape md(double n, std::size_t p)
{
  double local = n / pd(p);
  return {100 * p, 4200 * local * local, Pattern::Ring, 48 * local};
}

// Poisson by 2-D Jacobi on an N x N grid, 1-D decomposition: 3 000 iterations of 18 flops per point (a calibrated
// cost per point), each exchanging one row of N doubles with both neighbours; simulated as 1 000 steps of 3.
SpmdShape jacobi(double n, std::size_t p) { return {1000, 3 * 18 * n * n / pd(p), Pattern::Line, 3 * 8 * n}; }

// Integer sort of N keys, 100 rounds: a local sort (13 000 (N / P) log2(N / P) flops, a calibrated cost per key)
// and an all-to-all of 100 times each process's share of 4-byte keys.
SpmdShape integer_sort(double n, std::size_t p)
{
  double local = n / pd(p);
  return {100, 13000 * local * std::log2(std::max(local, 2.0)), Pattern::AllToAll, 400 * n / (pd(p) * pd(p))};
}

// SSOR with red-black ordering on an N x N grid over a 2-D process grid: 2 000 half sweeps of 250 flops per point
// (a calibrated cost), each exchanging a boundary of N / sqrt(P) doubles with the four neighbours; simulated as 500
// steps of 4.
SpmdShape ssor(double n, std::size_t p)
{
  return {500, 4 * 250 * n * n / 2 / pd(p), Pattern::Grid, 4 * 8 * n / std::sqrt(pd(p))};
}

}  // namespace

std::pair<std::size_t, std::size_t> process_grid(std::size_t p)
{
  std::size_t rows = 1;
  for (std::size_t r = 1; r * r <= p; ++r)
    if (p % r == 0)
      rows = r;
  return {rows, p / rows};
}

std::vector<Message> pattern_messages(Pattern pattern, std::size_t p)
{
  std::vector<Message> out;
  if (p < 2)
    return out;
  auto [rows, columns] = process_grid(p);
  auto at              = [columns = columns](std::size_t r, std::size_t c) { return r * columns + c; };
  switch (pattern) {
    case Pattern::Ring:
      for (std::size_t i = 0; i < p; ++i)
        out.push_back({i, (i + 1) % p});
      break;
    case Pattern::Line:
      for (std::size_t i = 0; i < p; ++i) {
        if (i > 0)
          out.push_back({i, i - 1});
        if (i + 1 < p)
          out.push_back({i, i + 1});
      }
      break;
    case Pattern::Grid:
      for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < columns; ++c) {
          if (r > 0)
            out.push_back({at(r, c), at(r - 1, c)});
          if (r + 1 < rows)
            out.push_back({at(r, c), at(r + 1, c)});
          if (c > 0)
            out.push_back({at(r, c), at(r, c - 1)});
          if (c + 1 < columns)
            out.push_back({at(r, c), at(r, c + 1)});
        }
      break;
    case Pattern::RowColumn:
      for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < columns; ++c) {
          for (std::size_t c2 = 0; c2 < columns; ++c2)
            if (c2 != c)
              out.push_back({at(r, c), at(r, c2)});
          for (std::size_t r2 = 0; r2 < rows; ++r2)
            if (r2 != r)
              out.push_back({at(r, c), at(r2, c)});
        }
      break;
    case Pattern::AllToAll:
      for (std::size_t i = 0; i < p; ++i)
        for (std::size_t j = 0; j < p; ++j)
          if (i != j)
            out.push_back({i, j});
      break;
  }
  return out;
}

const std::vector<SpmdKernel>& spmd_kernels()
{
  static const std::vector<SpmdKernel> kernels = {
      {"eigen", "ScaLAPACK eigenvalue problem (PDSYEV), 2-D block-cyclic: N^3 computation, N^2 row/column broadcasts",
       2000, 4800, 100, 9600, eigen},
      {"fft", "1-D FFT of N complex points, a batch of transforms: N log N computation, three all-to-all transposes",
       1e6, 8e6, 0.25e6, 16e6, fft},
      {"cg", "conjugate gradient, dense N x N, row-striped: N^2 matrix-vector products, vector all-gather", 2000, 8000,
       200, 16000, cg},
      {"md", "molecular dynamics, systolic ring: P stages of (N/P)^2 force computations and a shift to the right", 864,
       1728, 24, 3456, md},
      {"jacobi", "Poisson solver by 2-D Jacobi, 1-D decomposition: N^2 per iteration, halo rows to both neighbours",
       1000, 4000, 100, 8000, jacobi},
      {"is", "integer sort of N keys: local sorts and an all-to-all exchange", 182000, 300000, 4000, 384000,
       integer_sort},
      {"ssor", "SSOR, red-black, 2-D process grid: five-point stencil, halos to four neighbours", 720, 2160, 48, 2976,
       ssor},
  };
  return kernels;
}

std::vector<std::string> spmd_kernel_names()
{
  std::vector<std::string> names;
  for (const SpmdKernel& k : spmd_kernels())
    names.push_back(k.name);
  return names;
}

const SpmdKernel& spmd_kernel(const std::string& name)
{
  for (const SpmdKernel& k : spmd_kernels())
    if (k.name == name)
      return k;
  throw std::out_of_range("no SPMD kernel " + name);
}

DedicatedTime dedicated_time(const SpmdShape& shape, std::size_t p, const DedicatedCluster& cluster)
{
  DedicatedTime t;
  double steps                  = static_cast<double>(shape.iterations);
  t.computation                 = steps * shape.flops / cluster.speed;
  std::vector<Message> messages = pattern_messages(shape.pattern, p);
  if (messages.empty())
    return t;
  std::vector<std::size_t> sent(p, 0), received(p, 0);
  for (const Message& m : messages) {
    ++sent[m.from];
    ++received[m.to];
  }
  std::size_t k =
      std::max(*std::max_element(sent.begin(), sent.end()), *std::max_element(received.begin(), received.end()));
  t.communication =
      steps * (2 * cluster.latency + std::floor(shape.bytes) * static_cast<double>(k) / cluster.bandwidth);
  return t;
}

}  // namespace isogrid::modelling
