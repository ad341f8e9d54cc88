#pragma once
// A stream of applications under MerITA (or one of its baselines) on a grid of interactive and batch clusters, as
// exact event arithmetic: the predicted face of the `merita` model. Each application is planned at its submission by
// a metascheduler strategy (policies/merita), which rebuilds the plan periodically if it reschedules (from the
// present loads and waits, the run staying, rescheduling or moving); its phases run one by one, each under the loads
// its machines have when it starts (an interactive cluster's CPU availability traces; a batch cluster's processors are
// dedicated); a batch cluster's job waits in the cluster's queue beside other users' jobs (BatchQueueState, fed by
// their stream as time goes by) and queues again at every restart; a reschedule pays its restart, and a move the
// checkpoint's trip over the wide-area link. Pure.
#include "policies/batch/batch_queue.hpp"
#include "policies/batch/queue_statistics.hpp"
#include "policies/loads/availability.hpp"
#include "policies/rescheduling/phased_application.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace isogrid::merita {

struct GridCluster {
  std::string name;
  unsigned processors = 16;
  double cpu_factor   = 1;  // the application's computation there over the reference cluster's (> 1: slower)
  double link_mbps    = 1000;
  bool batch          = false;
  std::vector<loads::AvailabilityTrace> cpu;  // interactive: each machine's available CPU over time (empty: free)
  std::vector<batch::BatchJob> background;    // batch: other users' jobs, in submission order
};

struct Grid {
  std::vector<GridCluster> clusters;
  std::vector<std::vector<double>> wan_mbps;  // [a][b]: the wide-area link a checkpoint crosses
};

struct StreamSettings {
  std::string strategy            = "merita";
  std::string queue_policy        = "easy";
  std::string wait_predictor      = "same-width-average";
  double t_thres                  = 1200;  // s
  double restart_s                = 30;    // s: relaunching the processes, which then read the checkpoint
  double checkpoint_mb            = 100;
  double storage_mbps             = 1000;  // each cluster's storage host's link
  double requested_over_predicted = 2;
  double rebuild_s = 7200;  // s: MerITA rebuilds its plan at the first phase end this long after the last
  // The interactive clusters' loads the metascheduler plans with: empty, the present ones; else each machine's NWS
  // forecast by this forecaster (policies/sensing) from 2-minute samples in 10-minute windows (the thesis's).
  std::string load_forecaster;
  std::size_t static_cluster    = 0;
  std::size_t static_processors = 16;
};

struct Submission {
  double time = 0;                      // s
  rescheduling::PhasedApplication app;  // its phases on the reference cluster (cpu_factor 1)
  // Per cluster, grid order: the phases as the metascheduler's learned models predict them there (the oracle still
  // plans with the truth). Empty: the metascheduler knows them (app scaled by each cluster's CPU factor).
  std::vector<rescheduling::PhasedApplication> planned;
};

struct ApplicationOutcome {
  double submit = 0, end = 0;
  double waited             = 0;  // s in batch queues, every restart's included
  double ran                = 0;  // s computing and communicating
  double overhead           = 0;  // s stopping, moving checkpoints, restarting
  double predicted_run      = 0;  // s: the plan's intervals as the strategy predicted them
  double predicted_wait     = 0;  // s: the entry cost the strategy priced for the cluster it started on
  double first_wait         = 0;  // s: the wait that then happened there
  double moves              = 0;  // reschedules within a cluster and moves between clusters
  double processor_hours    = 0;
  double killed             = 0;  // batch jobs killed at their requested time (the interval then starts again)
  std::size_t first_cluster = 0;
  bool started_on_batch     = false;  // its first cluster is a batch cluster (its first wait is a queue's)
  double turnaround() const { return end - submit; }
};

struct StreamOutcome {
  std::vector<ApplicationOutcome> applications;
  batch::QueueStatistics other_users;  // every batch cluster's other users' jobs submitted before the last end
};

// Throws std::invalid_argument on a grid or settings that cannot run (no cluster, a WAN matrix of the wrong shape,
// an unknown strategy, policy or predictor, a static cluster or processors the grid lacks).
StreamOutcome run_stream(const Grid& grid, const std::vector<Submission>& submissions, const StreamSettings& settings,
                         std::uint64_t seed);

}  // namespace isogrid::merita
