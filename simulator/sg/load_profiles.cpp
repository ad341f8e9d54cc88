#include "simulator/sg/load_profiles.hpp"

#include "simulator/sg/bandwidth_changes.hpp"

#include <simgrid/Exception.hpp>
#include <simgrid/kernel/ProfileBuilder.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace isogrid::sg {

namespace profile = simgrid::kernel::profile;

void set_speed_profile(Host* host, const std::string& name, const std::string& profile_text)
{
  host->set_speed_profile(profile::ProfileBuilder::from_string(name, profile_text, -1));
}

void set_bandwidth_profile(Link* link, const std::string& name, const std::string& profile_text)
{
  link->set_bandwidth_profile(profile::ProfileBuilder::from_string(name, profile_text, -1));
}

namespace {

namespace sg4 = simgrid::s4u;

// More than any simulation sends: a stream that never ends by itself.
constexpr std::uint64_t endless = std::uint64_t{1} << 62;

// One stream at `rate` for `duration` seconds (forever when infinite): a sender actor and a receiver actor of its own,
// each waiting on the transfer, so that an actor killed at the end of a simulation has its transfer cancelled by
// SimGrid and leaves none behind. Mailbox transfers, because SimGrid 3.32 honours set_rate on them but not on
// host-to-host ones (measured: a sendto capped at a third of a link still took half of it).
int token = 0;

void spawn_stream(const std::string& name, Host* from, Host* to, double rate, double duration)
{
  sg4::Actor::create(name + "-in", to, [name] {
    try {
      sg4::Mailbox::by_name(name)->get<int>();
    } catch (const simgrid::Exception&) {
      // the sender cancelled: this step of the load is over
    }
  })->daemonize();
  sg4::Actor::create(name, from, [name, rate, duration] {
    sg4::CommPtr stream = sg4::Mailbox::by_name(name)->put_init(&token, endless)->set_rate(rate);
    stream->start();
    hold_rate_cap(*stream, rate);  // SimGrid would drop it on a route with latency (bandwidth_changes.hpp)
    if (!std::isfinite(duration)) {
      stream->wait();
      return;
    }
    try {
      stream->wait_for(duration);
    } catch (const simgrid::TimeoutException&) {
      stream->cancel();
    }
    release_rate_cap(*stream);
  })->daemonize();
}

}  // namespace

void spawn_competing_traffic(const std::string& name, Host* from, Host* to, double nominal,
                             std::vector<ShareStep> steps, int application_flows)
{
  for (std::size_t k = 0; k < steps.size(); ++k)
    if (!(steps[k].available > 0 && steps[k].available <= 1) || (k > 0 && steps[k].time < steps[k - 1].time))
      throw std::invalid_argument(name + ": competing traffic needs shares in (0, 1] at times that never go back");
  if (!(nominal > 0) || application_flows < 1)
    throw std::invalid_argument(name + ": competing traffic needs a positive nominal bandwidth and flow count");
  sg4::ActorPtr loader = sg4::Actor::create(name, from, [name, from, to, nominal, steps, application_flows] {
    for (std::size_t k = 0; k < steps.size(); ++k) {
      double wait = steps[k].time - sg4::Engine::get_clock();
      if (wait > 0)
        sg4::this_actor::sleep_for(wait);
      const double available = steps[k].available;
      if (available >= 1)
        continue;
      double duration =
          k + 1 < steps.size() ? steps[k + 1].time - steps[k].time : std::numeric_limits<double>::infinity();
      const auto streams =
          std::max(1, static_cast<int>(std::ceil((1 - available) * application_flows / available - 1e-12)));
      for (int s = 0; s < streams; ++s)
        spawn_stream(name + "-" + std::to_string(k) + "-" + std::to_string(s), from, to,
                     (1 - available) * nominal / streams, duration);
    }
  });
  loader->daemonize();
}

}  // namespace isogrid::sg
