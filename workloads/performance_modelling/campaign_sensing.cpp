#include "workloads/performance_modelling/campaign_sensing.hpp"

namespace isogrid::modelling {

namespace {

sensing::SensorSettings sensor_settings(const PerformanceModellingParams& p)
{
  sensing::SensorSettings s;
  s.sample_period  = p.sample_period;
  s.history_window = p.history_window;
  s.measure        = p.load_measure == "average-of-minima" ? sensing::LoadMeasure::AverageOfMinima
                                                           : sensing::LoadMeasure::MinOfAverages;
  s.subset         = p.subset_forecast == "forecast-of-min" ? sensing::SubsetForecast::ForecastOfMin
                                                            : sensing::SubsetForecast::MinOfForecasts;
  return s;
}

}  // namespace

CampaignSensing::CampaignSensing(const loads::ClusterTraces& traces, const PerformanceModellingParams& p,
                                 double link_mbps)
    : traces_(traces), link_mbps_(link_mbps), sensors_(sensor_settings(p), sensing::forecasters().get(p.forecaster))
{
}

Observation CampaignSensing::observe(const RunChoice& run, double start, double end) const
{
  Observation o;
  o.problem_size    = run.problem_size;
  o.processors      = run.hosts.size();
  o.time            = end - start;
  auto [cpu, links] = resources(run);
  o.cpu             = sensors_.measure(cpu, start, end);
  o.bandwidth       = link_mbps_ * sensors_.measure(links, start, end);
  return o;
}

CampaignRun CampaignSensing::sense(const RunChoice& run, double start, double end) const
{
  CampaignRun out;
  out.observed           = observe(run, start, end);
  auto [cpu, links]      = resources(run);
  out.forecast_cpu       = sensors_.forecast(cpu, start);
  out.forecast_bandwidth = link_mbps_ * sensors_.forecast(links, start);
  out.start_cpu          = sensing::ResourceSensors::lowest_at(cpu, start);
  out.start_bandwidth    = link_mbps_ * sensing::ResourceSensors::lowest_at(links, start);
  return out;
}

std::pair<StochasticValue, StochasticValue> CampaignSensing::stochastic(const RunChoice& run, double now) const
{
  auto [cpu, links] = resources(run);
  return {lowest_value(cpu, now), lowest_value(links, now)};
}

std::pair<sensing::Resources, sensing::Resources> CampaignSensing::resources(const RunChoice& run) const
{
  sensing::Resources cpu, links;
  for (std::size_t h : run.hosts) {
    cpu.push_back(&traces_.cpu[h]);
    links.push_back(&traces_.bandwidth[h]);
  }
  return {cpu, links};
}

StochasticValue CampaignSensing::lowest_value(const sensing::Resources& used, double now) const
{
  StochasticValue low{2, 0};  // above any share: the first history's value replaces it
  for (const std::vector<double>& history : sensors_.histories(used, now)) {
    StochasticValue v = stochastic_value(history);
    if (v.mean < low.mean)
      low = v;
  }
  return low;
}

double mbit_per_s(const ClusterSpec& c) { return c.link.bandwidth * 8 / 1e6; }

}  // namespace isogrid::modelling
