// One run of one program on one configuration per point. The paper's statistics over runs (median of 3, mean of 50
// with its coefficient of variation) come from the experiment's repetitions: each repetition draws its own seed,
// which drives every PE's random fishing.
#include "workloads/gph/gph_model.hpp"

#include "base/quantile.hpp"
#include "base/random.hpp"
#include "policies/gph/runtime_policies.hpp"
#include "simulator/core/platform_use.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/typed_model.hpp"
#include "simulator/sg/grid_builder.hpp"
#include "simulator/sg/platform_check.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/gph/gph_layout.hpp"
#include "workloads/gph/gum_skeleton.hpp"
#include "workloads/gph/kernels.hpp"
#include "workloads/gph/program_overrides.hpp"
#include "workloads/loads/platform_loads.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <map>
#include <numeric>
#include <optional>

namespace isogrid::gph {

using Params  = GphParams;
using Metrics = GphMetrics;

Mapping paper_alphabet()
{
  Mapping m;
  for (auto [symbol, cluster] : {std::pair{"F", "Edin3"}, {"S", "SBC"}, {"E", "Edin1"}, {"E2", "Edin2"}, {"M", "Muni"}})
    m.entries.emplace_back(symbol, std::string(cluster));
  return m;
}

namespace {

std::vector<std::string> kernel_names() { return kernels().names(); }

}  // namespace

namespace {

void declare(ModelSchema<Params, Metrics>& s)
{
  s.describe("gph-runtime",
             "A GpH program (parFib, sumEuler, queens, raytracer, matMult, linSolv) under GUM, GRID-GUM1, "
             "GRID-GUM1.1 or GRID-GUM2 on the PEs of a configuration string: simulated sparks, threads, "
             "FISH/SCHEDULE/ACK/FETCH/RESUME",
             "A. D. Al Zain, P. W. Trinder, G. J. Michaelson, H.-W. Loidl, Evaluating a high-level parallel language "
             "(GpH) for computational GRIDs, IEEE TPDS 19(2), 2008");
  s.param("platform", &Params::platform,
          "YAML grid spec or SimGrid XML platform whose clusters have an mhz property (platforms/gph-beowulf.yaml)")
      .platform()
      .required()
      .label("platform");
  s.param("configuration", &Params::configuration,
          "the PEs, as the paper writes them: FFSSS, 1E4M, 5E2,30E,6M; the first PE is where GRID-GUM1 starts")
      .label("configuration");
  s.param("alphabet", &Params::alphabet,
          "symbol: cluster pairs, e.g. {F: Edin3, S: SBC}; E is Edin2 in the paper's Tables 3, 4 and 8")
      .entries(ParamKind::Text)
      .label("alphabet");
  s.param("program", &Params::program, "the kernel (workloads/gph/kernels)").choices(kernel_names()).label("program");
  s.param("program_parameters", &Params::program_parameters,
          "kernel parameters overriding its defaults, e.g. {n: 45, threshold: 21}, or per program: {queens: {depth: "
          "1}, raytracer: {work_scale: 1.95}} (work_scale applies to every kernel)")
      .entries(ParamKind::Real, 2)
      .allow_empty()
      .label("program parameters")
      .unitless();
  s.param("work_scale", &Params::work_scale,
          "multiplies every node's work: a larger input of the same shape (the paper's tables use different input "
          "sizes)")
      .positive()
      .label("work scale")
      .unitless();
  s.param("runtime", &Params::runtime, "the runtime's load distribution")
      .policy(runtime_policies())
      .label("runtime system");

  s.param("fish_delay", &Params::fish_delay,
          "FISH_DELAY: s an idle PE waits after its own fish came back empty (GUM's 1000, read as ms)")
      .non_negative()
      .label("FISH delay")
      .unit("s");
  s.param("poll_interval", &Params::poll_interval,
          "a busy PE handles messages at scheduler entry: when its thread blocks or finishes, or at this timer tick "
          "(s; GHC 4: 0.01, GHC 5: 0.02, the default, 2006: 0.05); 0: on arrival")
      .non_negative()
      .label("poll interval")
      .unit("s");
  s.param("keep_last_spark", &Params::keep_last_spark,
          "Sparks.c findSpark: a PE with no thread running or runnable keeps its only spark from a FISH")
      .label("keep last spark")
      .unitless();
  s.param("fish_life", &Params::fish_life, "FISH_LIFE_EXPECTANCY: hops before a fish is sent home")
      .at_least(1)
      .label("FISH life expectancy")
      .unitless();
  s.param("max_fishes", &Params::max_fishes, "MAX_FISHES: fishes one PE may have out")
      .at_least(1)
      .label("outstanding FISHes per PE")
      .unitless();
  s.param("gum_bias", &Params::gum_bias, "choosePE's r == self -> r + 1, which favours the PE after self")
      .label("choosePE bias")
      .unitless();
  s.param("packet_bytes", &Params::packet_bytes,
          "GUM's pack buffer: a larger transfer goes in packets, each fetched by one round trip")
      .positive()
      .bytes()
      .label("packet size");
  s.param("header_bytes", &Params::header_bytes, "every message's envelope")
      .non_negative()
      .bytes()
      .label("message header size");
  s.param("max_local_sparks", &Params::max_local_sparks, "maxLocalSparks: sparks beyond it are discarded")
      .at_least(1)
      .label("max local sparks")
      .unitless();
  s.param("gg11_filter", &Params::gg11_filter,
          "GRID-GUM1.1: who enforces 'no work from a faster PE unless it is the main PE'")
      .words({{"sender", FilterSide::Sender}, {"receiver", FilterSide::Receiver}})
      .label("GRID-GUM1.1 filter side");
  s.param("gg2_load", &Params::gg2_load, "GRID-GUM2: what a PE publishes as its load")
      .words({{"sparks", LoadMeasure::ExportableSparks},
              {"sparks+threads", LoadMeasure::SparksAndThreads},
              {"busy", LoadMeasure::Busy}})
      .label("GRID-GUM2 load measure");
  s.param("gg2_threshold", &Params::gg2_threshold,
          "GRID-GUM2 (P1): least load / speed (load per Mf) a PE needs to be fished; 0: any loaded PE")
      .non_negative()
      .label("GRID-GUM2 load threshold")
      .unit("1/Mf");
  s.param("gg2_own_cluster", &Params::gg2_own_cluster, "GRID-GUM2 (P2): loaded PEs of the fisher's own cluster first")
      .label("GRID-GUM2 own cluster first")
      .unitless();
  s.param("gg2_no_candidate", &Params::gg2_no_candidate, "GRID-GUM2: what a PE does when it knows no loaded PE")
      .words({{"random-fish", NoCandidate::RandomFish}, {"wait", NoCandidate::Wait}})
      .label("GRID-GUM2 no-candidate action");
  s.param("gg2_forwarding", &Params::gg2_forwarding, "GRID-GUM2: where a PE without work passes a fish on")
      .words({{"informed", Forwarding::Informed}, {"blind", Forwarding::Blind}})
      .label("GRID-GUM2 FISH forwarding");
  s.param("gg2_piggyback", &Params::gg2_piggyback,
          "GRID-GUM2: load entries per message, the most recent first (0: every known one)")
      .label("GRID-GUM2 piggy-backed entries")
      .unitless();
  s.param("gg2_k_max", &Params::gg2_k_max, "GRID-GUM2 (P3): most sparks for one remote FISH")
      .at_least(1)
      .label("GRID-GUM2 sparks per FISH k_max")
      .unitless();
  s.param("gg2_latency_threshold", &Params::gg2_latency_threshold,
          "GRID-GUM2 (P3): a requester farther than this (s) gets several sparks")
      .non_negative()
      .label("GRID-GUM2 latency threshold")
      .unit("s");
  s.param("gg2_static", &Params::gg2_static,
          "GRID-GUM2 also applies GRID-GUM1.1's static rule: no work from a faster PE unless it is the main PE (the "
          "paper calls GRID-GUM1.1 GRID-GUM2 with static information only; off: with it GRID-GUM2 loses Table 11)")
      .label("GRID-GUM2 static rule")
      .unitless();
  s.param("reference_flops", &Params::reference_flops,
          "speed of the PE that program work is counted on (Edin1 in gph-beowulf.yaml)")
      .positive()
      .label("reference PE speed")
      .unit("flop/s");
  s.param("time_limit", &Params::time_limit, "simulated s after which an unfinished run is stopped")
      .positive()
      .label("time limit")
      .unit("s");

  s.metric("runtime", &Metrics::runtime,
           "predicted: sequential work over the PEs' summed speed (no overhead); simulated: until the main thread "
           "finished",
           "s")
      .label("runtime");
  s.metric("speedup", &Metrics::speedup, "sequential runtime on the main PE / runtime").label("speedup").unitless();
  s.metric("speedup_fastest", &Metrics::speedup_fastest,
           "sequential runtime on the fastest cluster the alphabet names / runtime (Table 2: F)")
      .label("speedup over fastest cluster")
      .unitless();
  s.metric("speedup_slowest", &Metrics::speedup_slowest,
           "sequential runtime on the slowest cluster the alphabet names / runtime (Table 2: S)")
      .label("speedup over slowest cluster")
      .unitless();
  s.metric("efficiency", &Metrics::efficiency, "sequential work / (summed PE speed x runtime)")
      .label("efficiency")
      .unitless();
  s.metric("pes", &Metrics::pes, "PEs in the configuration").label("PEs").unitless();
  s.metric("mean_cpu", &Metrics::mean_cpu, "mean clock rate of the PEs (the tables' Mean CPU)", "MHz")
      .label("mean CPU");
  s.metric("sd_cpu", &Metrics::sd_cpu, "population SD of the clock rates", "MHz").label("CPU clock SD");
  s.metric("mean_latency", &Metrics::mean_latency, "mean latency over unordered PE pairs (the tables' Mean Latency)",
           "ms")
      .label("mean latency");
  s.metric("sd_latency", &Metrics::sd_latency, "population SD of the pair latencies", "ms").label("latency SD");
  s.metric("main_pe", &Metrics::main_pe, "where the main thread ran (0 = the first PE of the configuration)")
      .label("main PE")
      .unitless();
  s.metric("threads", &Metrics::threads, "threads created (sparks activated, plus the main thread)")
      .label("threads")
      .unitless();
  s.metric("sparks", &Metrics::sparks, "sparks created").label("sparks").unitless();
  s.metric("absorbed", &Metrics::absorbed, "sparks evaluated by the thread that demanded them")
      .label("absorbed sparks")
      .unitless();
  s.metric("shipped", &Metrics::shipped, "sparks sent in SCHEDULEs").label("shipped sparks").unitless();
  s.metric("fish", &Metrics::fish, "FISH messages sent (new and forwarded)").label("FISH messages").unitless();
  s.metric("schedule", &Metrics::schedule, "SCHEDULE messages").label("SCHEDULE messages").unitless();
  s.metric("ack", &Metrics::ack, "ACK messages").label("ACK messages").unitless();
  s.metric("fetch", &Metrics::fetch, "FETCH messages, including those fetching the packets of a large transfer")
      .label("FETCH messages")
      .unitless();
  s.metric("resume", &Metrics::resume, "RESUME messages, including the packets of a large transfer")
      .label("RESUME messages")
      .unitless();
  s.metric("messages", &Metrics::messages, "every message sent").label("messages").unitless();
  s.metric("input_fetches", &Metrics::input_fetches,
           "synchronous fetches of the program's input from the main PE (each a FETCH, a RESUME and its ACK)")
      .label("input fetches")
      .unitless();
  s.metric("steals", &Metrics::steals, "threads that evaluated a spark received in a SCHEDULE (stolen sparks)")
      .label("steals")
      .unitless();
  s.metric("steal_work_p10", &Metrics::steal_work_p10,
           "10th percentile of the work a stolen spark's thread did on the PE that stole it (its own sparks shipped "
           "on excluded), reference-PE seconds",
           "s")
      .label("stolen work, 10th percentile");
  s.metric("steal_work_median", &Metrics::steal_work_median, "median of the same: the grain a steal brings", "s")
      .label("stolen work, median");
  s.metric("steal_work_p90", &Metrics::steal_work_p90, "90th percentile of the same", "s")
      .label("stolen work, 90th percentile");
  s.metric("stolen_share", &Metrics::stolen_share,
           "the stolen sparks' threads' work over the program's sequential work: the share of the program that moved")
      .label("stolen share of work")
      .unitless();
  s.metric("comm_degree", &Metrics::comm_degree, "messages per second of runtime per PE (Table 6)", "msgs/s")
      .label("communication degree");
  s.metric("packet_size", &Metrics::packet_size,
           "mean bytes on the wire per message: envelope, graph, acknowledged addresses and piggy-backed loads", "B")
      .label("mean packet size");
  s.metric("payload_size", &Metrics::payload_size,
           "mean graph payload per message, Table 6's Aver. Pkt Size as GUM counts it (the same under both runtimes "
           "in the paper; parFib's 5.6 bytes is below any envelope)",
           "B")
      .label("mean payload size");
  s.metric("busy_share", &Metrics::busy_share, "time PEs spent computing / (PEs x runtime)")
      .label("busy share")
      .unitless();
  s.metric("completed", &Metrics::completed, "1 when the program finished within time_limit")
      .label("completed")
      .unitless();
  s.primary(&Metrics::runtime);
  s.simgrid(sg::exact_network_config());
}

}  // namespace

const ModelSchema<Params, Metrics>& gph_runtime_schema() { return schema_of(declare); }

namespace {

Parameters policy_parameters(const Params& p)
{
  Parameters r;
  r.fish_delay           = p.fish_delay;
  r.poll_interval        = p.poll_interval;
  r.keep_last_spark      = p.keep_last_spark;
  r.fish_life_expectancy = p.fish_life;
  r.max_fishes           = p.max_fishes;
  r.gum_bias             = p.gum_bias;
  r.gg11_receiver_side   = p.gg11_filter == FilterSide::Receiver;
  r.gg2.load             = p.gg2_load;
  // Topology speeds are in flop/s: the threshold is per Mf.
  r.gg2.relative_load_threshold = p.gg2_threshold / 1e6;
  r.gg2.prefer_own_cluster      = p.gg2_own_cluster;
  r.gg2.fallback                = p.gg2_no_candidate;
  r.gg2.informed_forwarding     = p.gg2_forwarding == Forwarding::Informed;
  r.gg2.piggyback_entries       = p.gg2_piggyback;
  r.gg2.k_max                   = p.gg2_k_max;
  r.gg2.latency_threshold       = p.gg2_latency_threshold;
  r.gg2.static_rule             = p.gg2_static;
  return r;
}

// The alphabet as the configuration parser reads it, each symbol's cluster checked against the platform.
Alphabet alphabet_of(const Params& p, const ClusterTable& clusters)
{
  Alphabet alphabet;
  for (const auto& [symbol, cluster] : p.alphabet.entries) {
    const std::string& name = std::get<std::string>(cluster);
    try {
      clusters.index_of(name);
    } catch (const std::invalid_argument& e) {
      throw ParamError("alphabet", e.what(), {symbol});
    }
    alphabet.emplace(symbol, name);
  }
  return alphabet;
}

// What both faces share: the PEs, the program and the main PE, the latter drawn from the point's seed.
struct Decisions {
  GphLayout layout;
  std::unique_ptr<Program> program;
  double work_unit  = 0;             // flop per reference-PE second of program work
  double work_scale = 1;             // the input's size against the kernel's own
  std::optional<Topology> topology;  // set with the decisions (a Topology has no empty state)
  size_t main_pe = 0;
  uint64_t seed  = 0;
};

void lay_out(const Params& p, Decisions& decisions)
{
  ClusterTable clusters;
  try {
    if (is_grid_spec_file(p.platform)) {
      const GridSpec& spec = cached_grid_spec(p.platform);
      if (spec.clusters.empty())
        throw ParamError("platform", spec.file + " is a star; GpH configurations name clusters");
      clusters = cluster_table(spec);
    } else {
      clusters = cluster_table(
          sg::probe_platform(p.platform, loads::resolver()));  // probed at load; a worker inherits the copy
    }
  } catch (const ParamError&) {
    throw;
  } catch (const std::invalid_argument& e) {
    throw ParamError("platform", e.what());
  }
  Alphabet alphabet = alphabet_of(p, clusters);
  try {
    decisions.layout = make_layout(std::move(clusters), p.configuration, alphabet);
  } catch (const std::invalid_argument& e) {
    throw ParamError("configuration", e.what());
  }
  check_program_overrides(p.program_parameters, p.program);
  ProgramParameters overrides = overrides_for(p.program_parameters, p.program);
  double scale                = p.work_scale;
  if (auto it = overrides.find("work_scale"); it != overrides.end()) {
    scale *= it->second;
    overrides.erase(it);
  }
  try {
    decisions.program = make_kernel(p.program, overrides);
  } catch (const std::invalid_argument& e) {
    throw ParamError("program_parameters", e.what());
  }
  decisions.work_unit  = p.reference_flops * scale;
  decisions.work_scale = scale;
}

// The figures both faces share: the configuration as the tables describe it and the sequential baselines.
void fill_common(const Decisions& decisions, double runtime, size_t main_pe, Metrics& out)
{
  const GphLayout& l = decisions.layout;
  double work_unit   = decisions.work_unit;
  double work        = decisions.program->sequential_work();
  double total_rate  = 0;
  for (double f : l.pe_flops)
    total_rate += f / work_unit;
  double fastest = 0, slowest = std::numeric_limits<double>::infinity();
  for (size_t c : l.alphabet_clusters) {
    fastest = std::max(fastest, l.clusters.speed[c]);
    slowest = std::min(slowest, l.clusters.speed[c]);
  }
  out.runtime         = runtime;
  out.speedup         = work / (l.pe_flops[main_pe] / work_unit) / runtime;
  out.speedup_fastest = work / (fastest / work_unit) / runtime;
  out.speedup_slowest = work / (slowest / work_unit) / runtime;
  out.efficiency      = work / total_rate / runtime;
  out.pes             = static_cast<double>(l.pe_cluster.size());
  out.mean_cpu        = l.summary.mean_mhz;
  out.sd_cpu          = l.summary.sd_mhz;
  out.mean_latency    = l.summary.mean_latency_ms;
  out.sd_latency      = l.summary.sd_latency_ms;
  out.main_pe         = static_cast<double>(main_pe);
}

// What stolen sparks brought: their count, their grain's spread, and the share of the program's work that moved.
// Work is counted in program units (reference-PE seconds of the kernel's own input): `work_scale` turns it into
// reference-PE seconds of this run.
void fill_steal_grain(std::vector<double> stolen, double sequential_work, double work_scale, Metrics& o)
{
  std::sort(stolen.begin(), stolen.end());
  double moved        = std::accumulate(stolen.begin(), stolen.end(), 0.0);
  o.steals            = static_cast<double>(stolen.size());
  o.steal_work_p10    = quantile_of_sorted(stolen, 0.1) * work_scale;
  o.steal_work_median = median_of_sorted(stolen) * work_scale;
  o.steal_work_p90    = quantile_of_sorted(stolen, 0.9) * work_scale;
  o.stolen_share      = moved / sequential_work;
}

class GphRuntimeModel : public TypedModel<Params, Metrics, Decisions> {
public:
  GphRuntimeModel() : TypedModel(gph_runtime_schema()) {}

protected:
  void check(const Params& p) const override
  {
    Decisions decisions;
    lay_out(p, decisions);
  }

  // The PEs' hosts, and the routes between PEs: a cluster's first two PEs, and every two clusters' first PEs, both
  // ways (the PEs of one cluster share their routes' kind).
  void check_on_platform(const Params& p, const PlatformFacts& platform) const override
  {
    Decisions decisions;
    lay_out(p, decisions);
    const GphLayout& l        = decisions.layout;
    const PlatformNeeds needs = PlatformNeeds::any_capacity();
    std::map<size_t, std::vector<std::string>> by_cluster;
    for (size_t pe = 0; pe < l.pe_host.size(); ++pe) {
      if (std::string why = unusable_host(platform, l.pe_host[pe], needs); !why.empty())
        throw ParamError("configuration", fmt::format("{}, which runs PE {}", why, pe));
      if (by_cluster[l.pe_cluster[pe]].size() < 2)
        by_cluster[l.pe_cluster[pe]].push_back(l.pe_host[pe]);
    }
    for (const auto& [a, hosts_a] : by_cluster)
      for (const auto& [b, hosts_b] : by_cluster) {
        if (a == b && hosts_a.size() < 2)
          continue;
        const std::string& to = a == b ? hosts_a[1] : hosts_b[0];
        if (std::string why = unusable_route(platform, hosts_a[0], to, needs); !why.empty())
          throw ParamError("configuration", fmt::format("{}, between two of its PEs", why));
      }
  }

  Decisions decide(const Params& p, const PointInfo& at, const SimulationContext&) const override
  {
    Decisions decisions;
    lay_out(p, decisions);
    decisions.topology = decisions.layout.topology();
    decisions.seed     = at.seed;
    // A random main PE (GUM) draws from the point's seed, apart from the PEs' own streams. The one stream that
    // took its salt unmixed, kept so: its results were produced so.
    constexpr StreamSalt kMainPe{"main PE", 0x6d61696e5045ULL};
    SeededRandom rng(at.seed ^ kMainPe.salt);
    decisions.main_pe = runtime_policies().get(p.runtime).main_pe(*decisions.topology, [&rng] { return rng.next(); });
    return decisions;
  }

  void predict(const Params&, const Decisions& decisions, Face<Metrics>& out) const override
  {
    double rate = 0;
    for (double f : decisions.layout.pe_flops)
      rate += f / decisions.work_unit;
    fill_common(decisions, decisions.program->sequential_work() / rate, decisions.main_pe, out);
  }

  void simulate(const Params& p, Decisions& decisions, const SimulationContext& context,
                Face<Metrics>& o) const override
  {
    const RuntimePolicy& policy = runtime_policies().get(p.runtime);
    sg::Session session(context.simgrid_config, context.simgrid_logs);
    if (is_grid_spec_file(p.platform))
      sg::build_grid(cached_grid_spec(p.platform), loads::point_loads(decisions.seed));
    else
      sg::load_platform(p.platform, loads::point_loads(decisions.seed));
    GumRun run;
    run.setup.program          = decisions.program.get();
    run.setup.topology         = &*decisions.topology;
    run.setup.policy           = &policy;
    run.setup.parameters       = policy_parameters(p);
    run.setup.main_pe          = decisions.main_pe;
    run.setup.packet_bytes     = p.packet_bytes;
    run.setup.header_bytes     = p.header_bytes;
    run.setup.max_local_sparks = p.max_local_sparks;
    run.setup.fetch_scale      = decisions.work_scale;
    for (size_t pe = 0; pe < decisions.topology->pes(); ++pe) {
      run.setup.work_rate.push_back(decisions.layout.pe_flops[pe] / decisions.work_unit);
      run.hosts.push_back(sg::host_by_name(decisions.layout.pe_host[pe]));
    }
    run.seed       = decisions.seed;
    run.time_limit = p.time_limit;
    if (context.timeline) {
      run.timeline = context.timeline;
      for (size_t pe = 0; pe < decisions.topology->pes(); ++pe) {
        const std::string& cluster = decisions.layout.clusters.names[decisions.layout.pe_cluster[pe]];
        run.pe_names.push_back(fmt::format("pe {} {}{}", pe, cluster, pe == decisions.main_pe ? " (main)" : ""));
        run.pe_zones.push_back(cluster);
      }
    }
    launch_gum(run);
    session.run();

    o.completed = run.completed ? 1 : 0;
    if (!run.completed) {
      o.note = fmt::format("not finished after {} simulated s (time_limit)", run.time_limit);
      return;
    }
    fill_common(decisions, run.makespan, run.setup.main_pe, o);
    PeStatistics total;
    std::vector<double> stolen;  // every PE's stolen-spark threads' work, in PE order
    for (const PeStatistics& st : run.statistics) {
      stolen.insert(stolen.end(), st.stolen_work.begin(), st.stolen_work.end());
      total.messages += st.messages;
      total.threads += st.threads;
      total.sparks += st.sparks;
      total.absorbed += st.absorbed;
      total.shipped += st.shipped;
      total.input_fetches += st.input_fetches;
      total.busy_seconds += st.busy_seconds;
    }
    const MessageCounts& m = total.messages;
    double pes             = static_cast<double>(decisions.topology->pes());
    auto count             = [&](MessageKind k) { return static_cast<double>(m.of(k)); };
    o.threads              = static_cast<double>(total.threads);
    o.sparks               = static_cast<double>(total.sparks);
    o.absorbed             = static_cast<double>(total.absorbed);
    o.shipped              = static_cast<double>(total.shipped);
    o.fish                 = count(MessageKind::Fish);
    o.schedule             = count(MessageKind::Schedule);
    o.ack                  = count(MessageKind::Ack);
    o.fetch                = count(MessageKind::Fetch) + count(MessageKind::More);
    o.resume               = count(MessageKind::Resume) + count(MessageKind::Packet);
    o.messages             = static_cast<double>(m.total());
    o.input_fetches        = static_cast<double>(total.input_fetches);
    fill_steal_grain(std::move(stolen), decisions.program->sequential_work(), decisions.work_scale, o);
    o.comm_degree  = o.messages / run.makespan / pes;
    o.packet_size  = m.total() ? m.bytes / o.messages : 0;
    o.payload_size = m.total() ? m.payload / o.messages : 0;
    o.busy_share   = total.busy_seconds / (pes * run.makespan);
  }
};

}  // namespace

std::unique_ptr<Model> make_gph_runtime_model() { return std::make_unique<GphRuntimeModel>(); }

ISOGRID_MODEL("gph-runtime", make_gph_runtime_model);

}  // namespace isogrid::gph
