#pragma once
// A MerITA stream as a core driven by a shell: the core decides (plans, queues, kills, rebuilds) and tells its
// execution when each phase and each checkpoint move begins; the execution says how long they take. The predicted
// face's execution answers at once with the model's arithmetic (run_stream); the simulated face's runs them on
// SimGrid and reports each end later (execute_streams), while its controller actor steps the core from event to
// event. Pure: no SimGrid here.
#include "workloads/merita/merita_run.hpp"

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>

namespace isogrid::merita {

constexpr double kNever = std::numeric_limits<double>::infinity();

struct PhaseStart {
  std::size_t application                    = 0;
  std::uint64_t token                        = 0;  // the core's name for this phase: a report carries it back
  std::size_t cluster                        = 0;
  const scheduling::Schedule* machines       = nullptr;
  const rescheduling::PhasedApplication* app = nullptr;  // the whole run as it runs on `cluster`
  std::size_t phase                          = 0;
  double t0                                  = 0;
  double priced_end = 0;  // when the model says it ends, under the loads its machines have at t0
};

struct MoveStart {
  std::size_t application = 0;
  std::uint64_t token     = 0;
  std::size_t from = 0, to = 0;  // clusters (equal: a reschedule within a cluster)
  const scheduling::Schedule* from_machines = nullptr;
  const scheduling::Schedule* to_machines   = nullptr;
  double t0                                 = 0;
  double priced_cost = 0;  // the model's: restart, the checkpoint written and read, its trip over the WAN
};

// How phases and moves take time.
class StreamExecution {
public:
  virtual ~StreamExecution() = default;
  // The phase's end, when known at once; empty: the shell reports it through StreamCore::phase_ended.
  virtual std::optional<double> start_phase(const PhaseStart& phase) = 0;
  // A batch system ended the application's job at its requested time: its running phase stops where it is.
  virtual void stop_phase(std::size_t application) = 0;
  // The move's cost, when known at once; empty: the shell reports its end through StreamCore::move_ended.
  virtual std::optional<double> start_move(const MoveStart& move) = 0;
  // True when the stream's own runs share an interactive cluster's machines and slow each other down: the sensors
  // the metascheduler plans with then see their load too, as NWS's would.
  virtual bool shares_machines() const = 0;
};

// The model's own arithmetic: the predicted face.
class PricedExecution : public StreamExecution {
public:
  std::optional<double> start_phase(const PhaseStart& phase) override { return phase.priced_end; }
  void stop_phase(std::size_t) override {}
  std::optional<double> start_move(const MoveStart& move) override { return move.priced_cost; }
  bool shares_machines() const override { return false; }  // each run is priced as if it ran alone
};

class StreamCore {
public:
  // Throws std::invalid_argument as run_stream does. Keeps references to every argument.
  StreamCore(const Grid& grid, const std::vector<Submission>& submissions, const StreamSettings& settings,
             std::uint64_t seed, StreamExecution& execution);
  ~StreamCore();
  StreamCore(const StreamCore&)            = delete;
  StreamCore& operator=(const StreamCore&) = delete;

  bool done() const;
  // The time of the core's next event; kNever when only a report from the shell can come.
  double next_time() const;
  // Handles the next event. Throws std::logic_error when nothing is left to happen and applications are unfinished.
  void step();
  // Reports of an execution that answered empty; a report of a phase already stopped is ignored.
  void phase_ended(std::size_t application, std::uint64_t token, double t);
  void move_ended(std::size_t application, std::uint64_t token, double t);
  // The jobs waiting in cluster c's batch queue, other users' and the stream's (0 on an interactive cluster).
  std::size_t queued(std::size_t cluster) const;
  // Once done.
  StreamOutcome outcome();

private:
  class Stream;
  std::unique_ptr<Stream> stream_;
};

}  // namespace isogrid::merita
