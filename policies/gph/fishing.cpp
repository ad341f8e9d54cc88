#include "policies/gph/fishing.hpp"

namespace isogrid::gph {

size_t choose_pe(size_t self, size_t pes, std::uint64_t draw, bool gum_bias)
{
  if (pes <= 1)
    return self;
  if (gum_bias) {
    size_t r = static_cast<size_t>(draw % pes);
    return r == self ? (r + 1) % pes : r;
  }
  size_t r = static_cast<size_t>(draw % (pes - 1));
  return r >= self ? r + 1 : r;
}

FishTarget blind_target(const PeView& pe, const Draw& draw, const Parameters& parameters)
{
  size_t pes = pe.topology->pes();
  if (pes <= 1)
    return {};
  return {true, choose_pe(pe.self, pes, draw(), parameters.gum_bias), false};
}

bool may_send_fish(const FishingState& state, double now, const Parameters& parameters)
{
  return state.outstanding < parameters.max_fishes && now >= state.last_return + parameters.fish_delay;
}

void note_fish_sent(FishingState& state) { ++state.outstanding; }

void note_fish_returned(FishingState& state, double now)
{
  if (state.outstanding > 0)
    --state.outstanding;
  state.last_return = now;
}

void note_schedule_received(FishingState& state)
{
  if (state.outstanding > 0)
    --state.outstanding;
}

FishAction process_fish(size_t receiver, const Fish& fish, bool answers, size_t sparks,
                        const std::function<FishTarget()>& next, const Parameters& parameters)
{
  FishAction action;
  action.fish = fish;
  if (fish.origin == receiver) {
    action.outcome = FishOutcome::Returned;
    action.to      = receiver;
    return action;
  }
  if (answers && sparks > 0) {
    action.outcome = FishOutcome::Schedule;
    action.to      = fish.origin;
    action.sparks  = sparks;
    return action;
  }
  action.fish.age = fish.age + 1;
  if (fish.age < parameters.fish_life_expectancy) {
    FishTarget target = next();
    if (target.found) {
      action.outcome  = FishOutcome::Forward;
      action.to       = target.pe;
      action.informed = target.informed;
      return action;
    }
  }
  action.outcome = FishOutcome::SendHome;
  action.to      = fish.origin;
  return action;
}

}  // namespace isogrid::gph
