// Baseline for the harness-overhead benchmark: the DLT star schedule of isogrid's dlt-star model, written straight
// against S4U with no isogrid code: m workers behind their own links, a one-port originator sending equal parts,
// workers computing on receipt, then the sequential reference on P1. Usage: bench_bare_star M
#include <simgrid/s4u.hpp>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace sg4 = simgrid::s4u;

static int token = 0;

int main(int argc, char** argv)
{
  auto started = std::chrono::steady_clock::now();
  int m        = argc > 1 ? std::stoi(argv[1]) : 1000;
  std::vector<std::string> args = {argv[0], "--log=root.thres:critical", "--cfg=network/model:CM02",
                                   "--cfg=network/latency-factor:1", "--cfg=network/bandwidth-factor:1",
                                   "--cfg=network/TCP-gamma:0", "--cfg=network/crosstraffic:0",
                                   "--cfg=network/weight-S:0"};
  std::vector<char*> cargs;
  for (auto& a : args)
    cargs.push_back(a.data());
  int cargc = static_cast<int>(cargs.size());
  sg4::Engine e(&cargc, cargs.data());

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

  const double part = 1e9;
  std::vector<sg4::ActorPtr> actors;
  for (int i = 0; i < m; ++i)
    actors.push_back(sg4::Actor::create("worker", workers[i], [i, part] {
      sg4::Mailbox::by_name("part-" + std::to_string(i))->get<int>();
      sg4::this_actor::execute(part);
    }));
  double makespan = 0, sequential = 0;
  sg4::Actor::create("originator", root, [&] {
    for (int i = 0; i < m; ++i)
      sg4::Mailbox::by_name("part-" + std::to_string(i))->put(&token, static_cast<uint64_t>(part));
    for (auto& a : actors)
      a->join();
    makespan     = sg4::Engine::get_clock();
    double start = sg4::Engine::get_clock();
    auto alone   = sg4::Actor::create("sequential", workers[0], [part, m] {
      sg4::Mailbox::by_name("whole")->get<int>();
      sg4::this_actor::execute(part * m);
    });
    sg4::Mailbox::by_name("whole")->put(&token, static_cast<uint64_t>(part * m));
    alone->join();
    sequential = sg4::Engine::get_clock() - start;
  });
  e.run();
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  // elapsed: engine, platform and simulation, as an isogrid child does them (process start-up excluded).
  std::printf("m=%d makespan=%.6f sequential=%.6f elapsed_ms=%.3f\n", m, makespan, sequential, 1000 * elapsed);
  return 0;
}
