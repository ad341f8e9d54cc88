#pragma once
// Seeded random numbers for models and policies (heterogeneity draws, background-load noise, a scheduler's random
// choices). Explicit arithmetic rather than <random> distributions, whose output the standard leaves to each
// library: the same seed gives the same numbers with any compiler. Header-only.
#include <cstdint>
#include <string_view>

namespace isogrid {

// SplitMix64 finaliser: a well-mixed 64-bit hash, stable across compilers and platforms.
inline uint64_t mix64(uint64_t x)
{
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// FNV-1a of a name: unlike std::hash, the same with every standard library. Gives each named policy its own
// random stream, the same whatever else runs beside it.
inline uint64_t name_hash(std::string_view name)
{
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : name)
    h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

// The seed of one point: derived from the experiment seed, the parameter combination and the repetition, so
// that adding repetitions does not change the seeds of those already run. (GUM's PEs use it too, each PE as a
// combination: their streams predate named ones.)
inline uint64_t derive_seed(uint64_t experiment_seed, uint64_t combination, uint32_t repetition)
{
  return mix64(mix64(mix64(experiment_seed) ^ combination) ^ repetition);
}

class SeededRandom {
public:
  explicit SeededRandom(uint64_t seed) : state_(seed) {}
  // 64 raw bits.
  uint64_t next()
  {
    state_ += 0x9e3779b97f4a7c15ULL;
    return mix64(state_);
  }
  // In [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // In [lo, hi).
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  // In [0, n); 0 when n is 0.
  uint64_t below(uint64_t n) { return n ? static_cast<uint64_t>(uniform() * static_cast<double>(n)) % n : 0; }

private:
  uint64_t state_;
};

// A point's random streams, each derived from its seed by what it is for, so that drawing one stream never shifts
// another: SeedStream(seed).child("cluster speeds").random(). Streams that had a magic salt before they had a
// name keep it (StreamSalt: the name, and the salt the results were produced with), so results stay identical.
struct StreamSalt {
  std::string_view name;  // what the stream is for
  uint64_t salt;          // mixed with the parent seed
};

class SeedStream {
public:
  explicit SeedStream(uint64_t seed) : seed_(seed) {}
  uint64_t seed() const { return seed_; }
  SeededRandom random() const { return SeededRandom(seed_); }

  // The stream of a name: a policy's, a cluster's, a link's.
  SeedStream child(std::string_view name) const { return SeedStream(mix64(seed_ ^ name_hash(name))); }
  // A stream kept at its former salt.
  SeedStream child(const StreamSalt& named) const { return SeedStream(mix64(seed_ ^ named.salt)); }
  // One of a family of streams numbered by `index` (a step and a cluster, a resource).
  SeedStream nth(uint64_t index) const { return SeedStream(mix64(seed_ ^ mix64(index))); }

private:
  uint64_t seed_;
};

}  // namespace isogrid
