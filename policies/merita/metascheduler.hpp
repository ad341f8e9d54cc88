#pragma once
// MerITA's metascheduler (Sanjay, chapter 6): when an application is submitted, where it runs and how it is
// rescheduled, built from the chapter 4 and 5 code itself. Each cluster offers the application's phases as its
// performance model predicts them there (ported, Eq. 3.9) and the loads its sensors predict; a batch cluster adds
// the wait its queue predictor foresees for the width Box Elimination chooses (Sec. 6.4). The MCRP is MCRPAlgo's
// (multi_cluster_plan) over the clusters' Incremental SCRPs, each batch cluster's predicted wait an entry cost paid to
// start there and at every restart there. The baselines of issue 38 are strategies of the same family: static (one
// cluster, arbitrary machines, no rescheduling), no-wait-prediction, no-rescheduling, and an oracle that knows the
// waits that will happen, the phases' times where the others predict them with learned models, and the present
// loads where the others see forecasts. Pure.
#include "base/named_registry.hpp"
#include "policies/rescheduling/multi_cluster.hpp"
#include "policies/rescheduling/phased_application.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace isogrid::merita {

// A batch cluster's wait for a job of `width` processors requesting `requested` seconds, submitted now.
using WaitFor = std::function<double(unsigned width, double requested)>;

// What the metascheduler sees of one cluster when an application is submitted.
struct ClusterView {
  rescheduling::PhasedApplication app;  // the application's phases as this cluster runs them (its ported model)
  scheduling::ClusterState state;       // the loads its sensors predict (a dedicated cluster: every CPU free)
  bool batch = false;
  WaitFor predicted_wait;  // batch: the queue predictor's answer
  WaitFor actual_wait;     // batch: the wait that would happen (the oracle's knowledge)
  // The phases as they will run there, where `app` is what learned models predict (the oracle's knowledge); none:
  // `app` is exact.
  std::optional<rescheduling::PhasedApplication> actual_app;
  // The loads at the moment of planning, where `state` is what the sensors forecast (the oracle's knowledge); none:
  // `state` is the present.
  std::optional<scheduling::ClusterState> actual_state;
};

struct SubmissionView {
  std::vector<ClusterView> clusters;
  double t_thres    = 1200;                     // s: a rescheduling interval must last longer
  double intra_cost = 300;                      // s: stop, checkpoint and restart within a cluster
  std::vector<std::vector<double>> inter_cost;  // s: [from][to], the checkpoint moved too
  double requested_over_predicted = 2;          // a batch job asks for its predicted run time times this
  std::size_t static_cluster      = 0;          // the static baseline's cluster and processors
  std::size_t static_processors   = 16;
  std::uint64_t seed              = 0;
  // Rebuilding mid-run (MerITA rebuilds the MCRP periodically): the machines the run holds now. The clusters' `app`
  // is then what is left of the run.
  std::optional<rescheduling::Placement> running;
};

// The plan an application runs and what the strategy expected of it.
struct RunPlan {
  rescheduling::MultiClusterPlan plan;  // intervals: cluster, machines, phases, move, predicted time
  std::vector<double> entry_cost;       // per cluster: the wait the strategy priced in (0 where none)
  bool rebuilt = true;                  // the strategy rebuilds its plan as the run goes (false: kept to the end)
};

using Strategy = std::function<RunPlan(const SubmissionView&)>;

// merita, no-wait-prediction, no-rescheduling, static, oracle; a plugin may add its own.
const NamedRegistry<Strategy>& strategies();
NamedRegistry<Strategy>& strategy_registry();

// The width Box Elimination gives the whole application on each cluster, and the wait `which` foresees there for a
// job of that width asking for its predicted time times requested_over_predicted (0 on an interactive cluster).
std::vector<double> entry_waits(const SubmissionView& view, WaitFor ClusterView::*which);

}  // namespace isogrid::merita
