#pragma once
// A campaign's runs as the sensors of their cluster saw them (sensing::ResourceSensors over the run's hosts and host
// links): the observations the performance models are fitted to and predict from. Pure: the traces are the ones
// SimGrid replayed, drawn again from the point's seed.
#include "policies/modelling/prediction_campaign.hpp"
#include "policies/modelling/stochastic_structural.hpp"
#include "policies/sensing/resource_sensors.hpp"
#include "workloads/loads/platform_loads.hpp"
#include "workloads/performance_modelling/campaign_plan.hpp"

#include <utility>

namespace isogrid::modelling {

class CampaignSensing {
public:
  // `traces` must outlive the object; `link_mbps` turns a bandwidth share into Mbit/s.
  CampaignSensing(const loads::ClusterTraces& traces, const PerformanceModellingParams& p, double link_mbps);

  // A run (or a phase of it) as the sensors saw it: its time and its loads over [start, end).
  Observation observe(const RunChoice& run, double start, double end) const;
  // The same, and what was forecast and measured as it started.
  CampaignRun sense(const RunChoice& run, double start, double end) const;
  // Schopf's stochastic values of a run's CPU and bandwidth shares as it starts: each resource's history (the window
  // averages the forecasters read), the resource with the lowest mean standing for the run as the lowest forecast
  // does; with average-of-minima, the history of the lowest samples.
  std::pair<StochasticValue, StochasticValue> stochastic(const RunChoice& run, double now) const;

private:
  std::pair<sensing::Resources, sensing::Resources> resources(const RunChoice& run) const;  // CPUs, host links
  StochasticValue lowest_value(const sensing::Resources& used, double now) const;

  const loads::ClusterTraces& traces_;
  double link_mbps_;
  sensing::ResourceSensors sensors_;
};

// A cluster's host link bandwidth in Mbit/s.
double mbit_per_s(const ClusterSpec& c);

}  // namespace isogrid::modelling
