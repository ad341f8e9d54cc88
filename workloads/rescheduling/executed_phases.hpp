#pragma once
// The two things a phased application does on SimGrid, shared by every executed run of it (chapter 5's plans,
// chapter 6's MerITA streams): run phases on a ring of hosts, and stop to move its checkpoint.
//
// Within a run of phases the application is bulk-synchronous, as Eq. 3.6 reads it: in each phase every process
// computes its share (the slowest, most loaded machine ends it), then passes its data to the next process of the
// ring over that pair's route (the slowest ends it). Hosts run at kReferenceFlops when free: the models'
// computation is in that machine's seconds.
//
// A move stops the application at the interval marker: every process writes its share of the checkpoint to its
// cluster's storage host, the checkpoint crosses to the next cluster's storage host when the cluster changes, the
// processes are launched again (`restart_s`, what SimGrid cannot simulate), and the new processes read their shares.
#include "policies/scheduling/performance_model.hpp"
#include "simulator/sg/messaging.hpp"

#include <vector>

namespace isogrid::rescheduling {

constexpr double kReferenceFlops = 1e9;

inline double bytes_of_mbit(double mbit) { return mbit * 1e6 / 8; }

// The per-process work of one phase model on P processes: reference-machine seconds of computation and Mbit sent to
// the ring's next process. Eq. 3.6 at (P, cpu, bw) is computation / cpu + communication / bw.
struct ProcessShare {
  double computation_s      = 0;
  double communication_mbit = 0;
};
ProcessShare process_share(const scheduling::PerformanceModel& model, std::size_t processors);

// The calling actor runs every phase of `phases` on `ring` (hosts in ring order), one after the other.
void execute_phases(const scheduling::ModelSum& phases, const std::vector<sg::Host*>& ring);

struct CheckpointMove {
  double checkpoint_mb = 100;  // the application's registered data, MB
  double restart_s     = 30;   // launching the processes again, s
};

// The calling actor stops the application on `from` (whose storage host is `storage_from`) and restarts it on `to`.
void execute_move(const CheckpointMove& move, const std::vector<sg::Host*>& from, sg::Host* storage_from,
                  sg::Host* storage_to, const std::vector<sg::Host*>& to);

}  // namespace isogrid::rescheduling
