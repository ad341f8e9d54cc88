#include "workloads/gph/runtime/pe_recorder.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace isogrid::gph {

namespace {
constexpr const char* kPes    = "PEs";
constexpr const char* kFishes = "fishes";
constexpr const char* kSparks = "sparks";
}  // namespace

PeRecorder::PeRecorder(Timeline& timeline, std::vector<std::string> pe_names, const std::vector<std::string>& pe_zones)
    : timeline_(timeline), names_(std::move(pe_names)), rows_(names_.size())
{
  if (!pe_zones.empty() && pe_zones.size() != names_.size())
    throw std::invalid_argument(fmt::format("gph timeline: {} zones for {} PEs", pe_zones.size(), names_.size()));
  for (size_t pe = 0; pe < pe_zones.size(); ++pe) {
    timeline_.row(kPes, names_[pe], pe_zones[pe], RowKind::Host);
    timeline_.row(kFishes, names_[pe], pe_zones[pe], RowKind::Actor);
    timeline_.row(kSparks, names_[pe], pe_zones[pe], RowKind::Actor);
  }
}

const char* PeRecorder::name(SparkFate fate)
{
  switch (fate) {
    case SparkFate::Activated: return "activated";
    case SparkFate::Absorbed: return "absorbed";
    case SparkFate::Pruned: return "pruned";
    case SparkFate::Shipped: return "shipped";
    case SparkFate::HandedBack: return "handed back";
  }
  return "?";
}

const char* PeRecorder::name(PeActivity activity)
{
  switch (activity) {
    case PeActivity::Idle: return "idle";
    case PeActivity::Compute: return "compute";
    case PeActivity::Blocked: return "blocked";
    case PeActivity::Fish: return "fish";
  }
  return "?";
}

void PeRecorder::activity(size_t pe, PeActivity activity, double now)
{
  Row& row = rows_.at(pe);
  if (row.activity == activity)
    return;
  if (row.activity != PeActivity::Idle && now > row.since)
    timeline_.interval(kPes, names_[pe], name(row.activity), "", row.since, now);
  row.activity = activity;
  row.since    = now;
}

void PeRecorder::fish_sent(size_t pe, double now) { rows_.at(pe).fishes_out.push_back(now); }

void PeRecorder::fish_answered(size_t pe, std::string label, double amount, double now)
{
  Row& row = rows_.at(pe);
  if (row.fishes_out.empty())
    throw std::logic_error(fmt::format("gph timeline: PE {} got an answer to a fish it did not send", pe));
  timeline_.interval(kFishes, names_[pe], "fish", std::move(label), row.fishes_out.front(), now, amount);
  row.fishes_out.pop_front();
}

void PeRecorder::fish_scheduled(size_t pe, size_t from, size_t sparks, double now)
{
  fish_answered(pe, "schedule from " + names_.at(from), static_cast<double>(sparks), now);
}

void PeRecorder::fish_came_back(size_t pe, unsigned hops, double now) { fish_answered(pe, "came back", hops, now); }

void PeRecorder::spark(size_t pe, ThunkId id, SparkFate fate, double since, double now)
{
  timeline_.interval(kSparks, names_.at(pe), name(fate), fmt::format("{}.{}", thunk_creator(id), thunk_serial(id)),
                     since, now);
}

void PeRecorder::finish(double now)
{
  for (size_t pe = 0; pe < rows_.size(); ++pe) {
    activity(pe, PeActivity::Idle, now);
    for (double sent : rows_[pe].fishes_out)
      timeline_.interval(kFishes, names_[pe], "fish", "no answer by the end", sent, now);
    rows_[pe].fishes_out.clear();
  }
}

}  // namespace isogrid::gph
