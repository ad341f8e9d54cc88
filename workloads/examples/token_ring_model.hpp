#pragma once
// "token-ring": the smallest complete isogrid model, kept as the walkthrough of docs/architecture.md. A token of
// `token_bytes` goes `laps` times around a ring of hosts; each host computes `work_flops` when the token arrives,
// then passes it on over its own link. Both faces: the closed form and the ring on SimGrid.
#include "simulator/core/model_schema.hpp"

#include <memory>

namespace isogrid::examples {

// Declared once: the member types give the kinds, the initialisers the defaults.
struct TokenRingParams {
  long long hosts = 4, laps = 1;
  double token_bytes = 1e6, work_flops = 1e9;
  NumberOrList speed     = 1e9;     // flop/s: one for all hosts, or one per host
  NumberOrList bandwidth = 1.25e8;  // byte/s: link i joins host i and host i + 1
  double latency         = 1e-4;
};

struct TokenRingMetrics {
  double lap_time, makespan, hops;
};

const ModelSchema<TokenRingParams, TokenRingMetrics>& token_ring_schema();
std::unique_ptr<Model> make_token_ring_model();

}  // namespace isogrid::examples
