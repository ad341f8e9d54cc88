// The fork pool: results come back whatever the children do — return, throw, crash, hang.
#include "simulator/process/process_pool.hpp"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <gtest/gtest.h>
#include <map>
#include <thread>
#include <unistd.h>

using namespace isogrid;

namespace {

std::map<uint64_t, ChildResult> run_all(ProcessPool& pool, const std::vector<std::function<std::string()>>& work)
{
  std::map<uint64_t, ChildResult> out;
  size_t next = 0;
  while (out.size() < work.size()) {
    while (next < work.size() && !pool.full()) {
      pool.launch(next, work[next]);
      ++next;
    }
    for (auto& r : pool.wait_some())
      out[r.task] = r;
  }
  return out;
}

}  // namespace

TEST(ProcessPool, ReturnsEachChildsBytes)
{
  ProcessPool pool(2, 30);
  std::vector<std::function<std::string()>> work;
  for (int i = 0; i < 50; ++i)
    work.push_back([i] { return std::string(static_cast<size_t>(i) * 1000, char('a' + i % 26)); });
  auto results = run_all(pool, work);
  ASSERT_EQ(results.size(), 50u);
  for (int i = 0; i < 50; ++i) {
    EXPECT_TRUE(results[i].ok) << results[i].error;
    EXPECT_EQ(results[i].payload, std::string(static_cast<size_t>(i) * 1000, char('a' + i % 26)));
  }
}

TEST(ProcessPool, ChildrenRunInSeparateProcesses)
{
  ProcessPool pool(2, 30);
  static int counter = 0;  // each child sees the parent's value, never another child's change
  auto results       = run_all(pool, {[] { return std::to_string(++counter) + ":" + std::to_string(::getpid()); },
                                      [] { return std::to_string(++counter) + ":" + std::to_string(::getpid()); }});
  EXPECT_EQ(results[0].payload.substr(0, 2), "1:");
  EXPECT_EQ(results[1].payload.substr(0, 2), "1:");
  EXPECT_NE(results[0].payload, results[1].payload);
  EXPECT_EQ(counter, 0);
}

TEST(ProcessPool, ExceptionMessageBecomesTheError)
{
  ProcessPool pool(1, 30);
  auto results = run_all(pool, {[]() -> std::string { throw std::invalid_argument("m = 7 is too many"); }});
  EXPECT_FALSE(results[0].ok);
  EXPECT_EQ(results[0].error, "m = 7 is too many");
}

TEST(ProcessPool, CrashIsReportedWithSignalAndOutput)
{
  ProcessPool pool(2, 30);
  auto results = run_all(pool, {[]() -> std::string {
                                  std::fprintf(stderr, "about to fail\n");
                                  std::fflush(stderr);
                                  std::raise(SIGSEGV);
                                  return "unreachable";
                                },
                                [] { return std::string("fine"); }});
  EXPECT_FALSE(results[0].ok);
  EXPECT_NE(results[0].error.find("crashed: signal 11"), std::string::npos) << results[0].error;
  EXPECT_NE(results[0].error.find("about to fail"), std::string::npos) << results[0].error;
  EXPECT_TRUE(results[1].ok);
}

TEST(ProcessPool, ExitWithoutResultIsAnError)
{
  ProcessPool pool(1, 30);
  auto results = run_all(pool, {[]() -> std::string { ::_exit(3); }});
  EXPECT_FALSE(results[0].ok);
  EXPECT_NE(results[0].error.find("exited with code 3"), std::string::npos) << results[0].error;
}

TEST(ProcessPool, TimeoutKillsTheChildAndTheOthersGoOn)
{
  ProcessPool pool(2, 0.3);
  auto started  = std::chrono::steady_clock::now();
  auto results  = run_all(pool, {[]() -> std::string {
                                  std::this_thread::sleep_for(std::chrono::seconds(60));
                                  return "late";
                                },
                                 [] { return std::string("quick"); }, [] { return std::string("quick too"); }});
  double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_FALSE(results[0].ok);
  EXPECT_NE(results[0].error.find("timed out after 0.3 s"), std::string::npos) << results[0].error;
  EXPECT_TRUE(results[1].ok);
  EXPECT_TRUE(results[2].ok);
  EXPECT_LT(waited, 10.0);
}
