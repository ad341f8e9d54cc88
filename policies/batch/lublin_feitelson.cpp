#include "policies/batch/lublin_feitelson.hpp"

#include "base/random_draws.hpp"

#include <algorithm>
#include <array>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <stdexcept>

namespace isogrid::batch {

namespace {

// One stream's parameters, as m_lublin99.c gives them for a 128-node machine (constants identical in the authors'
// C generator and GridSim's port). Sizes are log2 of nodes; aarr already includes the rush-hour ratio ARAR.
struct StreamParameters {
  double serial, power_of_two;        // probabilities
  double u_low, u_med, u_hi, u_prob;  // two-stage uniform of log2(size)
  double a1, b1, a2, b2, pa, pb;      // hyper-gamma of ln(run time): p = pa size + pb
  double aarr, barr;                  // gamma of ln(inter-arrival), s
  double anum, bnum;                  // gamma density of the daily cycle, in slots
};

constexpr StreamParameters kBatch{0.2927, 0.6686, 1.2,    5.0,    7.0,    0.875,           6.57,
                                  0.823,  639.1,  0.0156, -0.003, 0.6986, 6.0415 * 1.0519, 0.8531,
                                  6.1271, 5.2740};
constexpr StreamParameters kInteractive{0.1541,          0.625,  1.0,    3.0,    5.5,     0.705,
                                        3.8351,          0.6605, 7.073,  0.6856, -0.0118, 0.9156,
                                        6.5510 * 0.9797, 0.6621, 8.9186, 3.6680};

constexpr int kSlots             = 48;    // of a day
constexpr double kSlotSeconds    = 1800;  // half an hour
constexpr int kCycleStart        = 11;    // the slot index at which the cycle's gamma density begins
constexpr double kLongestLogTime = 12;    // ln of the longest run time, ~1.9 days: longer draws are drawn again
constexpr double kLongestLogGap  = 13;    // ln of the longest inter-arrival gap, ~5.1 days

// The machine's size moves the top of the size distribution: UHi = log2 P, and the middle keeps its distance below
// it (the generator's comments: UMed = UHi - 2.5, within UHi - 3.5 .. UHi - 1.5). At 128 nodes, the published values.
StreamParameters for_machine(StreamParameters p, unsigned processors)
{
  double shift = std::log2(static_cast<double>(processors)) - 7;
  p.u_hi += shift;
  p.u_med = std::max(p.u_med + shift, std::min(p.u_low, p.u_hi));
  p.u_low = std::min(p.u_low, p.u_med);
  return p;
}

class Stream {
public:
  Stream(const StreamParameters& p, unsigned processors, double start_hour)
      : p_(for_machine(p, processors)), processors_(processors)
  {
    // Slot (i - 1) mod 48 weighs F(i + 1/2) - F(i - 1/2), i = 11 .. 58, F the cycle's gamma CDF; normalised to a mean
    // of 1, so that the cycle moves arrivals around the day without changing their rate.
    double total = 0;
    for (int i = kCycleStart; i < kCycleStart + kSlots; ++i) {
      double w = boost::math::gamma_p(p.anum, (i + 0.5) / p.bnum) - boost::math::gamma_p(p.anum, (i - 0.5) / p.bnum);
      weight_[static_cast<size_t>((i - 1) % kSlots)] = w;
      total += w;
    }
    for (double& w : weight_)
      w *= kSlots / total;
    slot_ = static_cast<size_t>(std::floor(start_hour * 2)) % kSlots;
  }

  double next_arrival() const { return time_; }

  // Moves this stream's clock to its next arrival: a rush-hour gap, paid out in slot weights, so that a busy slot
  // (weight above 1) takes longer to pass through and so holds more arrivals.
  void advance(SeededRandom& random)
  {
    double g;
    do
      g = gamma_draw(random, p_.aarr, p_.barr);
    while (g > kLongestLogGap);
    points_ += std::exp(g) / kSlotSeconds;
    double dt = 0;
    while (points_ > weight_[slot_]) {
      points_ -= weight_[slot_];
      slot_ = (slot_ + 1) % kSlots;
      dt += kSlotSeconds;
    }
    double into = points_ / weight_[slot_];  // how far into the slot
    dt += kSlotSeconds * (into - into_slot_);
    into_slot_ = into;
    time_ += dt;
  }

  unsigned size(SeededRandom& random) const
  {
    double u = random.uniform();
    if (u <= p_.serial)
      return 1;
    double x = random.uniform() <= p_.u_prob ? random.uniform(p_.u_low, p_.u_med) : random.uniform(p_.u_med, p_.u_hi);
    if (u <= p_.serial + p_.power_of_two)  // the same draw decides
      x = std::floor(x + 0.5);
    double nodes = std::floor(std::exp2(x) + 0.5);
    return static_cast<unsigned>(std::clamp(nodes, 1.0, static_cast<double>(processors_)));
  }

  double run_time(SeededRandom& random, unsigned size) const
  {
    double p = std::clamp(p_.pa * size + p_.pb, 0.0, 1.0), h;
    do
      h = random.uniform() <= p ? gamma_draw(random, p_.a1, p_.b1) : gamma_draw(random, p_.a2, p_.b2);
    while (h > kLongestLogTime);
    return std::floor(std::exp(h));  // whole seconds, at least 1
  }

private:
  StreamParameters p_;
  unsigned processors_;
  std::array<double, kSlots> weight_{};
  size_t slot_      = 0;
  double points_    = 0;
  double into_slot_ = 0;
  double time_      = 0;
};

}  // namespace

std::vector<LublinFeitelsonJob> lublin_feitelson_stream(const LublinFeitelsonSettings& s, SeededRandom& random)
{
  if (s.processors < 2)
    throw std::invalid_argument("the Lublin-Feitelson model needs a machine of at least 2 processors");
  if (!(s.start_hour >= 0 && s.start_hour < 24))
    throw std::invalid_argument("the start hour must be in [0, 24)");
  if (!(s.requested_over_run >= 1))
    throw std::invalid_argument("requested time over run time must be >= 1");
  Stream batch(kBatch, s.processors, s.start_hour), interactive(kInteractive, s.processors, s.start_hour);
  batch.advance(random);
  interactive.advance(random);
  std::vector<LublinFeitelsonJob> out;
  out.reserve(s.jobs);
  for (size_t k = 0; k < s.jobs; ++k) {
    bool is_batch  = batch.next_arrival() < interactive.next_arrival();  // a tie goes to interactive, as in the C
    Stream& stream = is_batch ? batch : interactive;
    LublinFeitelsonJob j;
    j.interactive = !is_batch;
    j.job.id      = k + 1;
    j.job.submit  = stream.next_arrival();
    stream.advance(random);
    j.job.width     = stream.size(random);
    j.job.run_time  = stream.run_time(random, j.job.width);
    j.job.requested = j.job.run_time * s.requested_over_run;
    out.push_back(j);
  }
  return out;
}

}  // namespace isogrid::batch
