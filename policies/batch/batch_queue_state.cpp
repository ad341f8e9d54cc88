#include "policies/batch/batch_queue_state.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace isogrid::batch {

BatchQueueState::BatchQueueState(unsigned processors, QueuePolicy policy) : policy_(std::move(policy))
{
  if (processors == 0)
    throw std::invalid_argument("a batch cluster needs at least one processor");
  view_.total = processors;
  view_.free  = processors;
}

size_t BatchQueueState::submit(BatchJob job)
{
  if (job.width == 0 || job.width > view_.total)
    throw std::invalid_argument("job " + std::to_string(job.id) + " asks for " + std::to_string(job.width) +
                                " processors; the cluster has " + std::to_string(view_.total));
  if (!(job.requested > 0))
    throw std::invalid_argument("job " + std::to_string(job.id) + " has a requested time of " +
                                std::to_string(job.requested) + " s; it must be > 0");
  if (!(job.run_time >= 0))
    throw std::invalid_argument("job " + std::to_string(job.id) + " has a negative run time");
  job.submit    = view_.now;
  size_t handle = entries_.size();
  Entry e;
  e.job            = job;
  e.outcome.id     = job.id;
  e.outcome.submit = job.submit;
  e.outcome.width  = job.width;
  entries_.push_back(e);
  queued_.push_back(handle);
  view_.queue.push_back(job);
  return handle;
}

double BatchQueueState::next_end() const
{
  while (!ends_.empty() && entries_[ends_.top().second].ended)
    ends_.pop();
  return ends_.empty() ? kOpenEnded : ends_.top().first;
}

void BatchQueueState::remove_running(size_t handle)
{
  Entry& e  = entries_[handle];
  size_t at = e.running_at;
  view_.free += e.job.width;
  running_jobs_[at]                      = running_jobs_.back();  // the last entry takes the ended job's place
  view_.running[at]                      = view_.running.back();
  entries_[running_jobs_[at]].running_at = at;
  running_jobs_.pop_back();
  view_.running.pop_back();
  e.ended = true;
}

void BatchQueueState::end_due()
{
  while (!ends_.empty() && ends_.top().first <= view_.now) {
    size_t handle = ends_.top().second;
    ends_.pop();
    if (!entries_[handle].ended)
      remove_running(handle);
  }
}

void BatchQueueState::start(size_t handle)
{
  Entry& e          = entries_[handle];
  const BatchJob& j = e.job;
  view_.free -= j.width;
  e.outcome.start  = view_.now;
  e.outcome.killed = j.run_time > j.requested;
  e.outcome.end    = view_.now + std::min(j.run_time, j.requested);
  e.started        = true;
  ends_.emplace(e.outcome.end, handle);
  e.running_at = running_jobs_.size();
  running_jobs_.push_back(handle);
  view_.running.push_back({j.width, view_.now + j.requested});
  newly_started_.push_back(handle);
}

void BatchQueueState::decide()
{
  end_due();
  if (queued_.empty())
    return;  // nothing to decide
  std::vector<size_t> chosen = policy_(view_);
  std::sort(chosen.begin(), chosen.end());
  chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());
  unsigned free = view_.free;
  for (size_t position : chosen) {
    if (position >= queued_.size())
      throw std::logic_error("the queue policy starts a job that is not in the queue");
    const BatchJob& j = entries_[queued_[position]].job;
    if (j.width > free)
      throw std::logic_error("the queue policy starts job " + std::to_string(j.id) + " on " + std::to_string(j.width) +
                             " processors with " + std::to_string(free) + " free");
    free -= j.width;
  }
  for (size_t position : chosen)
    start(queued_[position]);
  for (auto it = chosen.rbegin(); it != chosen.rend(); ++it) {
    queued_.erase(queued_.begin() + static_cast<std::ptrdiff_t>(*it));
    view_.queue.erase(view_.queue.begin() + static_cast<std::ptrdiff_t>(*it));
  }
}

void BatchQueueState::run_until(double t)
{
  for (;;) {
    double next = next_end();
    if (!(next < t))
      break;
    view_.now = next;
    decide();
  }
  view_.now = std::max(view_.now, t);
}

void BatchQueueState::finish(size_t handle)
{
  if (handle >= entries_.size() || !entries_[handle].started || entries_[handle].ended)
    throw std::logic_error("job " + std::to_string(handle) + " is not running: it cannot be finished");
  entries_[handle].outcome.end    = view_.now;
  entries_[handle].outcome.killed = false;
  remove_running(handle);
}

std::vector<size_t> BatchQueueState::take_started()
{
  std::vector<size_t> out;
  out.swap(newly_started_);
  return out;
}

}  // namespace isogrid::batch
