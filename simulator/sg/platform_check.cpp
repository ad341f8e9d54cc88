#include "simulator/sg/platform_check.hpp"

#include "simulator/run/process_pool.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"

#include <fmt/format.h>
#include <simgrid/s4u/Engine.hpp>
#include <stdexcept>

namespace isogrid::sg {

std::string check_platform_loads(const std::string& path)
{
  ProcessPool pool(1, 120);
  pool.launch(0, [&] {
    Session session(exact_network_config(), false);
    load_platform(path);
    auto* e = simgrid::s4u::Engine::get_instance();
    return fmt::format("{} hosts, {} links", e->get_host_count(), e->get_link_count());
  });
  std::vector<ChildResult> done;
  while (done.empty())
    done = pool.wait_some();
  if (!done.front().ok)
    throw std::runtime_error(done.front().error);
  return done.front().payload;
}

}  // namespace isogrid::sg
