#pragma once
// What NWS-style sensors make of background load (Sanjay §3.4.1, §3.4.9): a resource's availability sampled every
// period (2 minutes in the thesis), a run's average per host and per link and the minimum over those the run uses
// (minAvgAvailCPU, minAvgAvailBW), the history of window averages (10 minutes) the forecasters read, and a
// forecast for a set of resources. Pure: the samples come from availability traces.
#include "policies/loads/availability.hpp"
#include "policies/sensing/forecasters.hpp"

#include <cstddef>
#include <vector>

namespace isogrid::sensing {

// Samples at from, from + period, ... while before `to`. Throws std::invalid_argument for a non-positive period.
std::vector<double> sample(const loads::AvailabilityTrace& trace, double from, double to, double period);

// The mean of a run's samples: what a sensor reports as the run's average (the trace's value at `from` when the
// run is shorter than one period). The exact time average is AvailabilityTrace::mean.
double sampled_mean(const loads::AvailabilityTrace& trace, double from, double to, double period);

// The minimum over the resources a run uses of each one's sampled mean: minAvgAvailCPU over its hosts, or
// minAvgAvailBW over its links. Throws std::invalid_argument for none.
double min_sampled_mean(const std::vector<const loads::AvailabilityTrace*>& used, double from, double to,
                        double period);

// The lowest availability among the resources at each sample time, from, from + period, ... while before `to`
// (the value at `from` for a run shorter than one period). Throws std::invalid_argument for none.
std::vector<double> sampled_minima(const std::vector<const loads::AvailabilityTrace*>& used, double from, double to,
                                   double period);
// Their mean over a run (avgMinAvail): what a bulk-synchronous application meets, since each of its steps waits for
// its slowest process. The thesis's minAvgAvail (min_sampled_mean) takes the minimum after averaging each resource,
// which is higher whenever the resources are loaded at different times.
double mean_sampled_minimum(const std::vector<const loads::AvailabilityTrace*>& used, double from, double to,
                            double period);

// Averages of consecutive groups of `per_window` samples (5 two-minute samples: the thesis's 10-minute history);
// an incomplete last group is left out. Throws std::invalid_argument for per_window 0.
std::vector<double> window_averages(const std::vector<double>& samples, std::size_t per_window);

// How a forecast for several resources is made, which the thesis leaves open: the minimum of each resource's
// forecast, or the forecast of the series of their minima.
enum class SubsetForecast { MinOfForecasts, ForecastOfMin };

// The forecast of the lowest availability among the resources whose histories are given (all of one length).
// Throws std::invalid_argument for no history or histories of different lengths.
double forecast_lowest(const std::vector<std::vector<double>>& histories, const MakeForecaster& make,
                       SubsetForecast how);

}  // namespace isogrid::sensing
