#include "workloads/batch/background_stream.hpp"

#include "policies/batch/job_stream.hpp"
#include "policies/batch/lublin_feitelson.hpp"
#include "simulator/core/model.hpp"
#include "workloads/batch/job_trace.hpp"

#include <fmt/format.h>

namespace isogrid::batch_cluster {

namespace {

constexpr double kDay            = 86400;
constexpr unsigned kDrawnMachine = 128;  // the machine the Lublin-Feitelson parameters were fitted on

// The trace's jobs through the transforms; every refusal at the parameter (or the trace record) at fault.
BackgroundStream from_trace(const BatchClusterParams& p)
{
  batch::SwfTrace trace = load_job_trace(p.trace);
  BackgroundStream out;
  long long processors = p.processors > 0 ? p.processors : trace.max_procs();
  if (processors <= 0)
    throw ParamError("trace", "the trace's header gives no MaxProcs: say how many processors the cluster has "
                              "(processors)");
  out.processors = static_cast<unsigned>(processors);
  batch::StreamSettings settings;  // `days` 0: to the trace's end
  settings.from               = p.start_day * kDay;
  settings.to                 = p.days > 0 ? (p.start_day + p.days) * kDay : 1e300;
  settings.cluster_processors = out.processors;
  settings.scale_widths       = p.scale_widths;
  settings.load_factor        = p.load_factor;
  settings.requested_over_run = p.requested_over_run;
  try {
    out.jobs = batch::job_stream(trace, settings);
  } catch (const batch::SwfError& e) {
    refuse_trace_record(p.trace, e);
  }
  out.interactive.assign(out.jobs.size(), false);
  if (out.jobs.empty())
    throw ParamError("start_day", p.days > 0
                                      ? fmt::format("no job of the trace is submitted in the {} days from day {}",
                                                    p.days, p.start_day)
                                      : fmt::format("no job of the trace is submitted after day {}", p.start_day));
  return out;
}

BackgroundStream drawn(const BatchClusterParams& p, uint64_t seed)
{
  BackgroundStream out;
  out.processors = p.processors > 0 ? static_cast<unsigned>(p.processors) : kDrawnMachine;
  batch::LublinFeitelsonSettings settings;
  settings.processors         = out.processors;
  settings.jobs               = static_cast<size_t>(p.jobs);
  settings.start_hour         = p.start_hour;
  settings.requested_over_run = p.requested_over_run;
  SeededRandom random         = SeedStream(seed).child("background jobs").random();
  for (auto& j : batch::lublin_feitelson_stream(settings, random)) {
    j.job.submit /= p.load_factor;
    out.jobs.push_back(j.job);
    out.interactive.push_back(j.interactive);
  }
  return out;
}

}  // namespace

BackgroundStream background_stream(const BatchClusterParams& p, uint64_t seed)
{
  BackgroundStream s = p.trace.empty() ? drawn(p, seed) : from_trace(p);
  if (p.offered_load > 0) {
    try {
      s.jobs = batch::at_offered_load(std::move(s.jobs), s.processors, p.offered_load);
    } catch (const std::invalid_argument& e) {
      throw ParamError("offered_load", e.what());
    }
  }
  if (s.jobs.size() > static_cast<size_t>(p.max_jobs))
    throw ParamError("max_jobs", fmt::format("the stream has {} jobs; max_jobs allows {} (raise it, or take a shorter "
                                             "window)",
                                             s.jobs.size(), p.max_jobs));
  return s;
}

}  // namespace isogrid::batch_cluster
