// The GpH runtimes' load-distribution decisions (GUM, GRID-GUM1, GRID-GUM1.1, GRID-GUM2) on hand-worked cases:
// choosePE with given draws, fish ageing, the GRID-GUM1.1 speed filter, the main PE of the paper's
// configurations, GRID-GUM2's informed targets and spark counts, and the load table's merge. No SimGrid here.
#include "policies/gph/fishing.hpp"
#include "policies/gph/informed_targets.hpp"
#include "policies/gph/load_information.hpp"
#include "policies/gph/main_pe.hpp"
#include "policies/gph/runtime_policies.hpp"
#include "policies/gph/speed_filter.hpp"
#include "policies/gph/work_amount.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <limits>
#include <map>
#include <stdexcept>
#include <vector>

using namespace isogrid::gph;

namespace {

constexpr double kMs = 1e-3;

// Hands out the given draws in order; running out is a test bug (a policy drew more than the case expects).
class FixedDraws {
public:
  explicit FixedDraws(std::vector<std::uint64_t> draws) : draws_(std::move(draws)) {}
  Draw source()
  {
    return [this] {
      if (next_ >= draws_.size())
        throw std::logic_error("FixedDraws: no draw left");
      return draws_[next_++];
    };
  }
  size_t used() const { return next_; }

private:
  std::vector<std::uint64_t> draws_;
  size_t next_ = 0;
};

// Clusters of Tables 14 and 15: index 0 Edin1, 1 Edin2, 2 Edin3, 3 SBC, 4 Muni. Speeds in MHz, latencies in s.
const std::vector<double> kMhz                  = {534, 1395, 1816, 933, 1529};
const std::vector<std::vector<double>> kLatency = {{0.20 * kMs, 0.27 * kMs, 0.35 * kMs, 2.03 * kMs, 35.8 * kMs},
                                                   {0.27 * kMs, 0.15 * kMs, 0.20 * kMs, 2.03 * kMs, 35.8 * kMs},
                                                   {0.35 * kMs, 0.20 * kMs, 0.20 * kMs, 2.03 * kMs, 35.8 * kMs},
                                                   {2.03 * kMs, 2.03 * kMs, 2.03 * kMs, 0.15 * kMs, 32.8 * kMs},
                                                   {35.8 * kMs, 35.8 * kMs, 35.8 * kMs, 32.8 * kMs, 0.13 * kMs}};
constexpr size_t kEdin1 = 0, kEdin2 = 1, kSbc = 3, kMuni = 4;

// A configuration as (count, cluster) groups in order, e.g. 1E4M with Table 9's letters = {{1, Edin1}, {4, Muni}}.
Topology configuration(const std::vector<std::pair<size_t, size_t>>& groups)
{
  std::vector<size_t> cluster_of;
  std::vector<double> speed;
  for (auto [count, cluster] : groups)
    for (size_t i = 0; i < count; ++i) {
      cluster_of.push_back(cluster);
      speed.push_back(kMhz[cluster]);
    }
  return Topology(cluster_of, speed, kLatency);
}

PeView view(const Topology& t, size_t self, size_t main_pe = 0, const PeKnowledge* knowledge = nullptr, double now = 0)
{
  return PeView{&t, self, main_pe, knowledge, now};
}

const RuntimePolicy& policy(const std::string& name) { return runtime_policies().get(name); }

}  // namespace

// ---- GUM's choosePE --------------------------------------------------------------------------------------------

TEST(GphChoosePe, BiasRedirectsSelfToTheNextPe)
{
  // 4 PEs, self = 1: r = draw % 4; r == 1 becomes 2.
  EXPECT_EQ(choose_pe(1, 4, 0, true), 0u);
  EXPECT_EQ(choose_pe(1, 4, 1, true), 2u);
  EXPECT_EQ(choose_pe(1, 4, 2, true), 2u);
  EXPECT_EQ(choose_pe(1, 4, 3, true), 3u);
  EXPECT_EQ(choose_pe(1, 4, 5, true), 2u);
  EXPECT_EQ(choose_pe(1, 4, 1003, true), 3u);
  // The last PE wraps round to PE 0.
  EXPECT_EQ(choose_pe(3, 4, 3, true), 0u);
  EXPECT_EQ(choose_pe(3, 4, 7, true), 0u);
}

TEST(GphChoosePe, DistributionOverOneCycleOfDraws)
{
  // Draws 0..3 hit each r once: with the bias the PE after self gets 2 of 4, self none, the others 1 each.
  for (size_t self = 0; self < 4; ++self) {
    std::map<size_t, int> hits;
    for (std::uint64_t d = 0; d < 4; ++d)
      ++hits[choose_pe(self, 4, d, true)];
    EXPECT_EQ(hits.count(self), 0u) << "self " << self;
    EXPECT_EQ(hits[(self + 1) % 4], 2) << "self " << self;
    EXPECT_EQ(hits[(self + 2) % 4], 1) << "self " << self;
    EXPECT_EQ(hits[(self + 3) % 4], 1) << "self " << self;
  }
  // Without the bias: draw % 3 indexes the other PEs in order, so draws 0..2 hit each once.
  EXPECT_EQ(choose_pe(1, 4, 0, false), 0u);
  EXPECT_EQ(choose_pe(1, 4, 1, false), 2u);
  EXPECT_EQ(choose_pe(1, 4, 2, false), 3u);
  EXPECT_EQ(choose_pe(1, 4, 4, false), 2u);
  EXPECT_EQ(choose_pe(3, 4, 2, false), 2u);
}

TEST(GphChoosePe, NeverSelfOverManyDraws)
{
  for (bool bias : {true, false})
    for (size_t self = 0; self < 7; ++self)
      for (std::uint64_t d = 0; d < 100; ++d) {
        size_t r = choose_pe(self, 7, d * 2654435761u, bias);
        EXPECT_NE(r, self);
        EXPECT_LT(r, 7u);
      }
  // A single PE has nobody to fish: the blind target says so.
  Topology one = configuration({{1, kEdin1}});
  FixedDraws none({});
  EXPECT_FALSE(blind_target(view(one, 0), none.source(), Parameters{}).found);
  EXPECT_EQ(none.used(), 0u);
}

// ---- The GUM fish protocol -------------------------------------------------------------------------------------

TEST(GphFishing, AFishAgesTenHopsThenGoesHome)
{
  // 4 PEs, all without sparks. PE 0 fishes; every forward draws 2 more than the holder, so it never hits PE 0.
  Topology t               = configuration({{4, kEdin1}});
  const RuntimePolicy& gum = policy("gum");
  Parameters p;
  Fish fish{0, 0};
  size_t holder = 1;
  int forwards  = 0;
  for (;;) {
    FixedDraws draws({static_cast<std::uint64_t>(holder == 1 ? 2 : holder == 2 ? 3 : 1)});
    FishAction a = gum.on_fish(view(t, holder), fish, 0, draws.source(), p);
    if (a.outcome != FishOutcome::Forward) {
      EXPECT_EQ(a.outcome, FishOutcome::SendHome);
      EXPECT_EQ(a.to, 0u);
      EXPECT_EQ(a.fish.age, 11u);
      EXPECT_EQ(fish.age, 10u);  // the holder received it at age 10 = FISH_LIFE_EXPECTANCY
      EXPECT_EQ(draws.used(), 0u);
      break;
    }
    EXPECT_EQ(a.fish.age, fish.age + 1);
    EXPECT_EQ(a.fish.origin, 0u);
    EXPECT_NE(a.to, holder);
    EXPECT_NE(a.to, 0u);
    fish   = a.fish;
    holder = a.to;
    ++forwards;
  }
  EXPECT_EQ(forwards, 10);
  // Back home: the origin notes its fish returned.
  FishAction home = gum.on_fish(view(t, 0), Fish{0, 11}, 0, FixedDraws({}).source(), p);
  EXPECT_EQ(home.outcome, FishOutcome::Returned);
  EXPECT_EQ(home.to, 0u);
}

TEST(GphFishing, AnswerReturnAndEarlyHomecoming)
{
  Topology t               = configuration({{4, kEdin1}});
  const RuntimePolicy& gg1 = policy("grid-gum1");
  Parameters p;
  // A PE with sparks answers the origin with exactly one, whatever the pool, and draws nothing.
  FixedDraws none({});
  FishAction a = gg1.on_fish(view(t, 2), Fish{3, 4}, 7, none.source(), p);
  EXPECT_EQ(a.outcome, FishOutcome::Schedule);
  EXPECT_EQ(a.to, 3u);
  EXPECT_EQ(a.sparks, 1u);
  EXPECT_EQ(none.used(), 0u);
  // choosePE may return the origin (PE 1 -> draw 0 -> PE 0): the fish comes home early and dies there.
  FixedDraws zero({0});
  FishAction f = gg1.on_fish(view(t, 1), Fish{0, 3}, 0, zero.source(), p);
  EXPECT_EQ(f.outcome, FishOutcome::Forward);
  EXPECT_EQ(f.to, 0u);
  EXPECT_EQ(gg1.on_fish(view(t, 0), f.fish, 5, none.source(), p).outcome, FishOutcome::Returned);
  // A shorter life: expectancy 2 sends home a fish received at age 2.
  p.fish_life_expectancy = 2;
  EXPECT_EQ(gg1.on_fish(view(t, 1), Fish{0, 1}, 0, FixedDraws({2}).source(), p).outcome, FishOutcome::Forward);
  FishAction old = gg1.on_fish(view(t, 1), Fish{0, 2}, 0, none.source(), p);
  EXPECT_EQ(old.outcome, FishOutcome::SendHome);
  EXPECT_EQ(old.fish.age, 3u);
}

TEST(GphFishing, IdleRuleWithMaxFishesAndFishDelay)
{
  Parameters p;  // MAX_FISHES 1, FISH_DELAY 1 s (GUM 5.x's 1000 against a millisecond clock)
  EXPECT_EQ(p.fish_delay, 1.0);
  FishingState s;
  EXPECT_TRUE(may_send_fish(s, 0.0, p));
  note_fish_sent(s);
  EXPECT_EQ(s.outstanding, 1u);
  EXPECT_FALSE(may_send_fish(s, 0.5, p));
  note_fish_returned(s, 5.0);
  EXPECT_EQ(s.outstanding, 0u);
  EXPECT_FALSE(may_send_fish(s, 5.999, p));
  EXPECT_TRUE(may_send_fish(s, 6.0, p));
  // An answered fish frees the slot without any back-off.
  note_fish_sent(s);
  note_schedule_received(s);
  EXPECT_EQ(s.outstanding, 0u);
  EXPECT_EQ(s.last_return, 5.0);
  p.max_fishes = 2;
  note_fish_sent(s);
  EXPECT_TRUE(may_send_fish(s, 7.0, p));
  note_fish_sent(s);
  EXPECT_FALSE(may_send_fish(s, 7.0, p));
}

// ---- Main PE ---------------------------------------------------------------------------------------------------

TEST(GphMainPe, PapersHeterogeneousConfigurations)
{
  // Table 9's letters: E = Edin1 (534 MHz), M = Muni (1529 MHz).
  Topology e1m4 = configuration({{1, kEdin1}, {4, kMuni}});  // 1E4M
  FixedDraws seven({7});
  EXPECT_EQ(policy("gum").main_pe(e1m4, seven.source()), 2u);                   // 7 % 5
  EXPECT_EQ(policy("grid-gum1").main_pe(e1m4, FixedDraws({}).source()), 0u);    // the E PE written first
  EXPECT_EQ(policy("grid-gum1.1").main_pe(e1m4, FixedDraws({}).source()), 1u);  // the first M
  EXPECT_EQ(policy("grid-gum2").main_pe(e1m4, FixedDraws({}).source()), 1u);    // sum M 6116 > E 534

  // 4E1M: sum E = 4 x 534 = 2136 > sum M = 1529, so GRID-GUM2 starts in the E cluster, as the paper explains its
  // gains with more slow than fast PEs ("makes the main PE be in the E cluster", B.1.5); GRID-GUM1.1 starts on
  // the lone fast M PE, whence its 23 % loss in Table 9 (case 10).
  Topology e4m1 = configuration({{4, kEdin1}, {1, kMuni}});
  EXPECT_EQ(policy("grid-gum1").main_pe(e4m1, FixedDraws({}).source()), 0u);
  EXPECT_EQ(policy("grid-gum1.1").main_pe(e4m1, FixedDraws({}).source()), 4u);
  EXPECT_EQ(policy("grid-gum2").main_pe(e4m1, FixedDraws({}).source()), 0u);

  // 3E2M: 1602 < 3058, M cluster; 2E1M: 1068 < 1529, still M (the sums, not the counts, decide).
  EXPECT_EQ(biggest_cluster_main_pe(configuration({{3, kEdin1}, {2, kMuni}})), 3u);
  EXPECT_EQ(biggest_cluster_main_pe(configuration({{2, kEdin1}, {1, kMuni}})), 2u);

  // 5E2,30E,6M (Tables 10-12): sums Edin2 6975, Edin1 16020, Muni 9174: the first Edin1 PE, index 5. The fastest
  // PE overall is the first Muni one (1529 > 1395), index 35.
  Topology big = configuration({{5, kEdin2}, {30, kEdin1}, {6, kMuni}});
  EXPECT_EQ(biggest_cluster_main_pe(big), 5u);
  EXPECT_EQ(fastest_main_pe(big), 35u);
  EXPECT_EQ(first_main_pe(big), 0u);
}

TEST(GphMainPe, TiesGoToConfigurationOrder)
{
  // Two clusters of equal speed sums (5): the one met first in the configuration wins; within it, the fastest PE.
  Topology t({1, 1, 0, 0}, {2, 3, 1, 4}, {{0.1 * kMs, 1 * kMs}, {1 * kMs, 0.1 * kMs}});
  EXPECT_EQ(biggest_cluster_main_pe(t), 1u);  // cluster 1 (sum 5) met first, its faster PE
  EXPECT_EQ(fastest_main_pe(t), 3u);
  Topology equal({0, 0, 0}, {5, 5, 5}, {{0.1 * kMs}});
  EXPECT_EQ(fastest_main_pe(equal), 0u);
  EXPECT_EQ(biggest_cluster_main_pe(equal), 0u);
}

// ---- GRID-GUM1.1 ---------------------------------------------------------------------------------------------

TEST(GphSpeedFilter, SlowPeNeverTargetsAFastNonMainPe)
{
  // 2E2M (Edin1 slow, Muni fast): PEs 0, 1 slow; 2, 3 fast; the main PE is the first fast one, 2.
  Topology t       = configuration({{2, kEdin1}, {2, kMuni}});
  const auto& gg11 = policy("grid-gum1.1");
  size_t main_pe   = gg11.main_pe(t, FixedDraws({}).source());
  ASSERT_EQ(main_pe, 2u);
  Parameters p;
  // Slow PE 0 may fish PE 1 (as slow) and PE 2 (main), never PE 3: draw % 2 indexes {1, 2}.
  std::map<size_t, int> hits;
  for (std::uint64_t d = 0; d < 40; ++d) {
    FixedDraws one({d});
    FishTarget target = gg11.fish_target(view(t, 0, main_pe), one.source(), p);
    ASSERT_TRUE(target.found);
    ++hits[target.pe];
  }
  EXPECT_EQ(hits, (std::map<size_t, int>{{1, 20}, {2, 20}}));
  // Fast PE 3 may fish everyone else: draw % 3 indexes {0, 1, 2}.
  EXPECT_EQ(gg11.fish_target(view(t, 3, main_pe), FixedDraws({0}).source(), p).pe, 0u);
  EXPECT_EQ(gg11.fish_target(view(t, 3, main_pe), FixedDraws({4}).source(), p).pe, 1u);
  EXPECT_EQ(gg11.fish_target(view(t, 3, main_pe), FixedDraws({5}).source(), p).pe, 2u);
  EXPECT_TRUE(may_take_work(t, main_pe, 0, 2));
  EXPECT_FALSE(may_take_work(t, main_pe, 0, 3));
  EXPECT_TRUE(may_take_work(t, main_pe, 3, 0));
}

TEST(GphSpeedFilter, ForwardingKeepsTheOriginsRestriction)
{
  Topology t       = configuration({{2, kEdin1}, {2, kMuni}});
  const auto& gg11 = policy("grid-gum1.1");
  Parameters p;
  // PE 1 has no spark and holds a fish from slow PE 0: it passes it to a PE PE 0 may take work from, other than
  // itself: {0, 2} (the origin qualifies, as GUM's choosePE may also send a fish home early).
  FishAction a = gg11.on_fish(view(t, 1, 2), Fish{0, 0}, 0, FixedDraws({0}).source(), p);
  EXPECT_EQ(a.outcome, FishOutcome::Forward);
  EXPECT_EQ(a.to, 0u);
  EXPECT_EQ(gg11.on_fish(view(t, 1, 2), Fish{0, 0}, 0, FixedDraws({1}).source(), p).to, 2u);
  EXPECT_EQ(gg11.on_fish(view(t, 1, 2), Fish{0, 0}, 0, FixedDraws({3}).source(), p).to, 2u);
  // Sender side (default): a fast non-main PE that does receive a slow PE's fish answers it.
  FishAction answer = gg11.on_fish(view(t, 3, 2), Fish{0, 1}, 4, FixedDraws({}).source(), p);
  EXPECT_EQ(answer.outcome, FishOutcome::Schedule);
  EXPECT_EQ(answer.sparks, 1u);
}

TEST(GphSpeedFilter, ReceiverSideVariant)
{
  Topology t       = configuration({{2, kEdin1}, {2, kMuni}});
  const auto& gg11 = policy("grid-gum1.1");
  Parameters p;
  p.gg11_receiver_side = true;
  // Senders fish blindly (choosePE with the bias): slow PE 0 with draw 3 targets fast PE 3.
  EXPECT_EQ(gg11.fish_target(view(t, 0, 2), FixedDraws({3}).source(), p).pe, 3u);
  // Fast non-main PE 3 will not serve slow PE 0 although it has sparks: it passes the fish on (choosePE, draw 1).
  FishAction refused = gg11.on_fish(view(t, 3, 2), Fish{0, 0}, 5, FixedDraws({1}).source(), p);
  EXPECT_EQ(refused.outcome, FishOutcome::Forward);
  EXPECT_EQ(refused.to, 1u);
  EXPECT_EQ(refused.fish.age, 1u);
  // The main PE serves everyone; fast PE 3 serves fast PE 2 and slow PE 1 serves slow PE 0.
  EXPECT_EQ(gg11.on_fish(view(t, 2, 2), Fish{0, 0}, 5, FixedDraws({}).source(), p).outcome, FishOutcome::Schedule);
  EXPECT_EQ(gg11.on_fish(view(t, 3, 2), Fish{2, 0}, 5, FixedDraws({}).source(), p).outcome, FishOutcome::Schedule);
  EXPECT_EQ(gg11.on_fish(view(t, 1, 2), Fish{0, 0}, 5, FixedDraws({}).source(), p).outcome, FishOutcome::Schedule);
}

TEST(GphSpeedFilter, SlowMainPeFallsBackToBlindFishing)
{
  // A main PE slower than every other PE may take work from none of them: it fishes blindly rather than starve.
  Topology t = configuration({{1, kEdin1}, {3, kMuni}});
  Parameters p;
  FishTarget target = filtered_target(view(t, 0, 0), FixedDraws({0}).source(), p);
  EXPECT_TRUE(target.found);
  EXPECT_EQ(target.pe, 1u);  // choosePE: 0 % 4 = 0 = self -> 1
  EXPECT_FALSE(allowed_target(t, 0, 0, 0, FixedDraws({}).source()).found);
}

// ---- GRID-GUM2 ---------------------------------------------------------------------------------------------------

namespace {

// 3E2M with Table 9's letters: PEs 0-2 Edin1 (534 MHz, 0.20 ms), PEs 3-4 Muni (1529 MHz, 0.13 ms), 35.8 ms apart.
Topology e3m2() { return configuration({{3, kEdin1}, {2, kMuni}}); }

}  // namespace

TEST(GphInformedTarget, OwnClusterLoadedPeBeatsAMoreLoadedRemoteOne)
{
  Topology t = e3m2();
  Parameters p;
  PeKnowledge k(t, 0, p.gg2);
  k.loads.record(0, 9, 1.0);   // its own entry never counts
  k.loads.record(1, 2, 1.0);   // rel 2 / 534
  k.loads.record(2, 1, 1.0);   // rel 1 / 534
  k.loads.record(3, 20, 1.0);  // rel 20 / 1529, ten times the load, behind the WAN
  FishTarget target = policy("grid-gum2").fish_target(view(t, 0, 3, &k, 2.0), FixedDraws({}).source(), p);
  EXPECT_TRUE(target.found);
  EXPECT_TRUE(target.informed);
  EXPECT_EQ(target.pe, 1u);
  // Without the cluster preference, load / latency still favours PE 1: 2/534/0.2 ms = 18.7 against 0.37.
  p.gg2.prefer_own_cluster = false;
  EXPECT_EQ(informed_target(view(t, 0, 3, &k, 2.0), FixedDraws({}).source(), p).pe, 1u);
}

TEST(GphInformedTarget, TheStaticRuleKeepsSlowPesFromFasterNonMainPes)
{
  // Fisher PE 0 (Edin1); Muni PEs 3 (the main PE) and 4 (not), both faster. PE 4 is the more loaded (20 against
  // 15, same speed and latency), so GRID-GUM2 alone fishes it; with GRID-GUM1.1's static rule PE 0 may rob only the
  // main PE among the faster ones, and fishes PE 3.
  Topology t = e3m2();
  Parameters p;
  PeKnowledge k(t, 0, p.gg2);
  k.loads.record(3, 15, 1.0);
  k.loads.record(4, 20, 1.0);
  EXPECT_EQ(informed_target(view(t, 0, 3, &k, 2.0), FixedDraws({}).source(), p).pe, 4u);
  p.gg2.static_rule = true;
  FishTarget ruled  = informed_target(view(t, 0, 3, &k, 2.0), FixedDraws({}).source(), p);
  EXPECT_EQ(ruled.pe, 3u);
  EXPECT_TRUE(ruled.informed);
  // Only PE 4 known loaded: no allowed candidate, so a random fish among the PEs PE 0 may rob (1, 2 and the main
  // PE 3, never 4): the draw 5 picks rank 5 mod 3 = 2, PE 3; without the rule the blind fish could reach PE 4.
  k.loads.record(3, 0, 1.5);
  FishTarget fallback = informed_target(view(t, 0, 3, &k, 2.0), FixedDraws({5}).source(), p);
  EXPECT_TRUE(fallback.found);
  EXPECT_FALSE(fallback.informed);
  EXPECT_EQ(fallback.pe, 3u);
  // Forwarding applies the rule for the fish's origin: PE 1 forwards PE 0's fish to the main PE, not to PE 4.
  PeKnowledge holder(t, 1, p.gg2);
  holder.loads.record(3, 15, 1.0);
  holder.loads.record(4, 20, 1.0);
  EXPECT_EQ(informed_forward(view(t, 1, 3, &holder, 2.0), 0, FixedDraws({}).source(), p).pe, 3u);
  p.gg2.static_rule = false;
  EXPECT_EQ(informed_forward(view(t, 1, 3, &holder, 2.0), 0, FixedDraws({}).source(), p).pe, 4u);
}

TEST(GphInformedTarget, RemoteWhenNoLocalPeIsLoaded)
{
  Topology t = e3m2();
  Parameters p;
  p.gg2.latency_gain = 0.5;
  PeKnowledge k(t, 0, p.gg2);
  k.loads.record(1, 0, 1.0);   // known idle
  k.loads.record(3, 20, 1.0);  // 20/1529/35.8 ms = 0.3654
  k.loads.record(4, 15, 1.0);  // 15/1529/35.8 ms = 0.2741
  EXPECT_EQ(informed_target(view(t, 0, 3, &k, 2.0), FixedDraws({}).source(), p).pe, 3u);
  // A measured 5.8 ms to PE 4 moves its estimate half way: 20.8 ms, and 15/1529/20.8 ms = 0.4717 wins.
  k.latency.observe(4, 5.8 * kMs);
  EXPECT_NEAR(k.latency[4], 20.8 * kMs, 1e-12);
  FishTarget target = informed_target(view(t, 0, 3, &k, 2.0), FixedDraws({}).source(), p);
  EXPECT_EQ(target.pe, 4u);
  EXPECT_TRUE(target.informed);
}

TEST(GphInformedTarget, WeightedScoreTradesLoadForLatencyDifferently)
{
  // Self in Edin1; PE 1 in SBC (933 MHz, 2.03 ms) with load 1; PE 2 in Muni (1529 MHz, 35.8 ms) with load 25.
  Topology t = configuration({{1, kEdin1}, {1, kSbc}, {1, kMuni}});
  Parameters p;
  PeKnowledge k(t, 0, p.gg2);
  k.loads.record(1, 1, 0.0);
  k.loads.record(2, 25, 0.0);
  // load / latency: SBC 1/933/2.03 ms = 0.528 > Muni 25/1529/35.8 ms = 0.457.
  EXPECT_EQ(informed_target(view(t, 0, 0, &k), FixedDraws({}).source(), p).pe, 1u);
  // Weighted, alpha = 1000/s: SBC 1/933/3.03 = 3.54e-4 < Muni 25/1529/36.8 = 4.44e-4.
  p.gg2.remote_score = RemoteScore::Weighted;
  EXPECT_EQ(informed_target(view(t, 0, 0, &k), FixedDraws({}).source(), p).pe, 2u);
}

TEST(GphInformedTarget, WeightedScoreWithoutClusterPreference)
{
  // Own-cluster PE 1 with load 1: 1/534/1.2 = 1.56e-3; Muni PE 3 with load 100: 100/1529/36.8 = 1.78e-3.
  Topology t = e3m2();
  Parameters p;
  p.gg2.remote_score = RemoteScore::Weighted;
  PeKnowledge k(t, 0, p.gg2);
  k.loads.record(1, 1, 0.0);
  k.loads.record(3, 100, 0.0);
  EXPECT_EQ(informed_target(view(t, 0, 3, &k), FixedDraws({}).source(), p).pe, 1u);
  p.gg2.prefer_own_cluster = false;
  EXPECT_EQ(informed_target(view(t, 0, 3, &k), FixedDraws({}).source(), p).pe, 3u);
}

TEST(GphInformedTarget, StaleThresholdAndTies)
{
  Topology t = e3m2();
  Parameters p;
  PeKnowledge k(t, 0, p.gg2);
  k.loads.record(1, 4, 8.5);
  k.loads.record(3, 4, 9.5);
  p.gg2.stale_after = 1.0;
  // At t = 10 PE 1's entry is 1.5 s old and ignored: the remote PE 3 is the only candidate.
  EXPECT_EQ(informed_target(view(t, 0, 3, &k, 10.0), FixedDraws({}).source(), p).pe, 3u);
  EXPECT_EQ(informed_target(view(t, 0, 3, &k, 9.4), FixedDraws({}).source(), p).pe, 1u);
  // A threshold of 8e-3 is above both relative loads (PE 1: 4/534 = 7.49e-3, PE 3: 4/1529 = 2.62e-3): nothing
  // qualifies and the fish goes blind (draw 2 -> PE 2).
  p.gg2.stale_after             = std::numeric_limits<double>::infinity();
  p.gg2.relative_load_threshold = 8e-3;
  FishTarget blind              = informed_target(view(t, 0, 3, &k, 10.0), FixedDraws({2}).source(), p);
  EXPECT_TRUE(blind.found);
  EXPECT_FALSE(blind.informed);
  EXPECT_EQ(blind.pe, 2u);
  p.gg2.relative_load_threshold = 7e-3;
  EXPECT_EQ(informed_target(view(t, 0, 3, &k, 10.0), FixedDraws({}).source(), p).pe, 1u);
  // Equal relative loads in the own cluster: the lower PE id.
  PeKnowledge tie(t, 2, p.gg2);
  p.gg2.relative_load_threshold = 0;
  tie.loads.record(0, 3, 0.0);
  tie.loads.record(1, 3, 0.0);
  EXPECT_EQ(informed_target(view(t, 2, 3, &tie), FixedDraws({}).source(), p).pe, 0u);
}

TEST(GphInformedTarget, FallbackWhenNothingIsKnown)
{
  Topology t = e3m2();
  Parameters p;
  PeKnowledge empty(t, 0, p.gg2);
  // Blind choosePE: draw 6 -> 6 % 5 = 1.
  FishTarget target = policy("grid-gum2").fish_target(view(t, 0, 3, &empty), FixedDraws({6}).source(), p);
  EXPECT_TRUE(target.found);
  EXPECT_FALSE(target.informed);
  EXPECT_EQ(target.pe, 1u);
  // No table at all behaves the same; draw 5 -> 0 = self -> 1.
  EXPECT_EQ(informed_target(view(t, 0, 3), FixedDraws({5}).source(), p).pe, 1u);
  // "Wait" sends nothing and draws nothing.
  p.gg2.fallback = NoCandidate::Wait;
  FixedDraws none({});
  EXPECT_FALSE(informed_target(view(t, 0, 3, &empty), none.source(), p).found);
  EXPECT_EQ(none.used(), 0u);
}

TEST(GphInformedTarget, ForwardingRanksFromTheOrigin)
{
  // Holder PE 1 (Edin1, no spark) gets a fish from PE 3 (Muni). Its table knows Edin1 PE 0 with load 5, Muni PE 4
  // with load 1 and the origin with load 50: from the origin's standpoint PE 4 is in its own cluster.
  Topology t = e3m2();
  Parameters p;
  PeKnowledge k(t, 1, p.gg2);
  k.loads.record(0, 5, 1.0);
  k.loads.record(4, 1, 1.0);
  k.loads.record(3, 50, 1.0);
  FishAction a = policy("grid-gum2").on_fish(view(t, 1, 3, &k, 2.0), Fish{3, 2}, 0, FixedDraws({}).source(), p);
  EXPECT_EQ(a.outcome, FishOutcome::Forward);
  EXPECT_EQ(a.to, 4u);
  EXPECT_TRUE(a.informed);
  EXPECT_EQ(a.fish.age, 3u);
  // Blind forwarding when asked: choosePE from PE 1, draw 3 -> PE 3 (here the origin).
  p.gg2.informed_forwarding = false;
  FishAction blind = policy("grid-gum2").on_fish(view(t, 1, 3, &k, 2.0), Fish{3, 2}, 0, FixedDraws({3}).source(), p);
  EXPECT_EQ(blind.to, 3u);
  EXPECT_FALSE(blind.informed);
}

// ---- P3: sparks per SCHEDULE -------------------------------------------------------------------------------------

TEST(GphSparksPerSchedule, BlindRuntimesSendOne)
{
  Topology t = e3m2();
  Parameters p;
  for (const char* name : {"gum", "grid-gum1", "grid-gum1.1"}) {
    EXPECT_EQ(policy(name).sparks_per_schedule(view(t, 0), 3, 20, p), 1u) << name;
    EXPECT_EQ(policy(name).sparks_per_schedule(view(t, 0), 3, 0, p), 0u) << name;
  }
}

TEST(GphSparksPerSchedule, HandWorkedLatencies)
{
  // Receiver: an Edin1 PE (lat_local 0.20 ms); K_max 8, keep_local 1, threshold 1 ms.
  Topology t = configuration({{2, kEdin1}, {1, kEdin2}, {1, kSbc}, {1, kMuni}});
  Gg2Parameters g;
  auto k = [&](size_t requester, size_t pool) {
    return sparks_for_requester(t, 0, requester, pool, t.latency(0, requester), g);
  };
  EXPECT_EQ(k(1, 20), 1u);  // same cluster, 0.20 ms
  EXPECT_EQ(k(2, 20), 2u);  // Edin2: ceil(0.27 / 0.20) = ceil(1.35) = 2
  EXPECT_EQ(k(3, 20), 8u);  // SBC: ceil(2.03 / 0.20) = 11, K_max 8
  EXPECT_EQ(k(4, 20), 8u);  // Muni: ceil(35.8 / 0.20) = 179 -> 8
  EXPECT_EQ(k(4, 10), 5u);  // min(9, 179, 8) = 8, half the pool 5
  EXPECT_EQ(k(4, 4), 2u);   // min(3, 179, 8) = 3, half 2
  EXPECT_EQ(k(4, 3), 1u);   // min(2, ...) = 2, half 1
  EXPECT_EQ(k(4, 1), 1u);   // nothing spare, but a fish is never refused a spark
  EXPECT_EQ(k(4, 0), 0u);
  EXPECT_EQ(k(2, 3), 1u);  // min(2, 2, 8) = 2, half 1
  // Same cluster but a measured 1.5 ms (> 1 ms): ceil(1.5 / 0.2) = ceil(7.5) = 8 -> min(19, 8, 8, 10) = 8.
  EXPECT_EQ(sparks_for_requester(t, 0, 1, 20, 1.5 * kMs, g), 8u);
  g.k_max = 4;
  EXPECT_EQ(sparks_for_requester(t, 0, 1, 20, 1.5 * kMs, g), 4u);
  // keep_local 6 of a pool of 8: min(2, 179, 4) = 2.
  g.keep_local = 6;
  EXPECT_EQ(k(4, 8), 2u);
}

TEST(GphSparksPerSchedule, ExactRatiosAreNotRoundedUp)
{
  // lat_local 0.15 ms, remote 0.75 ms: 0.00075 / 0.00015 = 5.000000000000001 in floating point, 5 trips.
  Topology t({0, 1}, {1, 1}, {{0.15 * kMs, 0.75 * kMs}, {0.75 * kMs, 0.15 * kMs}});
  Gg2Parameters g;
  EXPECT_EQ(sparks_for_requester(t, 0, 1, 20, 0.75 * kMs, g), 5u);
  // A Muni receiver (0.13 ms) sending to Edin1 (35.8 ms): ceil(275.4) -> K_max 8.
  Topology e3m2t = e3m2();
  EXPECT_EQ(sparks_for_requester(e3m2t, 3, 0, 30, 35.8 * kMs, g), 8u);
}

TEST(GphSparksPerSchedule, Gg2OnFishUsesTheMeasuredLatency)
{
  Topology t = e3m2();
  Parameters p;
  const auto& gg2 = policy("grid-gum2");
  // From Muni PE 3 to Edin1 PE 0 with 10 sparks: min(9, 179, 8) = 8, half 5.
  FishAction a = gg2.on_fish(view(t, 0, 3), Fish{3, 0}, 10, FixedDraws({}).source(), p);
  EXPECT_EQ(a.outcome, FishOutcome::Schedule);
  EXPECT_EQ(a.to, 3u);
  EXPECT_EQ(a.sparks, 5u);
  // Local requester PE 1: one spark.
  EXPECT_EQ(gg2.on_fish(view(t, 0, 3), Fish{1, 0}, 10, FixedDraws({}).source(), p).sparks, 1u);
  // PE 0 has measured 0.5 ms to PE 1 (gain 1): still below the 1 ms threshold, one spark; 1.2 ms gives
  // ceil(1.2 / 0.2) = 6 -> min(9, 6, 8, 5) = 5.
  p.gg2.latency_gain = 1;
  PeKnowledge k(t, 0, p.gg2);
  k.latency.observe(1, 0.5 * kMs);
  EXPECT_EQ(gg2.sparks_per_schedule(view(t, 0, 3, &k), 1, 10, p), 1u);
  k.latency.observe(1, 1.2 * kMs);
  EXPECT_EQ(gg2.sparks_per_schedule(view(t, 0, 3, &k), 1, 10, p), 5u);
  EXPECT_EQ(gg2.sparks_per_schedule(view(t, 0, 3, &k), 1, 20, p), 6u);
}

// ---- The information subsystem -----------------------------------------------------------------------------------

TEST(GphLoadTable, StaleEntriesNeverOverwriteNewerOnes)
{
  LoadTable table(4);
  EXPECT_FALSE(table[1].known());
  EXPECT_TRUE(table.record(1, 5, 2.0));
  EXPECT_EQ(table.merge({{1, 3, 1.0}}), 0u);  // older
  EXPECT_EQ(table[1].load, 5);
  EXPECT_EQ(table.merge({{1, 9, 2.0}}), 0u);  // as old: the entry already there stays
  EXPECT_EQ(table[1].load, 5);
  EXPECT_EQ(table.merge({{1, 7, 3.0}, {2, 4, 0.5}, {1, 1, 2.5}}), 2u);
  EXPECT_EQ(table[1].load, 7);
  EXPECT_EQ(table[1].timestamp, 3.0);
  EXPECT_EQ(table[2].load, 4);
  EXPECT_FALSE(table[0].known());
  EXPECT_THROW(table.merge({{4, 1, 9.0}}), std::out_of_range);
}

// The PEs a FISH may go to are those with a positive known load, kept in id order as entries change.
TEST(GphLoadTable, KeepsTheLoadedPesInIdOrder)
{
  LoadTable t(5);
  EXPECT_TRUE(t.loaded().empty());
  t.record(3, 2, 1.0);
  t.record(1, 0, 1.0);
  t.record(0, 4, 1.0);
  EXPECT_EQ(std::vector<std::uint32_t>(t.loaded().begin(), t.loaded().end()), (std::vector<std::uint32_t>{0, 3}));
  t.record(3, 0, 2.0);  // empty now
  t.record(1, 1, 2.0);  // loaded now
  t.record(0, 0, 0.5);  // stale: ignored, PE 0 stays loaded
  EXPECT_EQ(std::vector<std::uint32_t>(t.loaded().begin(), t.loaded().end()), (std::vector<std::uint32_t>{0, 1}));
  t.record(1, 7, 3.0);  // still loaded: no change
  EXPECT_EQ(t.loaded().size(), 2u);
}

TEST(GphLoadTable, ArrivalOrderDoesNotMatter)
{
  // Three messages about PEs 0-2, merged in every order: each PE ends with its newest entry.
  std::vector<std::vector<PiggybackEntry>> messages = {
      {{0, 1, 1.0}, {1, 2, 5.0}}, {{0, 3, 4.0}, {2, 6, 2.0}}, {{1, 8, 3.0}, {2, 0, 7.0}, {0, 5, 0.5}}};
  std::vector<size_t> order = {0, 1, 2};
  do {
    LoadTable table(3);
    for (size_t m : order)
      table.merge(messages[m]);
    EXPECT_EQ(table[0].load, 3);
    EXPECT_EQ(table[0].timestamp, 4.0);
    EXPECT_EQ(table[1].load, 2);
    EXPECT_EQ(table[1].timestamp, 5.0);
    EXPECT_EQ(table[2].load, 0);
    EXPECT_EQ(table[2].timestamp, 7.0);
  } while (std::next_permutation(order.begin(), order.end()));
}

TEST(GphLoadTable, PiggybackAllOrTheMostRecent)
{
  LoadTable table(5);
  table.record(0, 1, 4.0);
  table.record(2, 2, 9.0);
  table.record(3, 3, 1.0);
  table.record(4, 4, 9.0);
  std::vector<PiggybackEntry> all = table.piggyback(0);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all[0].pe, 0u);
  EXPECT_EQ(all[3].pe, 4u);
  EXPECT_EQ(all[3].load, 4);
  std::vector<PiggybackEntry> two = table.piggyback(2);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].pe, 2u);  // t = 9, the lower id first
  EXPECT_EQ(two[1].pe, 4u);
  std::vector<PiggybackEntry> three = table.piggyback(3);
  ASSERT_EQ(three.size(), 3u);
  EXPECT_EQ(three[2].pe, 0u);
  EXPECT_EQ(three[2].timestamp, 4.0);
  EXPECT_EQ(table.piggyback(10).size(), 4u);
  // What one PE sends, another merges: the receiver learns the newer entries only.
  LoadTable receiver(5);
  receiver.record(2, 7, 10.0);
  EXPECT_EQ(receiver.merge(two), 1u);
  EXPECT_EQ(receiver[2].load, 7);
  EXPECT_EQ(receiver[4].load, 4);
}

TEST(GphLatencyEstimates, StartFromTheTopologyAndSmooth)
{
  Topology t = e3m2();
  LatencyEstimates l(t, 0, 0.125);
  EXPECT_EQ(l[0], 0.0);
  EXPECT_NEAR(l[1], 0.20 * kMs, 1e-15);
  EXPECT_NEAR(l[3], 35.8 * kMs, 1e-15);
  l.observe(3, 43.8 * kMs);  // 35.8 + (43.8 - 35.8) / 8 = 36.8 ms
  EXPECT_NEAR(l[3], 36.8 * kMs, 1e-12);
  l.observe(3, 36.8 * kMs);
  EXPECT_NEAR(l[3], 36.8 * kMs, 1e-12);
  EXPECT_THROW(LatencyEstimates(t, 0, 0.0), std::invalid_argument);
}

TEST(GphLoadTable, LoadDefinitions)
{
  EXPECT_EQ(load_value(LoadMeasure::ExportableSparks, 3, 2, true), 3);
  EXPECT_EQ(load_value(LoadMeasure::SparksAndThreads, 3, 2, true), 5);
  EXPECT_EQ(load_value(LoadMeasure::Busy, 3, 2, true), 1);
  EXPECT_EQ(load_value(LoadMeasure::Busy, 3, 2, false), 0);
}

// ---- Registry and topology ---------------------------------------------------------------------------------------

TEST(GphRuntimePolicies, RegisteredByName)
{
  EXPECT_EQ(runtime_policies().names(), (std::vector<std::string>{"gum", "grid-gum1", "grid-gum1.1", "grid-gum2"}));
  EXPECT_THROW(runtime_policies().get("grid-gum3"), isogrid::UnknownName);
  EXPECT_FALSE(policy("gum").exchanges_speeds);
  EXPECT_FALSE(policy("grid-gum1").piggybacks_loads);
  EXPECT_TRUE(policy("grid-gum1.1").exchanges_speeds);
  EXPECT_FALSE(policy("grid-gum1.1").piggybacks_loads);
  EXPECT_TRUE(policy("grid-gum2").piggybacks_loads);
}

TEST(GphTopology, LatenciesByClusterAndValidation)
{
  Topology t = e3m2();
  EXPECT_EQ(t.pes(), 5u);
  EXPECT_EQ(t.clusters(), 5u);
  EXPECT_EQ(t.latency(0, 0), 0.0);
  EXPECT_EQ(t.latency(0, 1), 0.20 * kMs);
  EXPECT_EQ(t.latency(4, 0), 35.8 * kMs);
  EXPECT_EQ(t.local_latency(3), 0.13 * kMs);
  EXPECT_THROW(Topology({0, 1}, {1, 1}, {{0.1}}), std::invalid_argument);  // cluster 1 of 1
  EXPECT_THROW(Topology({0}, {0}, {{0.1}}), std::invalid_argument);        // speed 0
  EXPECT_THROW(Topology({0}, {1, 2}, {{0.1}}), std::invalid_argument);     // sizes
  EXPECT_THROW(Topology({}, {}, {{0.1}}), std::invalid_argument);          // no PE
  EXPECT_THROW(Topology({0, 1}, {1, 1}, {{0.1, -1}, {0.1, 0.1}}), std::invalid_argument);
}

TEST(GphScale, ThousandPesInOnePass)
{
  // 1000 PEs in two clusters; the table knows one loaded PE of its own cluster, PE 777 (ids 500-999 are Muni).
  std::vector<size_t> cluster_of(1000);
  std::vector<double> speed(1000);
  for (size_t p = 0; p < 1000; ++p) {
    cluster_of[p] = p < 500 ? kEdin1 : kMuni;
    speed[p]      = kMhz[cluster_of[p]];
  }
  Topology t(cluster_of, speed, kLatency);
  Parameters p;
  PeKnowledge k(t, 900, p.gg2);
  k.loads.record(3, 50, 0.0);
  k.loads.record(777, 1, 0.0);
  EXPECT_EQ(informed_target(view(t, 900, 500, &k), FixedDraws({}).source(), p).pe, 777u);
  // GRID-GUM1.1 from a slow PE: 499 other slow PEs plus the main PE 500; draw 499 is the main PE.
  EXPECT_EQ(filtered_target(view(t, 0, 500), FixedDraws({499}).source(), p).pe, 500u);
  EXPECT_EQ(filtered_target(view(t, 0, 500), FixedDraws({498}).source(), p).pe, 499u);
  EXPECT_EQ(filtered_target(view(t, 0, 500), FixedDraws({500}).source(), p).pe, 1u);
}
