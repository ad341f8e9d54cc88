#include "policies/modelling/campaign.hpp"

namespace isogrid::modelling {

std::vector<Observation> synthetic_campaign(const scheduling::PerformanceModel& truth, SeededRandom& random,
                                            const CampaignSettings& s)
{
  std::vector<Observation> runs;
  for (auto [processors, count] : s.runs)
    for (int k = 0; k < count; ++k) {
      Observation r;
      r.problem_size                 = random.uniform(s.min_size, s.max_size);
      r.processors                   = processors;
      r.cpu                          = random.uniform(s.min_cpu, s.max_cpu);
      r.bandwidth                    = random.uniform(s.min_bandwidth, s.max_bandwidth);
      scheduling::PerformanceModel m = truth;
      m.problem_size                 = r.problem_size;
      r.time                         = m.time(processors, r.cpu, r.bandwidth);
      if (s.noise > 0)
        r.time *= random.uniform(1 - s.noise, 1 + s.noise);
      runs.push_back(r);
    }
  return runs;
}

}  // namespace isogrid::modelling
