// The hierarchical farm of bench/farm-large.yaml written straight against S4U, with no isogrid code: the anchor
// bench/farm_large.sh runs interleaved with isogrid. Same platform (100 star clusters of 101 hosts, every pair of
// clusters joined by its own link, as SimGrid's <cluster> tag builds them), same actors started in the same order,
// same protocol, so the makespan is the same to the last digit; what a hand-writer would not have is everything
// around the simulation (parsing, checking, the fork, the result rows).
//
// Receivers that hear from many senders take messages in the order they finish arriving: each sender writes to a
// mailbox of its own, drained by a relay on the receiver's host into a local queue (S4U 3.32 offers no cheaper way
// to get that order; Comm::wait_any hands back simultaneous arrivals in vector order instead).
//
// Usage: bench_bare_farm [clusters=100] [workers=100] [tasks=100000] [S=3] [lan=1e6] [inter=1e6] [--cfg=k:v ...]
// prints the makespan. lan: the workers' and sub-masters' links, B/s (cluster 0's are 1e9: the master takes every
// result); inter: the links between clusters; --cfg settings go to SimGrid after the exact-network ones.
#include "bare_star_scenario.hpp"

#include <simgrid/s4u.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace {

enum Kind : int { kTasks, kResult, kFlush, kStop };
struct Note {
  int kind        = 0;
  long long from  = 0;
  long long count = 0;
};

constexpr double kTaskFlops = 1e12, kCommandBytes = 4, kResultBytes = 2310244, kAggregateFlops = 577561;

struct Queue {  // notes between actors of one host, in zero time
  std::deque<Note> notes;
  sg4::SemaphorePtr available = sg4::Semaphore::create(0);
  void push(const Note& n)
  {
    notes.push_back(n);
    available->release();
  }
  Note pop()
  {
    available->acquire();
    Note n = notes.front();
    notes.pop_front();
    return n;
  }
};

void post(sg4::Mailbox* box, double bytes, const Note& n)
{
  box->put_init(new Note(n), static_cast<uint64_t>(bytes))->detach([](void* p) { delete static_cast<Note*>(p); });
}

void send(sg4::Mailbox* box, double bytes, const Note& n) { box->put(new Note(n), static_cast<uint64_t>(bytes)); }

Note get(sg4::Mailbox* box) { return *box->get_unique<Note>(); }

sg4::Mailbox* open_line(Queue& inbox, const std::string& name, sg4::Host* host)
{
  sg4::Mailbox* line = sg4::Mailbox::by_name(name);
  sg4::Actor::create("relay-" + name, host, [line, &inbox] {
    line->set_receiver(sg4::Actor::self());
    for (;;)
      inbox.push(get(line));
  })->daemonize();
  return line;
}

struct Farm {
  long long tasks = 0, aggregation = 0, queue = 0;
  std::vector<sg4::Host*> heads;
  std::vector<std::vector<sg4::Host*>> workers;
  std::vector<std::vector<sg4::Mailbox*>> worker_boxes;
  Queue master;
  std::vector<std::unique_ptr<Queue>> sub_inbox, uplinks;
  double makespan = 0;
};

struct Consumer {
  sg4::Mailbox* commands;
  size_t cluster;
  long long holds;
};

void worker(sg4::Mailbox* inbox, sg4::Mailbox* reply, long long id)
{
  inbox->set_receiver(sg4::Actor::self());
  long long held = 0;
  for (;;) {
    while (held == 0 || inbox->ready()) {
      Note n = get(inbox);
      if (n.kind == kStop)
        return;
      held += n.count;
    }
    sg4::this_actor::execute(kTaskFlops);
    held -= 1;
    send(reply, kResultBytes, {kResult, id, 1});
  }
}

void master(Farm& farm, const std::vector<Consumer>& consumers)
{
  long long remaining = farm.tasks, done = 0;
  bool flushed = false;
  auto give    = [&](const Consumer& c, long long k) {
    k = std::min(k, remaining);
    if (k > 0)
      post(c.commands, static_cast<double>(k) * kCommandBytes, {kTasks, 0, k});
    remaining -= k;
  };
  auto flush_when_out = [&] {
    if (remaining > 0 || flushed)
      return;
    for (const auto& c : consumers)
      if (c.cluster > 0)
        post(c.commands, 0, {kFlush, 0, 0});
    flushed = true;
  };
  for (const auto& c : consumers)
    give(c, c.holds);
  flush_when_out();
  while (done < farm.tasks) {
    Note n = farm.master.pop();
    sg4::this_actor::execute(kAggregateFlops);
    done += n.count;
    give(consumers[static_cast<size_t>(n.from)], n.count);
    flush_when_out();
  }
  sg4::this_actor::execute(kAggregateFlops);
  farm.makespan = sg4::Engine::get_clock();
  for (const auto& c : consumers)
    post(c.commands, kCommandBytes, {kStop, 0, 0});
}

void uplink(Queue& queue, sg4::Mailbox* line, long long id)
{
  for (;;) {
    Note n = queue.pop();
    if (n.kind == kStop)
      return;
    send(line, kResultBytes, {kResult, id, n.count});
  }
}

void sub_master(Farm& farm, size_t c)
{
  const auto& boxes = farm.worker_boxes[c];
  size_t n_workers  = boxes.size();
  long long queued = 0, summed = 0, out = 0;
  std::vector<long long> held(n_workers, 0);
  bool last_batch = false;
  Queue& up       = *farm.uplinks[c];
  auto ship       = [&](long long k) {
    up.push({kResult, 0, k});
    summed -= k;
  };
  for (;;) {
    Note n = farm.sub_inbox[c]->pop();
    if (n.kind == kStop)
      break;
    if (n.kind == kTasks)
      queued += n.count;
    if (n.kind == kFlush)
      last_batch = true;
    if (n.kind == kResult) {
      held[static_cast<size_t>(n.from)] -= 1;
      out -= 1;
      summed += 1;
      sg4::this_actor::execute(kAggregateFlops);
      if (summed == farm.aggregation)
        ship(farm.aggregation);
    }
    for (size_t w = 0; w < n_workers && queued > 0; ++w)
      if (held[w] < 1) {
        post(boxes[w], kCommandBytes, {kTasks, 0, 1});
        held[w] += 1, out += 1, queued -= 1;
      }
    if (last_batch && queued == 0 && out == 0 && summed > 0)
      ship(summed);
  }
  for (auto* box : boxes)
    post(box, kCommandBytes, {kStop, 0, 0});
  up.push({kStop, 0, 0});
}

void launch(Farm& farm)
{
  size_t n = farm.heads.size();
  for (size_t c = 0; c < n; ++c) {
    farm.sub_inbox.push_back(std::make_unique<Queue>());
    farm.uplinks.push_back(std::make_unique<Queue>());
    farm.worker_boxes.emplace_back();
    for (size_t w = 0; w < farm.workers[c].size(); ++w)
      farm.worker_boxes[c].push_back(sg4::Mailbox::by_name("farm:c" + std::to_string(c) + ":w" + std::to_string(w)));
  }
  std::vector<Consumer> consumers;
  for (size_t w = 0; w < farm.workers[0].size(); ++w) {
    auto id = static_cast<long long>(consumers.size());
    consumers.push_back({farm.worker_boxes[0][w], 0, 1});
    sg4::Mailbox* reply = open_line(farm.master, "farm:master:from-w" + std::to_string(w), farm.heads[0]);
    sg4::Actor::create("worker-0-" + std::to_string(w), farm.workers[0][w],
                       [box = farm.worker_boxes[0][w], reply, id] { worker(box, reply, id); });
  }
  for (size_t c = 1; c < n; ++c) {
    std::string cs         = std::to_string(c);
    auto id                = static_cast<long long>(consumers.size());
    Queue& inbox           = *farm.sub_inbox[c];
    sg4::Mailbox* commands = open_line(inbox, "farm:c" + cs + ":commands", farm.heads[c]);
    sg4::Mailbox* results  = open_line(farm.master, "farm:master:from-c" + cs, farm.heads[0]);
    consumers.push_back({commands, c, static_cast<long long>(farm.workers[c].size()) + farm.queue});
    sg4::Actor::create("sub-master-" + cs, farm.heads[c], [&farm, c] { sub_master(farm, c); });
    sg4::Actor::create("uplink-" + cs, farm.heads[c],
                       [&farm, c, results, id] { uplink(*farm.uplinks[c], results, id); });
    for (size_t w = 0; w < farm.workers[c].size(); ++w) {
      sg4::Mailbox* reply = open_line(inbox, "farm:c" + cs + ":results-w" + std::to_string(w), farm.heads[c]);
      sg4::Actor::create("worker-" + cs + "-" + std::to_string(w), farm.workers[c][w],
                         [box = farm.worker_boxes[c][w], reply, w] { worker(box, reply, static_cast<long long>(w)); });
    }
  }
  sg4::Actor::create("master", farm.heads[0], [&farm, consumers] { master(farm, consumers); });
}

// C star zones of 1 + W hosts (1 Gf, a private split-duplex link each: 1 GBps in cluster 0, `lan` elsewhere,
// 100 us), a router each, and one split-duplex `inter`, 50 ms link per pair of clusters as their zone route.
void build_platform(Farm& farm, size_t clusters, size_t workers, double lan, double inter)
{
  auto* grid = sg4::create_full_zone("farm-100x100");
  std::vector<sg4::NetZone*> zones;
  std::vector<simgrid::kernel::routing::NetPoint*> routers;
  for (size_t c = 0; c < clusters; ++c) {
    std::string name = "c" + std::to_string(c);
    auto* zone       = sg4::create_star_zone(name);
    zone->set_parent(grid);
    std::vector<sg4::Host*> hosts;
    for (size_t i = 0; i <= workers; ++i) {
      std::string host_name = name + "-" + std::to_string(i);
      sg4::Host* host       = zone->create_host(host_name, 1e9)->set_core_count(1)->seal();
      sg4::Link* link = zone->create_split_duplex_link("link:" + host_name, c == 0 ? 1e9 : lan)->set_latency(1e-4);
      link->seal();
      zone->add_route(host->get_netpoint(), nullptr, nullptr, nullptr, {{link, sg4::LinkInRoute::Direction::UP}}, true);
      hosts.push_back(host);
    }
    routers.push_back(zone->create_router(name + "-router"));
    zone->seal();
    zones.push_back(zone);
    farm.heads.push_back(hosts[0]);
    farm.workers.emplace_back(hosts.begin() + 1, hosts.end());
  }
  for (size_t a = 0; a < clusters; ++a)
    for (size_t b = a + 1; b < clusters; ++b) {
      std::string name = "inter:c" + std::to_string(a) + ":c" + std::to_string(b);
      sg4::Link* link  = grid->create_split_duplex_link(name, inter)->set_latency(0.05);
      link->seal();
      grid->add_route(zones[a]->get_netpoint(), zones[b]->get_netpoint(), routers[a], routers[b],
                      {{link, sg4::LinkInRoute::Direction::UP}}, true);
    }
  grid->seal();
}

// The i-th positional argument (the --cfg settings come after them).
double arg(int argc, char** argv, int i, double fallback)
{
  return argc > i && argv[i][0] != '-' ? std::atof(argv[i]) : fallback;
}

}  // namespace

int main(int argc, char** argv)
{
  auto clusters = static_cast<size_t>(arg(argc, argv, 1, 100));
  auto workers  = static_cast<size_t>(arg(argc, argv, 2, 100));
  Farm farm;
  farm.tasks       = static_cast<long long>(arg(argc, argv, 3, 100000));
  farm.aggregation = static_cast<long long>(arg(argc, argv, 4, 3));
  double lan = arg(argc, argv, 5, 1e6), inter = arg(argc, argv, 6, 1e6);
  // The round-trip prefetch: S plus what the sub-workers finish while a result crosses the Internet and back.
  double rate       = static_cast<double>(workers) * 1e9 / kTaskFlops;
  double round_trip = kResultBytes / std::min(lan, inter) + 2 * (1e-4 + 0.05 + 1e-4);
  farm.queue        = farm.aggregation + static_cast<long long>(std::ceil(rate * round_trip));

  std::vector<std::string> settings;
  for (int i = 1; i < argc; ++i)
    if (argv[i][0] == '-')
      settings.emplace_back(argv[i]);
  simgrid::s4u::Engine& engine = bare::start_engine(argv[0], settings);
  build_platform(farm, clusters, workers, lan, inter);
  launch(farm);
  engine.run();
  std::printf("%.17g\n", farm.makespan);
  return 0;
}
