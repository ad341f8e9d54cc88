#pragma once
// The DLT star of isogrid's dlt-star model written straight against S4U, with no isogrid code: m workers behind
// their own links, a one-port originator sending equal parts, workers computing on receipt, then the sequential
// reference on P1. Shared by the bare anchors of bench/ (one star per process, one star per forked child).
#include <simgrid/s4u.hpp>

#include <string>
#include <vector>

namespace bare {

struct StarTimes {
  double makespan   = 0;
  double sequential = 0;
};

// Starts SimGrid with the settings isogrid's simulated faces use (exact network, no log lines), then `extra`
// ("--cfg=key:value" arguments of the bare program's own).
inline simgrid::s4u::Engine& start_engine(const char* program, const std::vector<std::string>& extra = {})
{
  static std::vector<std::string> args = {program,
                                          "--log=root.thres:critical",
                                          "--cfg=network/model:CM02",
                                          "--cfg=network/latency-factor:1",
                                          "--cfg=network/bandwidth-factor:1",
                                          "--cfg=network/TCP-gamma:0",
                                          "--cfg=network/crosstraffic:0",
                                          "--cfg=network/weight-S:0"};
  args.insert(args.end(), extra.begin(), extra.end());
  static std::vector<char*> cargs;
  for (auto& a : args)
    cargs.push_back(a.data());
  static int cargc = static_cast<int>(cargs.size());
  static simgrid::s4u::Engine engine(&cargc, cargs.data());
  return engine;
}

// The same point on a platform file loaded in the started engine: the originator `origin` serves the hosts
// `worker_prefix`1 .. `worker_prefix`m (as isogrid's dlt-star picks the hosts after the originator in name order).
inline double run_star_on_platform(simgrid::s4u::Engine& e, const std::string& platform, const std::string& origin,
                                   const std::string& worker_prefix, int m, double part)
{
  namespace sg4    = simgrid::s4u;
  static int token = 0;
  e.load_platform(platform);
  sg4::Host* root = e.host_by_name(origin);
  std::vector<sg4::ActorPtr> actors;
  for (int i = 0; i < m; ++i)
    actors.push_back(sg4::Actor::create("worker", e.host_by_name(worker_prefix + std::to_string(i + 1)), [i, part] {
      sg4::Mailbox::by_name("part-" + std::to_string(i))->get<int>();
      sg4::this_actor::execute(part);
    }));
  double makespan = 0;
  sg4::Actor::create("originator", root, [&] {
    for (int i = 0; i < m; ++i)
      sg4::Mailbox::by_name("part-" + std::to_string(i))->put(&token, static_cast<uint64_t>(part));
    for (auto& a : actors)
      a->join();
    makespan = sg4::Engine::get_clock();
  });
  e.run();
  return makespan;
}

// Builds the star in the started engine and runs it: each worker gets `part` bytes and flops.
inline StarTimes run_star(simgrid::s4u::Engine& e, int m, double part)
{
  namespace sg4    = simgrid::s4u;
  static int token = 0;
  auto* zone       = sg4::create_star_zone("star");
  sg4::Host* root  = zone->create_host("P0", 1e9);
  auto* root_link  = zone->create_link("P0_link", 1e9)->set_sharing_policy(sg4::Link::SharingPolicy::FATPIPE)->seal();
  zone->add_route(root->get_netpoint(), nullptr, nullptr, nullptr, {sg4::LinkInRoute(root_link)}, true);
  std::vector<sg4::Host*> workers;
  for (int i = 1; i <= m; ++i) {
    sg4::Host* h = zone->create_host("P" + std::to_string(i), 1e9);
    auto* l      = zone->create_link("P" + std::to_string(i) + "_link", 1e9)->set_latency(1e-3)->seal();
    zone->add_route(h->get_netpoint(), nullptr, nullptr, nullptr, {sg4::LinkInRoute(l)}, true);
    workers.push_back(h);
  }
  zone->seal();

  StarTimes times;
  std::vector<sg4::ActorPtr> actors;
  for (int i = 0; i < m; ++i)
    actors.push_back(sg4::Actor::create("worker", workers[i], [i, part] {
      sg4::Mailbox::by_name("part-" + std::to_string(i))->get<int>();
      sg4::this_actor::execute(part);
    }));
  sg4::Actor::create("originator", root, [&] {
    for (int i = 0; i < m; ++i)
      sg4::Mailbox::by_name("part-" + std::to_string(i))->put(&token, static_cast<uint64_t>(part));
    for (auto& a : actors)
      a->join();
    times.makespan = sg4::Engine::get_clock();
    double start   = sg4::Engine::get_clock();
    auto alone     = sg4::Actor::create("sequential", workers[0], [part, m] {
      sg4::Mailbox::by_name("whole")->get<int>();
      sg4::this_actor::execute(part * m);
    });
    sg4::Mailbox::by_name("whole")->put(&token, static_cast<uint64_t>(part * m));
    alone->join();
    times.sequential = sg4::Engine::get_clock() - start;
  });
  e.run();
  return times;
}

}  // namespace bare
