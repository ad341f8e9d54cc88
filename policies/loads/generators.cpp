#include "policies/loads/generators.hpp"

#include <stdexcept>

namespace isogrid::loads {

namespace {

LoadGenerator episodes(LoadTarget target, EpisodeSettings settings)
{
  return {target,
          [settings](const GeneratorOptions& o, SeededRandom& r) { return random_episodes(settings, o.horizon, r); }};
}

NamedRegistry<LoadGenerator> make_registry()
{
  NamedRegistry<LoadGenerator> r("load-generator", "load generator");
  r.add("random-cpu", "Sanjay's random loading: AvailCPU U[6.5 %, 72 %] for U[3, 8] min, half the episodes loaded",
        episodes(LoadTarget::Cpu, random_cpu_loading()));
  r.add("random-bandwidth", "Sanjay's random loading: AvailBW U[2 %, 80 %] for U[3, 8] min, half the episodes loaded",
        episodes(LoadTarget::Bandwidth, random_bandwidth_loading()));
  r.add("grads-cpu",
        "steadier CPU load in the spirit of the GrADS traces: U[60 %, 100 %] for U[30, 60] min (an "
        "assumption; the traces are gone)",
        episodes(LoadTarget::Cpu, grads_like_cpu()));
  r.add("grads-bandwidth", "GrADS-like network load: the thesis found random loading's network dynamics similar",
        episodes(LoadTarget::Bandwidth, random_bandwidth_loading()));
  r.add("internet-bandwidth",
        "a wide-area link's throughput wandering around its mean: U[70 %, 100 %] of the nominal for U[1, 5] min "
        "(mean 85 %; an assumption for Argollo's 'unpredictable' Internet links)",
        episodes(LoadTarget::Bandwidth, internet_bandwidth()));
  r.add("user-jobs-cpu",
        "other users' jobs on shared nodes: 1.2 % of the time, for U[10, 60] min, leaving U[50 %, 100 %] (an "
        "assumption for Korkhov's DAS-2 runs: a 24-node run meets one with probability 0.25)",
        episodes(LoadTarget::Cpu, user_jobs_cpu()));
  r.add("constant", "one share left free all along (value)",
        {LoadTarget::Cpu, [](const GeneratorOptions& o, SeededRandom&) {
           if (!(o.value > 0 && o.value <= 1))
             throw std::invalid_argument("a constant load leaves a share in (0, 1] free");
           return AvailabilityTrace({{0, o.value}});
         }});
  r.add("dedicated", "no load: always free", {LoadTarget::Cpu, [](const GeneratorOptions&, SeededRandom&) {
                                                return AvailabilityTrace({{0, 1}});
                                              }});
  return r;
}

}  // namespace

NamedRegistry<LoadGenerator>& load_generator_registry()
{
  static NamedRegistry<LoadGenerator> registry = make_registry();
  return registry;
}

const NamedRegistry<LoadGenerator>& load_generators() { return load_generator_registry(); }

ISOGRID_POLICY_FAMILY(load_generator_registry);

SeededRandom resource_stream(std::uint64_t seed, std::size_t resource)
{
  constexpr std::uint64_t kFirstResource = 0x10ad0000;  // resources are numbered from here, as they always were
  return SeedStream(seed).nth(kFirstResource + resource).random();
}

std::vector<std::string> load_generator_names(LoadTarget target)
{
  std::vector<std::string> out;
  for (const auto& e : load_generators().entries())
    if (e.item.target == target)
      out.push_back(e.name);
  return out;
}

}  // namespace isogrid::loads
