// A batch queue replaying the NASA Ames iPSC/860 log (18 239 jobs, 128 processors): jobs replayed per second by
// run_batch_queue under each policy, against a bare EASY loop of the same shape written for this benchmark alone
// (arrays, no policy interface, no view), which must give the same starts. Run them interleaved:
//   build/bench/bench_batch_queue --benchmark_enable_random_interleaving=true --benchmark_repetitions=9
// Recorded in docs/performance.md.
#include "policies/batch/batch_queue.hpp"
#include "policies/batch/job_stream.hpp"
#include "policies/batch/swf.hpp"

#include <algorithm>
#include <benchmark/benchmark.h>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>
#include <zlib.h>

using namespace isogrid::batch;

namespace {

std::string read_gzip(const std::string& path)
{
  gzFile f = gzopen(path.c_str(), "rb");
  if (!f)
    throw std::runtime_error("cannot open " + path);
  std::string text;
  char buffer[1 << 16];
  int n;
  while ((n = gzread(f, buffer, sizeof buffer)) > 0)
    text.append(buffer, static_cast<size_t>(n));
  gzclose(f);
  return text;
}

const std::vector<BatchJob>& nasa()
{
  static const std::vector<BatchJob> jobs = [] {
    StreamSettings s;
    s.cluster_processors = 128;
    return job_stream(parse_swf(read_gzip(ISOGRID_SOURCE_DIR "/traces/NASA-iPSC-1993-3.1-cln.swf.gz")), s);
  }();
  return jobs;
}

// EASY backfilling as one would write it for a single study: the queue and the running jobs in plain vectors,
// rebuilt nothing, decided inline. Starts per job, in the jobs' order.
std::vector<double> bare_easy(const std::vector<BatchJob>& jobs, unsigned processors)
{
  struct Running {
    double end, expected_end;
    unsigned width;
  };
  constexpr double kNever = std::numeric_limits<double>::infinity();
  std::vector<double> start(jobs.size(), -1);
  std::vector<size_t> queue;
  std::vector<Running> running;
  std::vector<std::pair<double, unsigned>> ends;  // expected end, width: the head's shadow
  unsigned free = processors;
  size_t next   = 0;
  while (next < jobs.size() || !queue.empty()) {
    double now = next < jobs.size() ? jobs[next].submit : kNever;
    for (const Running& r : running)
      now = std::min(now, r.end);
    for (size_t k = 0; k < running.size();)
      if (running[k].end <= now) {
        free += running[k].width;
        running[k] = running.back();
        running.pop_back();
      } else {
        ++k;
      }
    while (next < jobs.size() && jobs[next].submit <= now)
      queue.push_back(next++);
    auto launch = [&](size_t i) {
      start[i] = now;
      free -= jobs[i].width;
      running.push_back({now + std::min(jobs[i].run_time, jobs[i].requested), now + jobs[i].requested, jobs[i].width});
    };
    size_t head = 0;
    while (head < queue.size() && jobs[queue[head]].width <= free)
      launch(queue[head++]);
    queue.erase(queue.begin(), queue.begin() + static_cast<std::ptrdiff_t>(head));
    if (queue.empty())
      continue;
    ends.clear();
    for (const Running& r : running)
      ends.emplace_back(std::max(r.expected_end, now), r.width);
    std::sort(ends.begin(), ends.end());
    unsigned available = free, need = jobs[queue[0]].width;
    double shadow = now;
    for (const auto& [end, width] : ends) {
      if (available >= need && end > shadow)  // every job ending at the shadow time frees its processors then
        break;
      available += width;
      shadow = end;
    }
    unsigned extra = available - need;
    for (size_t k = 1; k < queue.size();) {
      const BatchJob& j = jobs[queue[k]];
      bool fits         = j.width <= free;
      bool before       = now + j.requested <= shadow;
      if (fits && (before || j.width <= extra)) {
        if (!before)
          extra -= j.width;
        launch(queue[k]);
        queue.erase(queue.begin() + static_cast<std::ptrdiff_t>(k));
      } else {
        ++k;
      }
    }
  }
  return start;
}

void replay(benchmark::State& state, const char* policy)
{
  const std::vector<BatchJob>& jobs = nasa();
  const QueuePolicy& p              = queue_policies().get(policy);
  for (auto _ : state)
    benchmark::DoNotOptimize(run_batch_queue(jobs, 128, p).back().start);
  state.counters["jobs_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations() * jobs.size()), benchmark::Counter::kIsRate);
}

void bare(benchmark::State& state)
{
  const std::vector<BatchJob>& jobs = nasa();
  std::vector<JobOutcome> easy      = run_batch_queue(jobs, 128, queue_policies().get("easy"));
  std::vector<double> starts        = bare_easy(jobs, 128);
  for (size_t i = 0; i < jobs.size(); ++i)
    if (starts[i] != easy[i].start) {
      state.SkipWithError(
          ("the bare loop and run_batch_queue start job " + std::to_string(jobs[i].id) + " at different times")
              .c_str());
      return;
    }
  for (auto _ : state)
    benchmark::DoNotOptimize(bare_easy(jobs, 128).back());
  state.counters["jobs_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations() * jobs.size()), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK_CAPTURE(replay, nasa_easy, "easy")->Unit(benchmark::kMillisecond);
BENCHMARK(bare)->Name("bare_easy/nasa")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(replay, nasa_fcfs, "fcfs")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(replay, nasa_conservative, "conservative")->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
