// The GUM runtime's PE core (workloads/gph/runtime/pe_core.hpp) driven by hand through a loopback network with a
// fixed latency: hand-worked timelines of sparks, steals, FETCH/RESUME, black holes and packets, with no SimGrid.
// The simulated shell is checked through the gph-runtime model at the end: one PE is the sequential run exactly.
#include "base/random.hpp"
#include "policies/gph/runtime_policies.hpp"
#include "simulator/core/catalog.hpp"
#include "simulator/sg/platform_check.hpp"
#include "tests/test_support.hpp"
#include "workloads/gph/gph_model.hpp"
#include "workloads/gph/grid_configuration.hpp"
#include "workloads/gph/kernels.hpp"
#include "workloads/gph/runtime/pe_core.hpp"
#include "workloads/loads/platform_loads.hpp"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <map>
#include <memory>
#include <set>

using namespace isogrid::gph;

namespace {

// A program given node by node: key.a indexes `nodes`.
class TableProgram : public Program {
public:
  explicit TableProgram(std::vector<Node> nodes) : nodes_(std::move(nodes)) {}
  std::string name() const override { return "table"; }
  ProgramParameters parameters() const override { return {}; }
  NodeKey root() const override { return {0, 0, 0}; }
  Node expand(const NodeKey& key) const override { return nodes_.at(static_cast<size_t>(key.a)); }
  double sequential_work() const override
  {
    double w = 0;
    for (const Node& n : nodes_)
      w += n.work();
    return w;
  }
  uint64_t spark_count() const override { return 0; }
  double packet_bytes() const override { return 0; }

private:
  std::vector<Node> nodes_;
};

Node node(double before, const std::vector<int64_t>& sparked = {}, std::optional<int64_t> inline_child = {},
          double after = 0, double result_bytes = 8, double graph_bytes = 8)
{
  Node n;
  n.before = before;
  n.after  = after;
  for (int64_t k : sparked)
    n.sparked.push_back({k, 0, 0});
  if (inline_child)
    n.inline_child = NodeKey{*inline_child, 0, 0};
  n.result_bytes = result_bytes;
  n.graph_bytes  = graph_bytes;
  return n;
}

// Every PE in one cluster, one PE per host; messages take `latency` plus bytes / bandwidth.
struct Loopback {
  Topology topology;
  RuntimeSetup setup;
  std::vector<std::unique_ptr<isogrid::SeededRandom>> random;
  std::vector<std::unique_ptr<PeCore>> cores;
  std::multimap<std::pair<double, uint64_t>, Message> in_flight;  // (arrival, send order)
  uint64_t sent      = 0;
  double bandwidth   = std::numeric_limits<double>::infinity();
  double now         = 0;
  double finished_at = -1;
  isogrid::Timeline timeline;
  std::unique_ptr<PeRecorder> recorder;  // record() attaches one to every core

  Loopback(const Program& program, size_t pes, const std::string& runtime, Parameters parameters, size_t main_pe = 0)
      : Loopback(program, Topology(std::vector<size_t>(pes, 0), std::vector<double>(pes, 1.0), {{0.1}}), runtime,
                 parameters, main_pe)
  {
  }

  // Messages take the topology's latency between the two PEs (plus bytes / bandwidth).
  Loopback(const Program& program, Topology t, const std::string& runtime, Parameters parameters, size_t main_pe)
      : topology(std::move(t))
  {
    size_t pes       = topology.pes();
    setup.program    = &program;
    setup.topology   = &topology;
    setup.policy     = &runtime_policies().get(runtime);
    setup.parameters = parameters;
    setup.main_pe    = main_pe;
    setup.work_rate.assign(pes, 1.0);
    for (size_t pe = 0; pe < pes; ++pe) {
      random.push_back(std::make_unique<isogrid::SeededRandom>(100 + pe));
      auto* r = random.back().get();
      cores.push_back(std::make_unique<PeCore>(setup, pe, [r] { return r->next(); }));
    }
  }

  void record()
  {
    std::vector<std::string> names;
    for (size_t pe = 0; pe < cores.size(); ++pe)
      names.push_back("pe " + std::to_string(pe));
    recorder = std::make_unique<PeRecorder>(timeline, names);
    for (auto& c : cores)
      c->record_into(recorder.get());
  }

  void collect(PeCore& core)
  {
    for (Message& m : core.outbox()) {
      double arrival = now + topology.latency(m.from, m.to) + m.bytes / bandwidth;
      in_flight.emplace(std::make_pair(arrival, sent++), std::move(m));
    }
    core.outbox().clear();
  }

  // Runs until the main thread finishes (or `limit`); returns the finishing time.
  double run(double limit = 1e6)
  {
    for (auto& c : cores) {
      c->start(0);
      collect(*c);
    }
    while (finished_at < 0) {
      double next_message =
          in_flight.empty() ? std::numeric_limits<double>::infinity() : in_flight.begin()->first.first;
      size_t waking    = cores.size();
      double next_wake = std::numeric_limits<double>::infinity();
      for (size_t pe = 0; pe < cores.size(); ++pe)
        if (cores[pe]->wake_time() < next_wake)
          next_wake = cores[pe]->wake_time(), waking = pe;
      double t = std::min(next_message, next_wake);
      if (t > limit)
        throw std::runtime_error("loopback: not finished by the limit");
      now = t;
      if (next_message <= next_wake) {
        Message m = std::move(in_flight.begin()->second);
        in_flight.erase(in_flight.begin());
        PeCore& to = *cores[m.to];
        to.on_message(m, now);
        collect(to);
      } else {
        cores[waking]->on_wake(now);
        collect(*cores[waking]);
      }
      for (auto& c : cores)
        if (c->finished())
          finished_at = now;
    }
    if (recorder)
      recorder->finish(finished_at);
    return finished_at;
  }

  MessageCounts messages() const
  {
    MessageCounts total;
    for (auto& c : cores)
      total += c->statistics().messages;
    return total;
  }
  uint64_t sum(uint64_t PeStatistics::*field) const
  {
    uint64_t n = 0;
    for (auto& c : cores)
      n += c->statistics().*field;
    return n;
  }
};

// The hand-worked timelines below handle messages on arrival (poll_interval 0), so that their times stay round;
// scheduler entry at a timer tick and what it changes have hand-worked tests of their own.
Parameters with_delay(double delay)
{
  Parameters p;
  p.fish_delay    = delay;
  p.poll_interval = 0;
  return p;
}

Message fish_from(size_t origin, size_t to, double sent)
{
  Message f;
  f.kind    = MessageKind::Fish;
  f.from    = static_cast<std::uint32_t>(origin);
  f.to      = static_cast<std::uint32_t>(to);
  f.fish    = Fish{origin, 0};
  f.sent_at = sent;
  return f;
}

// A one-PE-per-host setup on `topology` with every work rate 1.
RuntimeSetup setup_for(const Program& program, const Topology& topology, const std::string& runtime)
{
  RuntimeSetup setup;
  setup.program  = &program;
  setup.topology = &topology;
  setup.policy   = &runtime_policies().get(runtime);
  setup.main_pe  = 0;
  setup.work_rate.assign(topology.pes(), 1.0);
  return setup;
}

}  // namespace

TEST(GphRuntime, OnePeEvaluatesEverySparkItselfInSequentialTime)
{
  auto program = make_kernel("parFib", {{"n", 15}, {"threshold", 5}});
  Loopback net(*program, 1, "grid-gum1", with_delay(1));
  double t = net.run();
  EXPECT_NEAR(t, program->sequential_work(), 1e-9 * program->sequential_work());
  const PeStatistics& s = net.cores[0]->statistics();
  EXPECT_EQ(s.threads, 1u);
  EXPECT_EQ(s.sparks, program->spark_count());
  EXPECT_EQ(s.absorbed, program->spark_count());
  EXPECT_EQ(s.messages.total(), 0u);
}

// PE 0 runs main: 1 s, sparks A (4 s), evaluates B (4 s) inline, demands A, 1 s after. PE 1 fishes from t = 0;
// with two PEs every fish goes to the other PE. Latency 0.1 s, FISH_DELAY 0.5 s:
//   0.0 PE1 fish -> 0.1 PE0 (no spark yet) passes it on -> 0.2 back home; 0.7 fish -> 0.8 passed on -> 0.9 home;
//   1.0 PE0 sparks A, starts B; 1.4 fish -> 1.5 PE0 SCHEDULEs A -> 1.6 PE1 runs A (ACK -> 1.7);
//   5.0 PE0 finishes B, demands A: FETCH -> 5.1 PE1 queues it (A is a black hole); 5.6 A done: RESUME -> 5.7;
//   5.7 PE0 resumes, 1 s after: done at 6.7.
TEST(GphRuntime, HandWorkedStealFetchAndResume)
{
  TableProgram program({node(1, {1}, 2, 1), node(4), node(4)});
  Loopback net(program, 2, "grid-gum1", with_delay(0.5));
  EXPECT_NEAR(net.run(), 6.7, 1e-12);
  MessageCounts m = net.messages();
  EXPECT_EQ(m.of(MessageKind::Schedule), 1u);
  EXPECT_EQ(m.of(MessageKind::Fetch), 1u);
  EXPECT_EQ(m.of(MessageKind::Resume), 1u);
  EXPECT_EQ(m.of(MessageKind::Ack), 2u);   // for the SCHEDULE and for the RESUME
  EXPECT_GE(m.of(MessageKind::Fish), 5u);  // three fishes from PE 1, two passed back by PE 0 (and later ones)
  EXPECT_EQ(net.cores[0]->statistics().threads, 1u);
  EXPECT_EQ(net.cores[1]->statistics().threads, 1u);
  EXPECT_EQ(net.sum(&PeStatistics::absorbed), 0u);
  EXPECT_EQ(net.sum(&PeStatistics::shipped), 1u);
  EXPECT_NEAR(net.cores[1]->statistics().busy_seconds, 4.0, 1e-12);
  EXPECT_EQ(net.cores[1]->statistics().stolen_work, std::vector<double>{4.0});  // A, the one stolen spark
  EXPECT_TRUE(net.cores[0]->statistics().stolen_work.empty());                  // main is not a stolen spark
}

// The same program with A reading the program's input, which lives on the main PE (PE 0): one fetch of 100 B cuts
// A's 4 s into two slices of 2 s. PE 1 runs A from 1.6, sends the FETCH at 3.6 (its thread blocks; with nothing
// else to run, PE 1 fishes meanwhile), PE 0 answers on arrival at 3.7, the data is in at 3.8 and A's second slice
// runs 3.8-5.8. PE 0's FETCH of A's value waits at the black hole from 5.1; the RESUME leaves at 5.8, main resumes
// at 5.9 and ends at 6.9: the hand-worked 6.7 plus one round trip. On the main PE the input is local: with FISH_DELAY
// 10 s main absorbs A and the run takes 10 s with no fetch at all.
TEST(GphRuntime, AThreadAwayFromTheMainPeFetchesItsInputSynchronously)
{
  Node a        = node(4);
  a.fetches     = 1;
  a.fetch_bytes = 100;
  TableProgram program({node(1, {1}, 2, 1), a, node(4)});
  Loopback net(program, 2, "grid-gum1", with_delay(0.5));
  EXPECT_NEAR(net.run(), 6.9, 1e-12);
  EXPECT_EQ(net.cores[0]->statistics().input_fetches, 0u);
  EXPECT_EQ(net.cores[1]->statistics().input_fetches, 1u);
  MessageCounts m = net.messages();
  EXPECT_EQ(m.of(MessageKind::Fetch), 2u);  // the input, and A's value
  EXPECT_EQ(m.of(MessageKind::Resume), 2u);
  EXPECT_EQ(m.of(MessageKind::Ack), 3u);  // the SCHEDULE's and both RESUMEs'
  EXPECT_NEAR(net.cores[1]->statistics().busy_seconds, 4.0, 1e-12);
  EXPECT_EQ(net.cores[1]->statistics().blocked, 1u);
  EXPECT_EQ(net.cores[1]->statistics().stolen_work, std::vector<double>{4.0});  // both slices, across the fetch

  Loopback alone(program, 2, "grid-gum1", with_delay(10));
  EXPECT_NEAR(alone.run(), 10.0, 1e-12);
  EXPECT_EQ(alone.messages().of(MessageKind::Fetch), 0u);
  EXPECT_EQ(alone.sum(&PeStatistics::input_fetches), 0u);
}

// Shared input pieces are fetched once per PE (GUM overwrites the FETCH_ME with the graph it brought). The stolen
// spark A (3 s) reads piece 7 (2 fetches) and evaluates C (1 s) inline, which reads piece 7 again and piece 8 (1
// fetch). Latency 0.1 s, FISH_DELAY 0.5 s, as above, PE 1 starts A at 1.6:
//   A's slices of 1 s: 1.6-2.6, FETCH -> 2.7 answered -> 2.8, 2.8-3.8, FETCH -> 4.0, 4.0-5.0;
//   C holds piece 7 already: one fetch (piece 8) in two slices of 0.5 s: 5.0-5.5, FETCH -> 5.7, 5.7-6.2;
//   PE 0 demands A at 5.0 (black hole); A's value leaves at 6.2, is in at 6.3; main's last second ends at 7.3.
// Were C's first piece another one (9), C would make 3 fetches in four slices of 0.25 s: 5.0-5.25, 5.45-5.7,
// 5.9-6.15, 6.35-6.6, and the run would end at 7.7 with 5 fetches.
TEST(GphRuntime, ASharedInputPieceIsFetchedOncePerPe)
{
  auto run = [](std::uint64_t c_first_piece, std::uint64_t expect_fetches, double expect_end) {
    Node a          = node(3, {}, 3);
    a.fetch_bytes   = 100;
    a.shared_inputs = {{7, 2}};
    Node c          = node(1);
    c.fetch_bytes   = 100;
    c.shared_inputs = {{c_first_piece, 2}, {8, 1}};
    TableProgram program({node(1, {1}, 2, 1), a, node(4), c});
    Loopback net(program, 2, "grid-gum1", with_delay(0.5));
    EXPECT_NEAR(net.run(), expect_end, 1e-12);
    EXPECT_EQ(net.cores[0]->statistics().input_fetches, 0u);
    EXPECT_EQ(net.cores[1]->statistics().input_fetches, expect_fetches);
    EXPECT_NEAR(net.cores[1]->statistics().busy_seconds, 4.0, 1e-12);
  };
  run(7, 3, 7.3);
  run(9, 5, 7.7);
}

// The same program when A is in the pool still when the fish comes: FISH_DELAY 10 s keeps PE 1 away until 10.2,
// long after PE 0 absorbed A at 5 s: one PE does everything, 10 s.
TEST(GphRuntime, AnUnstolenSparkIsAbsorbedByItsParent)
{
  TableProgram program({node(1, {1}, 2, 1), node(4), node(4)});
  Loopback net(program, 2, "grid-gum1", with_delay(10));
  EXPECT_NEAR(net.run(), 10.0, 1e-12);
  EXPECT_EQ(net.sum(&PeStatistics::absorbed), 1u);
  EXPECT_EQ(net.messages().of(MessageKind::Schedule), 0u);
}

// Main sparks A and B, evaluates C (2 s) inline, then demands A and B. PE 1's third fish (1.4 -> 1.5) takes A, the
// oldest spark. At 3 s main blocks on A (FETCH), so PE 0 turns B into a thread (3-7 s); A's value is back at 5.7,
// but threads are not preempted: main goes on when B is done, at 7, finds both values and ends at 8.
TEST(GphRuntime, ABlockedThreadLetsItsPeRunALocalSparkWithoutPreemption)
{
  TableProgram program({node(1, {1, 2}, 3, 1), node(4), node(4), node(2)});
  Loopback net(program, 2, "grid-gum1", with_delay(0.5));
  EXPECT_NEAR(net.run(), 8.0, 1e-12);
  EXPECT_EQ(net.cores[0]->statistics().threads, 2u);
  EXPECT_EQ(net.cores[0]->statistics().blocked, 1u);
  EXPECT_EQ(net.sum(&PeStatistics::absorbed), 0u);
}

// A SCHEDULE of 10 000 bytes with 4 096-byte packets: the first packet carries the message, two more follow, each
// fetched by a More/Packet round trip (0.2 s): A reaches PE 1 at 1.5 + 0.1 + 2 x 0.2 = 2.0 s instead of 1.6 s,
// and the whole run ends 0.4 s later than the hand-worked one.
TEST(GphRuntime, ALargeTransferGoesInPacketsEachFetchedByARoundTrip)
{
  TableProgram program({node(1, {1}, 2, 1), node(4, {}, {}, 0, 8, 10000 - 32), node(4)});
  Loopback net(program, 2, "grid-gum1", with_delay(0.5));
  EXPECT_NEAR(net.run(), 7.1, 1e-12);
  MessageCounts m = net.messages();
  EXPECT_EQ(m.of(MessageKind::More), 2u);
  EXPECT_EQ(m.of(MessageKind::Packet), 2u);
}

// GRID-GUM2's P3 across clusters: PE 1 (cluster 1, 30 ms away; local latency 0.1 ms) fishes PE 0, which holds
// 7 sparks (main absorbed the first of its 8): min(7 - keep_local 1, ceil(30 / 0.1), k_max 8) = 6, capped at half
// the pool: 3.
TEST(GphRuntime, GridGum2SendsSeveralSparksToARemoteRequester)
{
  std::vector<Node> nodes = {node(0.5, {1, 1, 1, 1, 1, 1, 1, 1}, {}, 0)};
  nodes.push_back(node(1));
  TableProgram program(nodes);
  Topology topology({0, 1}, {1.0, 1.0}, {{1e-4, 0.03}, {0.03, 1e-4}});
  RuntimeSetup setup = setup_for(program, topology, "grid-gum2");
  setup.parameters   = with_delay(0.5);
  isogrid::SeededRandom r0(1), r1(2);
  PeCore pe0(setup, 0, [&] { return r0.next(); });
  PeCore pe1(setup, 1, [&] { return r1.next(); });
  // Start-up: PE 1 sends its speed to the manager (PE 0), which answers with the table; then main starts.
  pe0.start(0);
  pe1.start(0);
  ASSERT_EQ(pe1.outbox().size(), 1u);
  EXPECT_EQ(pe1.outbox()[0].kind, MessageKind::Speeds);
  Message speeds = pe1.outbox()[0];
  pe1.outbox().clear();
  pe0.on_message(speeds, 0.03);
  ASSERT_EQ(pe0.outbox().size(), 1u);
  Message table = pe0.outbox()[0];
  pe0.outbox().clear();
  EXPECT_EQ(table.kind, MessageKind::Table);
  pe0.on_wake(0.53);  // main's 0.5 s: 8 sparks in the pool, absorbing the first
  EXPECT_EQ(pe0.pool_size(), 7u);
  pe0.on_message(fish_from(1, 0, 0.5), 0.53);
  ASSERT_EQ(pe0.outbox().size(), 1u);
  EXPECT_EQ(pe0.outbox()[0].kind, MessageKind::Schedule);
  EXPECT_EQ(pe0.outbox()[0].sparks.size(), 3u);
  EXPECT_EQ(pe0.pool_size(), 4u);
}

// GUM handles messages at scheduler entry (Schedule.c: processMessages()), not on arrival: a FISH reaching a PE whose
// thread computes waits for the next 20-ms timer tick. Main on PE 0 computes 0.5 s, sparks 8 children and absorbs
// the first (1 s of work until 1.5 s). A FISH from PE 1 at 0.13 s finds no spark: PE 0 passes it back to PE 1 (the
// only other PE) at the tick of 0.14 s, not at 0.13. One at 0.61 s is answered with a SCHEDULE at 0.62 s. With
// poll_interval 0 both are handled as they arrive.
TEST(GphRuntime, ABusyPeHandlesMessagesAtTheNextTimerTick)
{
  std::vector<Node> nodes = {node(0.5, {1, 1, 1, 1, 1, 1, 1, 1}, {}, 0)};
  nodes.push_back(node(1));
  TableProgram program(nodes);
  Topology topology({0, 0}, {1.0, 1.0}, {{1e-4, 1e-4}, {1e-4, 1e-4}});
  auto fish_from_1 = [](double sent) { return fish_from(1, 0, sent); };
  for (double poll : {0.02, 0.0}) {
    RuntimeSetup setup             = setup_for(program, topology, "gum");
    setup.parameters.poll_interval = poll;
    isogrid::SeededRandom r0(1);
    PeCore pe0(setup, 0, [&] { return r0.next(); });
    pe0.start(0);
    EXPECT_EQ(pe0.wake_time(), 0.5);
    pe0.on_message(fish_from_1(0.13), 0.13);
    if (poll > 0) {
      EXPECT_TRUE(pe0.outbox().empty()) << "a computing PE waits for its timer";
      EXPECT_NEAR(pe0.wake_time(), 0.14, 1e-12);
      pe0.on_wake(0.14);
    }
    ASSERT_EQ(pe0.outbox().size(), 1u);
    EXPECT_EQ(pe0.outbox()[0].kind, MessageKind::Fish);  // no spark yet: passed on
    EXPECT_EQ(pe0.outbox()[0].to, 1u);
    EXPECT_NEAR(pe0.outbox()[0].sent_at, poll > 0 ? 0.14 : 0.13, 1e-12);
    pe0.outbox().clear();
    EXPECT_EQ(pe0.wake_time(), 0.5);  // the thread computed on through the tick
    pe0.on_wake(0.5);                 // 8 sparks, the first absorbed: computing until 1.5
    EXPECT_EQ(pe0.pool_size(), 7u);
    EXPECT_EQ(pe0.wake_time(), 1.5);
    pe0.on_message(fish_from_1(0.61), 0.61);
    if (poll > 0) {
      EXPECT_TRUE(pe0.outbox().empty());
      pe0.on_wake(pe0.wake_time());
    }
    ASSERT_EQ(pe0.outbox().size(), 1u);
    EXPECT_EQ(pe0.outbox()[0].kind, MessageKind::Schedule);
    EXPECT_NEAR(pe0.outbox()[0].sent_at, poll > 0 ? 0.62 : 0.61, 1e-12);
    EXPECT_EQ(pe0.pool_size(), 6u);
    EXPECT_EQ(pe0.wake_time(), 1.5);
  }
}

// Sparks.c findSpark(for_export): a PE whose run queue is empty keeps its only spark from a FISH. Main on PE 0
// computes 0.5 s, sparks A (2 s) and B (1 s), then evaluates C (0.99 s) inline until 1.49 and demands A, then B.
// A FISH arriving at 0.6 waits for the tick of 0.62 and takes A, the oldest spark. One arriving at 0.7 is handled at
// the 0.72 tick while main runs (it yielded to the scheduler, so the run queue is not empty): B goes too, though it
// is the last spark. In a second run the second FISH arrives at 1.485, after the 0.62 one took A: main finishes C at
// 1.49, demands A (shipped: it blocks) and the scheduler handles the FISH with an empty run queue and B as its only
// spark: B stays, the FISH is passed on to PE 1 (the only other PE), and PE 0 turns B into a thread (1.49-2.49).
// Without the rule B is shipped and PE 0, with nothing left, fishes itself.
TEST(GphRuntime, APeWithNothingElseToRunKeepsItsLastSparkFromAFish)
{
  TableProgram program({node(0.5, {1, 2}, 3, 0), node(2), node(1), node(0.99)});
  Topology topology({0, 0}, {1.0, 1.0}, {{1e-4, 1e-4}, {1e-4, 1e-4}});
  auto run_to_first_schedule = [&](PeCore& pe0) {
    pe0.start(0);
    pe0.on_wake(0.5);  // A and B in the pool, C computing until 1.49
    EXPECT_EQ(pe0.pool_size(), 2u);
    pe0.on_message(fish_from(1, 0, 0.5999), 0.6);
    EXPECT_TRUE(pe0.outbox().empty());
    pe0.on_wake(pe0.wake_time());
    EXPECT_NEAR(pe0.outbox().at(0).sent_at, 0.62, 1e-12);
    EXPECT_EQ(pe0.outbox().at(0).kind, MessageKind::Schedule);
    EXPECT_EQ(pe0.pool_size(), 1u);
    pe0.outbox().clear();
  };
  RuntimeSetup setup = setup_for(program, topology, "gum");
  ASSERT_TRUE(setup.parameters.keep_last_spark);
  ASSERT_EQ(setup.parameters.poll_interval, 0.02);
  {
    isogrid::SeededRandom r0(1);
    PeCore pe0(setup, 0, [&] { return r0.next(); });
    run_to_first_schedule(pe0);
    pe0.on_message(fish_from(1, 0, 0.6999), 0.7);
    pe0.on_wake(pe0.wake_time());
    ASSERT_EQ(pe0.outbox().size(), 1u);
    EXPECT_EQ(pe0.outbox()[0].kind, MessageKind::Schedule) << "at a tick the running thread is in the run queue";
    EXPECT_EQ(pe0.pool_size(), 0u);
  }
  for (bool keep : {true, false}) {
    setup.parameters.keep_last_spark = keep;
    isogrid::SeededRandom r0(1);
    PeCore pe0(setup, 0, [&] { return r0.next(); });
    run_to_first_schedule(pe0);
    pe0.on_message(fish_from(1, 0, 1.4849), 1.485);
    EXPECT_TRUE(pe0.outbox().empty());
    EXPECT_NEAR(pe0.wake_time(), 1.49, 1e-12);  // C ends before the 1.50 tick
    pe0.on_wake(1.49);
    std::vector<MessageKind> kinds;
    for (const Message& m : pe0.outbox())
      kinds.push_back(m.kind);
    if (keep) {
      EXPECT_EQ(kinds, std::vector<MessageKind>{MessageKind::Fish});
      EXPECT_EQ(pe0.outbox()[0].to, 1u);
      EXPECT_EQ(pe0.outbox()[0].fish.origin, 1u);
      EXPECT_NEAR(pe0.wake_time(), 2.49, 1e-12) << "B runs here";
      EXPECT_EQ(pe0.statistics().threads, 2u);
    } else {
      EXPECT_EQ(kinds, (std::vector<MessageKind>{MessageKind::Schedule, MessageKind::Fish}));
      EXPECT_EQ(pe0.outbox()[1].fish.origin, 0u) << "PE 0's own fish";
      EXPECT_EQ(pe0.statistics().threads, 1u);
    }
  }
}

// GRID-GUM2's latency samples are the network's: a message that waited for a busy PE's timer tick is timed at its
// arrival. PE 1 (same cluster, 0.1 ms; the 1-ms threshold makes it local) fishes PE 0, whose main thread computes
// with 7 sparks in the pool; the FISH arrives at 0.5301 and waits for the 0.54 tick. Timed when handled, its 9.9 ms
// would lift PE 0's smoothed latency to PE 1 to 0.1 + 0.125 x 9.8 = 1.34 ms, past the threshold, and P3 would send
// PE 1 half the pool (3 sparks) as if it were remote. Timed at arrival, the sample is 0.1 ms: one spark.
TEST(GphRuntime, GridGum2TimesAMessageAtItsArrivalNotAtTheTickThatHandlesIt)
{
  std::vector<Node> nodes = {node(0.5, {1, 1, 1, 1, 1, 1, 1, 1}, {}, 0)};
  nodes.push_back(node(1));
  TableProgram program(nodes);
  Topology topology({0, 0}, {1.0, 1.0}, {{1e-4, 1e-4}, {1e-4, 1e-4}});
  RuntimeSetup setup = setup_for(program, topology, "grid-gum2");
  isogrid::SeededRandom r0(1), r1(2);
  PeCore pe0(setup, 0, [&] { return r0.next(); });
  PeCore pe1(setup, 1, [&] { return r1.next(); });
  pe0.start(0);
  pe1.start(0);
  Message speeds = pe1.outbox().at(0);
  pe0.on_message(speeds, 1e-4);  // the manager hears every speed: main starts, 0.5 s until 0.5001
  pe0.outbox().clear();
  pe0.on_wake(0.5001);
  EXPECT_EQ(pe0.pool_size(), 7u);
  pe0.on_message(fish_from(1, 0, 0.53), 0.5301);
  EXPECT_TRUE(pe0.outbox().empty());
  EXPECT_NEAR(pe0.wake_time(), 0.54, 1e-12);
  pe0.on_wake(0.54);
  ASSERT_EQ(pe0.outbox().size(), 1u);
  EXPECT_EQ(pe0.outbox()[0].kind, MessageKind::Schedule);
  EXPECT_EQ(pe0.outbox()[0].sparks.size(), 1u);
}

TEST(GphRuntime, RejectsASetupThatDoesNotMatchItsTopology)
{
  TableProgram program({node(1)});
  Topology topology({0}, {1.0}, {{0.1}});
  RuntimeSetup setup;
  setup.program   = &program;
  setup.topology  = &topology;
  setup.policy    = &runtime_policies().get("gum");
  setup.work_rate = {1.0, 1.0};
  EXPECT_THROW(PeCore(setup, 0, [] { return std::uint64_t{0}; }), std::invalid_argument);
  setup.work_rate = {0.0};
  EXPECT_THROW(PeCore(setup, 0, [] { return std::uint64_t{0}; }), std::invalid_argument);
}

// Every runtime on two clusters of unequal PEs, 40 seeds each, with bandwidth so that messages overtake one another:
// every run finishes, and the PEs' busy time adds up to the program's work exactly (each node evaluated once, by
// one PE, at that PE's speed), whoever stole what. Catches protocol races (a spark shipped back to a PE that
// shipped it, a FETCH chasing a spark across PEs).
TEST(GphRuntime, EveryRuntimeEvaluatesEveryNodeExactlyOnceWhateverTheSeed)
{
  // parFib, and a raytracer whose rows fetch their scene from the main PE.
  auto parfib = make_kernel("parFib", {{"n", 18}, {"threshold", 8}});
  auto raytracer =
      make_kernel("raytracer",
                  {{"rows", 48}, {"groups", 8}, {"fetches_per_row", 3}, {"fetch_bytes", 300}, {"pixel_seconds", 1e-3}});
  for (const Program* program : {parfib.get(), raytracer.get()}) {
    std::uint64_t fetched = 0;
    bool stolen_any       = false;
    for (const char* runtime : {"gum", "grid-gum1", "grid-gum1.1", "grid-gum2"}) {
      for (uint64_t seed = 0; seed < 40; ++seed) {
        // Messages handled on arrival, and (every other seed) at scheduler entry with a 20-ms timer; the last spark
        // kept from a FISH or not (two seeds in four).
        const double poll           = seed % 2 ? 0.02 : 0.0;
        std::vector<size_t> cluster = {0, 0, 0, 1, 1};
        std::vector<double> speed   = {1.0, 1.0, 1.0, 2.5, 2.5};
        Topology topology(cluster, speed, {{1e-3, 0.03}, {0.03, 1e-3}});
        Parameters p;
        p.fish_delay      = 0.01;
        p.poll_interval   = poll;
        p.keep_last_spark = seed % 4 < 2;
        Loopback net(*program, topology, runtime, p, 0);
        net.setup.main_pe   = runtime_policies().get(runtime).main_pe(topology, [seed] { return seed; });
        net.setup.work_rate = speed;
        net.bandwidth       = 2e5;
        for (size_t pe = 0; pe < 5; ++pe)
          *net.random[pe] = isogrid::SeededRandom(seed * 7 + pe);
        double t    = net.run();
        double work = 0, stolen = 0;
        for (size_t pe = 0; pe < 5; ++pe) {
          const PeStatistics& st = net.cores[pe]->statistics();
          work += st.busy_seconds * speed[pe];
          for (double w : st.stolen_work)
            stolen += w;
          EXPECT_LE(st.stolen_work.size(), st.threads);
        }
        const std::string what = program->name() + " " + runtime + " seed " + std::to_string(seed);
        EXPECT_NEAR(work, program->sequential_work(), 1e-9 * program->sequential_work()) << what;
        // Every node's work is done by one thread: the stolen sparks' threads did at most what main did not.
        EXPECT_LT(stolen, program->sequential_work()) << what;
        stolen_any = stolen_any || stolen > 0;
        EXPECT_GE(t, program->sequential_work() / 10.5) << what;
        EXPECT_EQ(net.sum(&PeStatistics::sparks), program->spark_count()) << what;
        fetched += net.sum(&PeStatistics::input_fetches);
      }
    }
    EXPECT_EQ(fetched > 0, program == raytracer.get()) << program->name();
    EXPECT_TRUE(stolen_any) << program->name();
  }
}

namespace {

std::vector<const isogrid::TimelineEvent*> in_group(const std::vector<isogrid::TimelineEvent>& events,
                                                    const std::string& group)
{
  std::vector<const isogrid::TimelineEvent*> out;
  for (const auto& e : events)
    if (e.group == group)
      out.push_back(&e);
  return out;
}

size_t pe_of(const std::string& row) { return std::stoul(row.substr(3)); }  // "pe 3" or "pe 3 Edin1"

// What the timeline of any run must hold (pe_recorder.hpp), against the run's own statistics:
//  * a PE's row in "PEs" never overlaps itself and its compute intervals add up to its busy time (its finished
//    computations: nobody is cut off computing at the end, every spark was demanded, so evaluated);
//  * every spark created is evaluated or pruned exactly once: its stays, in time order, pass it on (shipped, handed
//    back) but for the last, which ends activated, absorbed or pruned; per PE, the sparks created there are its
//    count of sparks, its stays ended shipped its count shipped, absorbed or pruned its count absorbed, activated
//    its threads but main;
//  * every fish has an answer (a SCHEDULE, or it came back) but for at most MAX_FISHES per PE still out at the end;
//    per PE, the fishes are its count of fishes; the SCHEDULEs bring every spark shipped.
void expect_a_consistent_timeline(const isogrid::Timeline& timeline, const std::vector<PeStatistics>& stats,
                                  size_t main_pe, double end, unsigned max_fishes, const std::string& what)
{
  const std::vector<isogrid::TimelineEvent> events = timeline.events();
  const size_t pes                                 = stats.size();
  std::vector<double> busy(pes, 0.0), last_end(pes, 0.0);
  for (const auto* e : in_group(events, "PEs")) {
    size_t pe = pe_of(e->resource);
    EXPECT_GE(e->start, last_end[pe] - 1e-12) << what << ": " << e->resource << " overlaps itself";
    EXPECT_LT(e->start, e->end) << what;
    last_end[pe] = e->end;
    EXPECT_LE(e->end, end) << what;
    if (e->state == "compute")
      busy[pe] += e->end - e->start;
  }
  for (size_t pe = 0; pe < pes; ++pe)
    EXPECT_NEAR(busy[pe], stats[pe].busy_seconds, 1e-9 * (1 + stats[pe].busy_seconds)) << what << " pe " << pe;

  std::map<std::string, std::vector<const isogrid::TimelineEvent*>> stays;  // by spark id
  std::vector<std::map<std::string, uint64_t>> fates(pes);
  for (const auto* e : in_group(events, "sparks")) {
    stays[e->label].push_back(e);
    fates[pe_of(e->resource)][e->state] += 1;
  }
  std::vector<uint64_t> created(pes, 0);
  for (auto& [id, list] : stays) {
    created.at(std::stoul(id.substr(0, id.find('.')))) += 1;
    std::stable_sort(list.begin(), list.end(), [](auto* a, auto* b) { return a->start < b->start; });
    for (size_t k = 0; k < list.size(); ++k) {
      bool last      = k + 1 == list.size();
      bool terminal  = list[k]->state == "activated" || list[k]->state == "absorbed" || list[k]->state == "pruned";
      bool passed_on = list[k]->state == "shipped" || list[k]->state == "handed back";
      EXPECT_TRUE(last ? terminal : passed_on)
          << what << ": spark " << id << "'s stay " << k << " ends " << list[k]->state;
      if (k > 0) {
        EXPECT_GE(list[k]->start, list[k - 1]->end) << what << ": spark " << id;
      }
    }
  }
  uint64_t shipped = 0;
  for (size_t pe = 0; pe < pes; ++pe) {
    EXPECT_EQ(created[pe], stats[pe].sparks) << what << " pe " << pe;
    EXPECT_EQ(fates[pe]["shipped"], stats[pe].shipped) << what << " pe " << pe;
    EXPECT_EQ(fates[pe]["absorbed"] + fates[pe]["pruned"], stats[pe].absorbed) << what << " pe " << pe;
    EXPECT_EQ(fates[pe]["activated"], stats[pe].threads - (pe == main_pe ? 1 : 0)) << what << " pe " << pe;
    shipped += stats[pe].shipped;
  }

  std::vector<uint64_t> fishes(pes, 0), unanswered(pes, 0);
  double brought = 0;
  for (const auto* e : in_group(events, "fishes")) {
    size_t pe = pe_of(e->resource);
    fishes[pe] += 1;
    if (e->label == "no answer by the end")
      unanswered[pe] += 1;
    else if (e->label.rfind("schedule from pe ", 0) == 0)
      brought += e->value;
    else
      EXPECT_EQ(e->label, "came back") << what;
    EXPECT_LE(e->start, e->end) << what;
  }
  EXPECT_EQ(brought, static_cast<double>(shipped)) << what;
  for (size_t pe = 0; pe < pes; ++pe) {
    EXPECT_EQ(fishes[pe], stats[pe].fishes) << what << " pe " << pe;
    EXPECT_LE(unanswered[pe], max_fishes) << what << " pe " << pe;
  }
}

}  // namespace

// Recording a run's timeline changes nothing in it, and the timeline accounts for every spark, every fish and every
// second a PE computed, whatever the runtime and the seed (the set-up of the test above, half of its seeds).
TEST(GphRuntime, TheTimelineAccountsForEverySparkAndFishAndChangesNothing)
{
  auto parfib = make_kernel("parFib", {{"n", 18}, {"threshold", 8}});
  auto raytracer =
      make_kernel("raytracer",
                  {{"rows", 48}, {"groups", 8}, {"fetches_per_row", 3}, {"fetch_bytes", 300}, {"pixel_seconds", 1e-3}});
  uint64_t pruned = 0, handed_back = 0, unanswered = 0, sparks = 0;
  for (const Program* program : {parfib.get(), raytracer.get()})
    for (const char* runtime : {"gum", "grid-gum1", "grid-gum1.1", "grid-gum2"})
      for (uint64_t seed = 0; seed < 20; ++seed) {
        Topology topology({0, 0, 0, 1, 1}, {1.0, 1.0, 1.0, 2.5, 2.5}, {{1e-3, 0.03}, {0.03, 1e-3}});
        Parameters p;
        p.fish_delay      = 0.01;
        p.poll_interval   = seed % 2 ? 0.02 : 0.0;
        p.keep_last_spark = seed % 4 < 2;
        p.max_fishes      = seed % 5 == 4 ? 2 : 1;
        auto make         = [&] {
          auto net                    = std::make_unique<Loopback>(*program, topology, runtime, p, 0);
          net->setup.main_pe          = runtime_policies().get(runtime).main_pe(topology, [seed] { return seed; });
          net->setup.work_rate        = {1.0, 1.0, 1.0, 2.5, 2.5};
          net->setup.max_local_sparks = seed % 3 == 0 ? 4 : 4096;  // a small pool prunes sparks
          net->bandwidth              = 2e5;
          for (size_t pe = 0; pe < 5; ++pe)
            *net->random[pe] = isogrid::SeededRandom(seed * 7 + pe);
          return net;
        };
        auto plain = make(), recorded = make();
        recorded->record();
        const double t         = plain->run();
        const std::string what = program->name() + " " + runtime + " seed " + std::to_string(seed);
        ASSERT_EQ(recorded->run(), t) << what;
        std::vector<PeStatistics> stats;
        for (size_t pe = 0; pe < 5; ++pe) {
          stats.push_back(recorded->cores[pe]->statistics());
          EXPECT_EQ(stats.back().messages.total(), plain->cores[pe]->statistics().messages.total()) << what;
          EXPECT_EQ(stats.back().busy_seconds, plain->cores[pe]->statistics().busy_seconds) << what;
          pruned += stats.back().discarded;
          sparks += stats.back().sparks;
        }
        expect_a_consistent_timeline(recorded->timeline, stats, recorded->setup.main_pe, t, p.max_fishes, what);
        for (const auto& e : recorded->timeline.events()) {
          handed_back += e.state == "handed back";
          unanswered += e.label == "no answer by the end";
        }
      }
  // The runs met every case the timeline tells apart.
  EXPECT_GT(pruned, 0u);
  EXPECT_GT(handed_back, 0u);
  EXPECT_GT(unanswered, 0u);
  EXPECT_GT(sparks, 0u);
}

// ---- the gph-runtime model, on SimGrid ----------------------------------------------------------------------------

namespace {

using isogrid::testing::mapping;

const isogrid::Model& gph_model() { return isogrid::testing::model_of(gph_runtime_schema()); }
std::string beowulf() { return std::string(ISOGRID_SOURCE_DIR) + "/platforms/gph-beowulf.yaml"; }

GphParams gph_params(const std::string& configuration, isogrid::Mapping alphabet, const std::string& program,
                     const std::string& runtime)
{
  GphParams p;
  p.platform      = beowulf();
  p.configuration = configuration;
  p.alphabet      = std::move(alphabet);
  p.program       = program;
  p.runtime       = runtime;
  return p;
}

}  // namespace

// One Muni PE: every spark absorbed, no message; the runtime is the sequential work at Muni's speed (1575 Mf
// against the 534 Mf the work is counted on), exactly, on both faces.
TEST(GphModel, OnePeRunsTheSequentialProgram)
{
  auto out = isogrid::testing::evaluate_in_children(
      gph_runtime_schema(), {gph_params("M", mapping({{"M", std::string("Muni")}}), "sumEuler", "grid-gum1")})[0];
  double expected = make_kernel("sumEuler")->sequential_work() * 534e6 / 1575e6;
  EXPECT_NEAR(out.simulated.runtime, expected, 1e-9 * expected);
  EXPECT_NEAR(out.predicted.runtime, expected, 1e-9 * expected);
  EXPECT_EQ(out.simulated.messages, 0);
  EXPECT_EQ(out.simulated.threads, 1);
  EXPECT_EQ(out.simulated.absorbed, 82);
  EXPECT_NEAR(out.simulated.speedup, 1.0, 1e-9);
}

// The beowulfs written as a SimGrid XML platform (tests/platforms/gph-beowulf.xml, zones with an mhz property) give
// the same clusters, latencies and runs as the YAML grid spec: the model reads either through SimGrid's view.
TEST(GphModel, AnXmlPlatformRunsAsItsYamlTwin)
{
  GphParams yaml =
      gph_params("1E4M", mapping({{"E", std::string("Edin1")}, {"M", std::string("Muni")}}), "raytracer", "grid-gum2");
  GphParams xml          = yaml;
  xml.platform           = std::string(ISOGRID_SOURCE_DIR) + "/tests/platforms/gph-beowulf.xml";
  ClusterTable from_yaml = cluster_table(isogrid::read_grid_spec(yaml.platform));
  ClusterTable from_xml  = cluster_table(isogrid::sg::probe_platform(xml.platform, isogrid::loads::resolver()));
  EXPECT_EQ(from_xml.names, from_yaml.names);
  EXPECT_EQ(from_xml.mhz, from_yaml.mhz);
  EXPECT_EQ(from_xml.hosts, from_yaml.hosts);
  EXPECT_EQ(from_xml.host_flops, from_yaml.host_flops);
  EXPECT_EQ(from_xml.speed, from_yaml.speed);
  for (size_t i = 0; i < 5; ++i)
    for (size_t j = 0; j < 5; ++j)
      EXPECT_NEAR(from_xml.latency[i][j], from_yaml.latency[i][j], 1e-12) << i << " " << j;
  auto out = isogrid::testing::evaluate_in_children(gph_runtime_schema(), {yaml, xml});
  EXPECT_GT(out[0].simulated.runtime, 0);
  EXPECT_NEAR(out[1].simulated.runtime, out[0].simulated.runtime, 1e-9 * out[0].simulated.runtime);
  EXPECT_EQ(out[1].simulated.messages, out[0].simulated.messages);
  EXPECT_EQ(out[1].predicted.runtime, out[0].predicted.runtime);
  EXPECT_NEAR(out[1].simulated.mean_latency, out[0].simulated.mean_latency, 1e-9);
}

// The tables' configuration columns and the runtime's orderings on a heterogeneous grid: Table 9's 1E4M (mean CPU
// 1330.0 MHz, mean latency 14.4 ms); GRID-GUM1 starts on the slow Edin1 PE, GRID-GUM1.1 and 2 on Munich, and
// the simulated runtime is never below the no-overhead bound.
TEST(GphModel, StartingOnAFastPeWinsOnAHeterogeneousGrid)
{
  std::vector<GphParams> points;
  for (const char* runtime : {"grid-gum1", "grid-gum1.1", "grid-gum2"})
    points.push_back(
        gph_params("1E4M", mapping({{"E", std::string("Edin1")}, {"M", std::string("Muni")}}), "raytracer", runtime));
  auto out = isogrid::testing::evaluate_in_children(gph_runtime_schema(), points);
  EXPECT_NEAR(out[0].simulated.mean_cpu, 1330.0, 1e-9);
  EXPECT_NEAR(out[0].simulated.mean_latency, 14.4, 0.05);
  EXPECT_EQ(out[0].simulated.main_pe, 0);
  EXPECT_EQ(out[1].simulated.main_pe, 1);
  EXPECT_EQ(out[2].simulated.main_pe, 1);
  for (const auto& o : out)
    EXPECT_GE(o.simulated.runtime, o.predicted.runtime);
  EXPECT_LT(out[1].simulated.runtime, 0.8 * out[0].simulated.runtime);
  EXPECT_LT(out[2].simulated.runtime, 0.8 * out[0].simulated.runtime);
}

// What the per-key specs cannot see: the configuration against the platform, the alphabet's clusters, the
// program_parameters against the kernels. Each error leads to its culprit inside the value (ParamError::within), so
// that the harness reports the culprit's own line (the experiment-file tests hold the lines).
TEST(GphModel, RejectsBadConfigurationsAndProgramParameters)
{
  auto error = [](const GphParams& p) -> std::string {
    try {
      gph_model().check(gph_runtime_schema().point_of(p));
    } catch (const isogrid::ParamError& e) {
      std::string path;
      for (const auto& k : e.within())
        path += "/" + k;
      return e.param() + path + (e.at_key() ? " (key)" : "") + ": " + e.what();
    }
    return "no error";
  };
  auto with = [](const std::string& configuration, isogrid::Mapping alphabet, isogrid::Mapping overrides = {}) {
    GphParams p          = gph_params(configuration, std::move(alphabet), "parFib", "grid-gum2");
    p.program_parameters = std::move(overrides);
    return p;
  };
  isogrid::Mapping e = mapping({{"E", std::string("Edin1")}});
  EXPECT_EQ(error(with("33E", e)).rfind("configuration: configuration '33E' asks for more Edin1 PEs", 0), 0u);
  EXPECT_EQ(error(with("FFX", isogrid::testing::mapping({{"F", std::string("Edin3")}}))).rfind("configuration: ", 0),
            0u);
  EXPECT_EQ(error(with("FF", mapping({{"F", std::string("Nowhere")}}))).rfind("alphabet/F: ", 0), 0u);
  EXPECT_EQ(error(with("E", e, mapping({{"chess", mapping({{"n", 8.0}})}})))
                .rfind("program_parameters/chess (key): "
                       "unknown program 'chess'",
                       0),
            0u);
  EXPECT_EQ(
      error(with("E", e, mapping({{"queens", mapping({{"dept", 1.0}})}})))
          .rfind("program_parameters/queens/dept (key): unknown queens parameter 'dept' (did you mean 'depth'?)", 0),
      0u);
  EXPECT_EQ(
      error(with("E", e, mapping({{"n", 20.5}}))).rfind("program_parameters/n: parFib parameter n must be a whole", 0),
      0u);
  EXPECT_EQ(error(with("E", e, mapping({{"work_scale", -1.0}})))
                .rfind("program_parameters/work_scale: work_scale must "
                       "be > 0",
                       0),
            0u);
  EXPECT_EQ(error(with("E", e,
                       mapping({{"queens", mapping({{"depth", 1.0}})},
                                {"parFib", mapping({{"n", 20.0}, {"work_scale", 2.0}})}}))),
            "no error");
}

// On SimGrid: a recorded point's metrics are those of the same point unrecorded; the timeline's PEs are named by
// their clusters, their compute time is the run's busy share, and its sparks are the run's.
TEST(GphModel, RecordingTheTimelineChangesNoMetric)
{
  GphParams p =
      gph_params("1E4M", mapping({{"E", std::string("Edin1")}, {"M", std::string("Muni")}}), "parFib", "grid-gum2");
  isogrid::Point point = gph_runtime_schema().point_of(p, 3);
  isogrid::Outcome recorded(gph_runtime_schema().info().metrics.size());
  isogrid::Timeline timeline = isogrid::testing::timeline_of(gph_model(), point, &recorded);
  isogrid::Outcome plain     = isogrid::testing::evaluate_in_children({point}, gph_model())[0];
  ASSERT_EQ(recorded.simulated.size(), plain.simulated.size());
  for (size_t m = 0; m < plain.simulated.size(); ++m)
    if (!std::isnan(plain.simulated[m])) {
      EXPECT_EQ(recorded.simulated[m], plain.simulated[m]) << gph_runtime_schema().info().metrics[m].name;
    }
  GphMetrics metrics = isogrid::testing::read_outcomes(gph_runtime_schema(), {recorded})[0].simulated;
  double busy = 0, shipped = 0;
  std::set<std::string> rows, sparks;
  for (const auto& e : timeline.events()) {
    if (e.group == "PEs")
      rows.insert(e.resource);
    if (e.group == "PEs" && e.state == "compute")
      busy += e.end - e.start;
    if (e.group == "sparks")
      sparks.insert(e.label);
    shipped += e.group == "sparks" && e.state == "shipped";
  }
  EXPECT_EQ(rows, (std::set<std::string>{"pe 0 Edin1", "pe 1 Muni (main)", "pe 2 Muni", "pe 3 Muni", "pe 4 Muni"}));
  EXPECT_NEAR(busy, metrics.busy_share * 5 * metrics.runtime, 1e-9 * busy);
  EXPECT_EQ(shipped, metrics.shipped);
  EXPECT_GT(shipped, 0);
  EXPECT_EQ(static_cast<double>(sparks.size()), metrics.sparks);
}
