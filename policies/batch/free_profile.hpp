#pragma once
// The processors a batch cluster has free from each time on, as a backfilling policy plans them: running jobs
// release theirs at their expected end (start plus requested time), and reservations take theirs for their requested
// time. Shared by the policies that reserve (EASY, conservative) and by the wait predictor that reads a reservation
// as a prediction.
#include "policies/batch/batch_queue.hpp"

#include <map>
#include <vector>

namespace isogrid::batch {

class FreeProfile {
public:
  // From the free processors now and the running jobs' expected ends (an overdue job is taken to end now).
  FreeProfile(double now, unsigned free, std::vector<RunningJob> running);
  explicit FreeProfile(const QueueView& view) : FreeProfile(view.now, view.free, view.running) {}

  // The earliest time from now at which `width` processors stay free for `duration`; infinity when the cluster is
  // narrower than `width`.
  double earliest(unsigned width, double duration) const;
  // Takes `width` processors over [start, start + duration).
  void reserve(double start, unsigned width, double duration);
  unsigned free_at(double t) const;

private:
  bool fits_from(std::map<double, unsigned>::const_iterator from, unsigned width, double duration) const;
  void split(double t);

  std::map<double, unsigned> steps_;  // time -> free from then until the next time
};

// The start a job of `width` processors and `requested` seconds would be given if it joined the back of the view's
// queue under conservative backfilling: every queued job reserved first, in order, then this one.
double conservative_reservation(const QueueView& view, unsigned width, double requested);

}  // namespace isogrid::batch
