// One run of one program on one configuration per point. The paper's statistics over runs (median of 3, mean of 50
// with its coefficient of variation) come from the experiment's repetitions: each repetition draws its own seed,
// which drives every PE's random fishing.
#include "workloads/gph/gph_model.hpp"

#include "policies/gph/runtime_policies.hpp"
#include "simulator/core/random.hpp"
#include "simulator/core/text.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/grid_builder.hpp"
#include "simulator/sg/session.hpp"
#include "workloads/gph/gph_layout.hpp"
#include "workloads/gph/gum_skeleton.hpp"
#include "workloads/gph/kernels.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace isogrid::gph {

namespace {

enum Metric {
  kRuntime, kSpeedup, kSpeedupFastest, kSpeedupSlowest, kEfficiency, kPes, kMeanCpu, kSdCpu, kMeanLatency,
  kSdLatency, kMainPe, kThreads, kSparks, kAbsorbed, kShipped, kFish, kSchedule, kAck, kFetch, kResume, kMessages,
  kCommDegree, kPacketSize, kBusyShare, kCompleted
};

std::vector<std::string> kernel_names()
{
  std::vector<std::string> names;
  for (const auto& e : kernels().entries())
    names.push_back(e.name);
  return names;
}

ModelInfo make_info()
{
  ModelInfo info;
  info.name    = "gph-runtime";
  info.summary = "A GpH program (parFib, sumEuler, queens, raytracer, matMult, linSolv) under GUM, GRID-GUM1, "
                 "GRID-GUM1.1 or GRID-GUM2 on the PEs of a configuration string: simulated sparks, threads, "
                 "FISH/SCHEDULE/ACK/FETCH/RESUME";
  info.source  = "A. D. Al Zain, P. W. Trinder, G. J. Michaelson, H.-W. Loidl, Evaluating a high-level parallel "
                 "language (GpH) for computational GRIDs, IEEE TPDS 19(2), 2008";

  info.params.push_back(
      platform_file("YAML grid spec whose clusters have an mhz property (platforms/gph-beowulf.yaml)", false));
  info.params.push_back(free_text("configuration", "FFSSS",
                                   "the PEs, as the paper writes them: FFSSS, 1E4M, 5E2,30E,6M; the first PE is "
                                   "where GRID-GUM1 starts"));
  info.params.push_back(free_text("alphabet", "F=Edin3, S=SBC, E=Edin1, E2=Edin2, M=Muni",
                                   "symbol=cluster pairs; E is Edin2 in the paper's Tables 3, 4 and 8"));
  info.params.push_back(word_choice("program", kernel_names(), "parFib", "the kernel (workloads/gph/kernels)"));
  info.params.push_back(free_text("program_parameters", "",
                                   "kernel parameters overriding its defaults, e.g. n=45, threshold=21, or per "
                                   "program: queens: depth=1; raytracer: work_scale=1.95 (work_scale applies to "
                                   "every kernel)"));
  info.params.push_back(positive_real("work_scale", "multiplies every node's work: a larger input of the same "
                                                    "shape (the paper's tables use different input sizes)",
                                      1.0));
  info.params.push_back(policy_choice("runtime", "gph-runtime", "grid-gum2", "the runtime's load distribution"));

  // GUM's constants.
  info.params.push_back(nonnegative_real("fish_delay", "FISH_DELAY: s an idle PE waits after its own fish came "
                                                       "back empty (GUM's 1000, read as ms)",
                                         1.0));
  info.params.push_back(whole_number("fish_life", "FISH_LIFE_EXPECTANCY: hops before a fish is sent home", 10.0));
  info.params.push_back(whole_number("max_fishes", "MAX_FISHES: fishes one PE may have out", 1.0));
  info.params.push_back(word_choice("gum_bias", {"on", "off"}, "on",
                                    "choosePE's r == self -> r + 1, which favours the PE after self"));
  info.params.push_back(positive_real("packet_bytes", "GUM's pack buffer: a larger transfer goes in packets, each "
                                                      "fetched by one round trip",
                                      4096.0));
  info.params.push_back(nonnegative_real("header_bytes", "every message's envelope", 32.0));
  info.params.push_back(whole_number("max_local_sparks", "maxLocalSparks: sparks beyond it are discarded", 4096.0));
  // GRID-GUM1.1 and 2.
  info.params.push_back(word_choice("gg11_filter", {"sender", "receiver"}, "sender",
                                    "GRID-GUM1.1: who enforces 'no work from a faster PE unless it is the main PE'"));
  info.params.push_back(word_choice("gg2_load", {"sparks", "sparks+threads", "busy"}, "sparks",
                                    "GRID-GUM2: what a PE publishes as its load"));
  info.params.push_back(nonnegative_real("gg2_threshold", "GRID-GUM2 (P1): least load / speed (load per Mf) a "
                                                          "PE needs to be fished; 0: any loaded PE",
                                         0.0));
  info.params.push_back(word_choice("gg2_own_cluster", {"on", "off"}, "on",
                                    "GRID-GUM2 (P2): loaded PEs of the fisher's own cluster first"));
  info.params.push_back(word_choice("gg2_no_candidate", {"random-fish", "wait"}, "random-fish",
                                    "GRID-GUM2: what a PE does when it knows no loaded PE"));
  info.params.push_back(word_choice("gg2_forwarding", {"informed", "blind"}, "informed",
                                    "GRID-GUM2: where a PE without work passes a fish on"));
  info.params.push_back(whole_number("gg2_piggyback", "GRID-GUM2: load entries per message, the most recent "
                                                     "first (0: every known one)",
                                     4.0, 0));
  info.params.push_back(whole_number("gg2_k_max", "GRID-GUM2 (P3): most sparks for one remote FISH", 8.0));
  info.params.push_back(nonnegative_real("gg2_latency_threshold", "GRID-GUM2 (P3): a requester farther than this "
                                                                  "(s) gets several sparks",
                                         1e-3));
  info.params.push_back(positive_real("reference_flops", "speed of the PE that program work is counted on (Edin1 "
                                                         "in gph-beowulf.yaml)",
                                      534e6));
  info.params.push_back(positive_real("time_limit", "simulated s after which an unfinished run is stopped", 1e6));

  info.metrics = {
      {"runtime", "predicted: sequential work over the PEs' summed speed (no overhead); simulated: until the main "
                  "thread finished", "s"},
      {"speedup", "sequential runtime on the main PE / runtime", ""},
      {"speedup_fastest", "sequential runtime on the fastest cluster the alphabet names / runtime (Table 2: F)", ""},
      {"speedup_slowest", "sequential runtime on the slowest cluster the alphabet names / runtime (Table 2: S)", ""},
      {"efficiency", "sequential work / (summed PE speed x runtime)", ""},
      {"pes", "PEs in the configuration", ""},
      {"mean_cpu", "mean clock rate of the PEs (the tables' Mean CPU)", "MHz"},
      {"sd_cpu", "population SD of the clock rates", "MHz"},
      {"mean_latency", "mean latency over unordered PE pairs (the tables' Mean Latency)", "ms"},
      {"sd_latency", "population SD of the pair latencies", "ms"},
      {"main_pe", "where the main thread ran (0 = the first PE of the configuration)", ""},
      {"threads", "threads created (sparks activated, plus the main thread)", ""},
      {"sparks", "sparks created", ""},
      {"absorbed", "sparks evaluated by the thread that demanded them", ""},
      {"shipped", "sparks sent in SCHEDULEs", ""},
      {"fish", "FISH messages sent (new and forwarded)", ""},
      {"schedule", "SCHEDULE messages", ""},
      {"ack", "ACK messages", ""},
      {"fetch", "FETCH messages, including those fetching the packets of a large transfer", ""},
      {"resume", "RESUME messages, including the packets of a large transfer", ""},
      {"messages", "every message sent", ""},
      {"comm_degree", "messages per second of runtime per PE (Table 6)", "1/s"},
      {"packet_size", "mean message size (Table 6's Aver. Pkt Size)", "B"},
      {"busy_share", "time PEs spent computing / (PEs x runtime)", ""},
      {"completed", "1 when the program finished within time_limit", ""},
  };
  info.primary_metric = "runtime";
  info.simgrid_config = sg::exact_network_config();
  return info;
}

bool on(const Point& p, const char* name) { return p.text(name) == "on"; }

Parameters policy_parameters(const Point& p)
{
  Parameters r;
  r.fish_delay           = p.number("fish_delay");
  r.fish_life_expectancy = static_cast<unsigned>(p.integer("fish_life"));
  r.max_fishes           = static_cast<unsigned>(p.integer("max_fishes"));
  r.gum_bias             = on(p, "gum_bias");
  r.gg11_receiver_side   = p.text("gg11_filter") == "receiver";
  const std::string& load = p.text("gg2_load");
  r.gg2.load = load == "sparks" ? LoadMeasure::ExportableSparks
                                : load == "busy" ? LoadMeasure::Busy : LoadMeasure::SparksAndThreads;
  // Topology speeds are in flop/s: the threshold is per Mf.
  r.gg2.relative_load_threshold = p.number("gg2_threshold") / 1e6;
  r.gg2.prefer_own_cluster      = on(p, "gg2_own_cluster");
  r.gg2.fallback            = p.text("gg2_no_candidate") == "wait" ? NoCandidate::Wait : NoCandidate::RandomFish;
  r.gg2.informed_forwarding = p.text("gg2_forwarding") == "informed";
  r.gg2.piggyback_entries   = static_cast<size_t>(p.integer("gg2_piggyback"));
  r.gg2.k_max               = static_cast<size_t>(p.integer("gg2_k_max"));
  r.gg2.latency_threshold   = p.number("gg2_latency_threshold");
  return r;
}

struct PointSetup {
  GphLayout layout;
  std::unique_ptr<Program> program;
  double work_unit = 0;  // flop per reference-PE second of program work
};

PointSetup setup_of(const Point& p)
{
  PointSetup s;
  const GridSpec& spec = cached_grid_spec(p.text("platform"));
  try {
    s.layout = make_layout(spec, p.text("configuration"), p.text("alphabet"));
  } catch (const ConfigurationError& e) {
    throw ParamError("configuration", e.what());
  } catch (const std::invalid_argument& e) {
    std::string what = e.what();
    throw ParamError(what.rfind("alphabet", 0) == 0 ? "alphabet" : "configuration", what);
  }
  try {
    ProgramParameters overrides =
        parse_program_parameters(p.text("program_parameters"), p.text("program"), kernel_names());
    double scale = p.number("work_scale");
    if (auto it = overrides.find("work_scale"); it != overrides.end()) {
      if (!(it->second > 0))
        throw std::invalid_argument("program_parameters: work_scale must be > 0");
      scale *= it->second;
      overrides.erase(it);
    }
    s.program   = make_kernel(p.text("program"), overrides);
    s.work_unit = p.number("reference_flops") * scale;
  } catch (const std::exception& e) {
    throw ParamError("program_parameters", e.what());
  }
  return s;
}

// The figures both faces share: the configuration as the tables describe it and the sequential baselines.
void fill_common(const PointSetup& s, double runtime, double work_unit, size_t main_pe, std::vector<double>& out)
{
  const GphLayout& l = s.layout;
  double work        = s.program->sequential_work();
  double total_rate  = 0;
  for (double f : l.pe_flops)
    total_rate += f / work_unit;
  double fastest = 0, slowest = std::numeric_limits<double>::infinity();
  for (size_t c : l.alphabet_clusters) {
    fastest = std::max(fastest, l.spec->clusters[c].speed);
    slowest = std::min(slowest, l.spec->clusters[c].speed);
  }
  out[kRuntime]        = runtime;
  out[kSpeedup]        = work / (l.pe_flops[main_pe] / work_unit) / runtime;
  out[kSpeedupFastest] = work / (fastest / work_unit) / runtime;
  out[kSpeedupSlowest] = work / (slowest / work_unit) / runtime;
  out[kEfficiency]     = work / total_rate / runtime;
  out[kPes]            = static_cast<double>(l.pe_cluster.size());
  out[kMeanCpu]        = l.summary.mean_mhz;
  out[kSdCpu]          = l.summary.sd_mhz;
  out[kMeanLatency]    = l.summary.mean_latency_ms;
  out[kSdLatency]      = l.summary.sd_latency_ms;
  out[kMainPe]         = static_cast<double>(main_pe);
}

size_t main_pe_of(const Point& p, const Topology& topology)
{
  // A random main PE (GUM) draws from the point's seed, apart from the PEs' own streams.
  SeededRandom rng(p.seed ^ 0x6d61696e5045ULL);
  return runtime_policies().get(p.text("runtime")).main_pe(topology, [&rng] { return rng.next(); });
}

class GphRuntimeModel : public Model {
public:
  const ModelInfo& info() const override { return info_; }

  void check(const Point& p) const override
  {
    if (!is_grid_spec_file(p.text("platform")))
      throw ParamError("platform", "gph-runtime reads its clusters from a YAML grid spec (.yaml)");
    PointSetup s = setup_of(p);
    (void)s;
  }

  void predict(const Point& p, Outcome& out) const override
  {
    PointSetup s      = setup_of(p);
    Topology topology = s.layout.topology();
    double rate       = 0;
    for (double f : s.layout.pe_flops)
      rate += f / s.work_unit;
    fill_common(s, s.program->sequential_work() / rate, s.work_unit, main_pe_of(p, topology), out.predicted);
  }

  void simulate(const Point& p, const SimulationContext& context, Outcome& out) const override
  {
    PointSetup s      = setup_of(p);
    Topology topology = s.layout.topology();
    const RuntimePolicy& policy = runtime_policies().get(p.text("runtime"));

    sg::Session session(context.simgrid_config, context.simgrid_logs);
    sg::build_grid(*s.layout.spec);
    GumRun run;
    run.setup.program          = s.program.get();
    run.setup.topology         = &topology;
    run.setup.policy           = &policy;
    run.setup.parameters       = policy_parameters(p);
    run.setup.main_pe          = main_pe_of(p, topology);
    run.setup.packet_bytes     = p.number("packet_bytes");
    run.setup.header_bytes     = p.number("header_bytes");
    run.setup.max_local_sparks = static_cast<size_t>(p.integer("max_local_sparks"));
    for (size_t pe = 0; pe < topology.pes(); ++pe) {
      run.setup.work_rate.push_back(s.layout.pe_flops[pe] / s.work_unit);
      run.hosts.push_back(sg::host_by_name(s.layout.pe_host[pe]));
    }
    run.seed       = p.seed;
    run.time_limit = p.number("time_limit");
    launch_gum(run);
    session.run();

    auto& o = out.simulated;
    o[kCompleted] = run.completed ? 1 : 0;
    if (!run.completed) {
      out.note = fmt::format("not finished after {} simulated s (time_limit)", run.time_limit);
      return;
    }
    fill_common(s, run.makespan, s.work_unit, run.setup.main_pe, o);
    PeStatistics total;
    for (const PeStatistics& st : run.statistics) {
      total.messages += st.messages;
      total.threads += st.threads;
      total.sparks += st.sparks;
      total.absorbed += st.absorbed;
      total.shipped += st.shipped;
      total.busy_seconds += st.busy_seconds;
    }
    const MessageCounts& m = total.messages;
    double pes             = static_cast<double>(topology.pes());
    auto count             = [&](MessageKind k) { return static_cast<double>(m.of(k)); };
    o[kThreads]    = static_cast<double>(total.threads);
    o[kSparks]     = static_cast<double>(total.sparks);
    o[kAbsorbed]   = static_cast<double>(total.absorbed);
    o[kShipped]    = static_cast<double>(total.shipped);
    o[kFish]       = count(MessageKind::Fish);
    o[kSchedule]   = count(MessageKind::Schedule);
    o[kAck]        = count(MessageKind::Ack);
    o[kFetch]      = count(MessageKind::Fetch) + count(MessageKind::More);
    o[kResume]     = count(MessageKind::Resume) + count(MessageKind::Packet);
    o[kMessages]   = static_cast<double>(m.total());
    o[kCommDegree] = o[kMessages] / run.makespan / pes;
    o[kPacketSize] = m.total() ? m.bytes / o[kMessages] : 0;
    o[kBusyShare]  = total.busy_seconds / (pes * run.makespan);
  }

private:
  ModelInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Model> make_gph_runtime_model() { return std::make_unique<GphRuntimeModel>(); }

}  // namespace isogrid::gph
