#pragma once
// "gph-runtime": a GpH program under a GUM-family runtime (GUM, GRID-GUM1, GRID-GUM1.1, GRID-GUM2) on the PEs a
// configuration string selects (Al Zain, Trinder, Michaelson, Loidl, IEEE TPDS 2008). Its parameters and metrics,
// declared once in gph_runtime_schema().
#include "policies/gph/parameters.hpp"
#include "simulator/core/model_schema.hpp"

#include <cstddef>
#include <memory>
#include <string>

namespace isogrid::gph {

// GRID-GUM1.1: who enforces "no work from a faster PE unless it is the main PE".
enum class FilterSide { Sender, Receiver };
// GRID-GUM2: where a PE without work passes a fish on.
enum class Forwarding { Informed, Blind };

// symbol -> cluster, as the paper's Tables 2 and 7 use them (E is Edin2 in its Tables 3, 4 and 8).
Mapping paper_alphabet();

struct GphParams {
  std::string platform;
  std::string configuration = "FFSSS";
  Mapping alphabet          = paper_alphabet();
  std::string program       = "parFib";
  Mapping program_parameters;
  double work_scale   = 1;
  std::string runtime = "grid-gum2";
  // GUM's constants: their defaults are the runtime's own (policies/gph/parameters.hpp), declared there once.
  double fish_delay    = Parameters{}.fish_delay;
  double poll_interval = Parameters{}.poll_interval;
  bool keep_last_spark = Parameters{}.keep_last_spark;
  unsigned fish_life = Parameters{}.fish_life_expectancy, max_fishes = Parameters{}.max_fishes;
  bool gum_bias       = Parameters{}.gum_bias;
  double packet_bytes = 4096, header_bytes = 32;
  std::size_t max_local_sparks = 4096;
  // GRID-GUM1.1 and 2.
  FilterSide gg11_filter       = FilterSide::Sender;
  LoadMeasure gg2_load         = LoadMeasure::ExportableSparks;
  double gg2_threshold         = 0;
  bool gg2_own_cluster         = true;
  NoCandidate gg2_no_candidate = NoCandidate::RandomFish;
  Forwarding gg2_forwarding    = Forwarding::Informed;
  std::size_t gg2_piggyback = 4, gg2_k_max = Parameters{}.gg2.k_max;
  double gg2_latency_threshold = Parameters{}.gg2.latency_threshold;
  bool gg2_static              = Parameters{}.gg2.static_rule;
  double reference_flops = 534e6, time_limit = 1e6;
};

// The metric columns, in order; each is documented in the schema.
struct GphMetrics {
  double runtime, speedup, speedup_fastest, speedup_slowest, efficiency;
  double pes, mean_cpu, sd_cpu, mean_latency, sd_latency, main_pe;  // the configuration, as the tables print it
  double threads, sparks, absorbed, shipped;
  double fish, schedule, ack, fetch, resume, messages;  // messages by kind
  double input_fetches;
  double steals, steal_work_p10, steal_work_median, steal_work_p90, stolen_share;  // the grain of stolen sparks
  double comm_degree, packet_size, payload_size, busy_share, completed;
};

const ModelSchema<GphParams, GphMetrics>& gph_runtime_schema();
std::unique_ptr<Model> make_gph_runtime_model();

}  // namespace isogrid::gph
