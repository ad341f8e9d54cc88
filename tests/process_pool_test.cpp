// The fork pool: results come back whatever the children do — return, throw, crash, hang.
#include "simulator/process/process_pool.hpp"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <map>
#include <thread>
#include <unistd.h>

using namespace isogrid;

namespace {

// Runs `count` tasks, `launch(i)` starting task i, and returns their results by task.
std::map<uint64_t, ChildResult> run_tasks(ProcessPool& pool, uint64_t count,
                                          const std::function<void(uint64_t)>& launch)
{
  std::map<uint64_t, ChildResult> out;
  uint64_t next = 0;
  while (out.size() < count) {
    while (next < count && !pool.full())
      launch(next++);
    for (auto& r : pool.wait_some())
      out[r.task] = r;
  }
  return out;
}

std::map<uint64_t, ChildResult> run_all(ProcessPool& pool, const std::vector<std::function<std::string()>>& work)
{
  return run_tasks(pool, work.size(), [&](uint64_t i) { pool.launch(i, work[i]); });
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

namespace {

// The pipes among this process's descriptors ("pipe:[inode]"), each with how many descriptors hold it.
std::map<std::string, int> pipes_held()
{
  std::map<std::string, int> held;
  for (const auto& fd : std::filesystem::directory_iterator("/proc/self/fd")) {
    std::error_code ec;
    std::string link = std::filesystem::read_symlink(fd.path(), ec).string();
    if (!ec && link.rfind("pipe:", 0) == 0)
      held[link] += 1;
  }
  return held;
}

}  // namespace

TEST(ProcessPool, AChildHoldsOnlyTheWriteEndOfItsResultPipe)
{
  // Holding the read end too, a child would block for good on a full pipe should the parent die.
  ProcessPool pool(1, 30);
  auto before = pipes_held();
  pool.launch(0, [] {
    std::string held;
    for (const auto& [pipe, count] : pipes_held())
      held += fmt::format("{}={}\n", pipe, count);
    return held;
  });
  std::string result_pipe;  // the read end this process got for the child
  for (const auto& [pipe, count] : pipes_held())
    if (before.count(pipe) == 0)
      result_pipe = pipe;
  ASSERT_FALSE(result_pipe.empty());
  std::vector<ChildResult> results;
  while (results.empty())
    results = pool.wait_some();
  ASSERT_TRUE(results[0].ok) << results[0].error;
  EXPECT_NE(results[0].payload.find(result_pipe + "=1\n"), std::string::npos) << result_pipe << " in\n"
                                                                              << results[0].payload;
}

// A fork server: children start from what it prepared once, and are the caller's own children.
namespace {

int prepared_state = 0;  // set by the server's preparation only

ProcessPool::SharedStart shared(
    const std::string& key, std::function<std::string(uint64_t)> work,
    std::function<void()> prepare = [] { prepared_state = 42; })
{
  return ProcessPool::SharedStart{key, "the test state " + key, std::move(prepare), std::move(work)};
}

std::map<uint64_t, ChildResult> run_shared(ProcessPool& pool, uint64_t count, const ProcessPool::SharedStart& s)
{
  return run_tasks(pool, count, [&](uint64_t i) { pool.launch(i, s); });
}

}  // namespace

TEST(ForkServer, ChildrenStartFromThePreparedStateAndAreTheCallersOwn)
{
  ProcessPool pool(2, 30);
  auto s = shared(
      "a", [](uint64_t task) { return fmt::format("{} {} {}", task, prepared_state, static_cast<long>(::getppid())); });
  auto results = run_shared(pool, 20, s);
  ASSERT_EQ(results.size(), 20u);
  for (uint64_t i = 0; i < 20; ++i) {
    ASSERT_TRUE(results[i].ok) << results[i].error;
    EXPECT_EQ(results[i].payload, fmt::format("{} 42 {}", i, static_cast<long>(::getpid())));
  }
  EXPECT_EQ(prepared_state, 0);  // prepared in the server, not here
}

TEST(ForkServer, CrashesAndTimeoutsOfItsChildrenAreReportedAsTheCallersOwn)
{
  ProcessPool pool(2, 1);
  auto s       = shared("a", [](uint64_t task) -> std::string {
    if (task == 0)
      std::raise(SIGSEGV);
    if (task == 1)
      std::this_thread::sleep_for(std::chrono::seconds(30));
    if (task == 2)
      throw std::runtime_error("thrown in a served child");
    return "fine";
  });
  auto results = run_shared(pool, 4, s);
  EXPECT_FALSE(results[0].ok);
  EXPECT_NE(results[0].error.find("crashed: signal 11"), std::string::npos) << results[0].error;
  EXPECT_FALSE(results[1].ok);
  EXPECT_NE(results[1].error.find("timed out after 1 s"), std::string::npos) << results[1].error;
  EXPECT_LT(results[1].wall_s, 10);
  EXPECT_EQ(results[2].error, "thrown in a served child");
  EXPECT_EQ(results[3].payload, "fine");
}

TEST(ForkServer, APreparationThatFailsFailsItsTasksWithItsReason)
{
  ProcessPool pool(1, 30);
  auto s = shared(
      "a", [](uint64_t) { return std::string("ran"); }, [] { throw std::runtime_error("the platform does not load"); });
  auto results = run_shared(pool, 3, s);
  for (uint64_t i = 0; i < 3; ++i) {
    EXPECT_FALSE(results[i].ok) << i;
    EXPECT_EQ(results[i].error, "the platform does not load") << i;
  }
  EXPECT_TRUE(pool.idle());
}

TEST(ForkServer, OneServerPerKeyAndTheLeastRecentlyUsedEndsPastFour)
{
  // Each child says which server started it: the one that prepared (its pid, kept by the preparation).
  ProcessPool pool(1, 30);
  auto server_of = [&](const std::string& key) {
    auto s = shared(
        key, [](uint64_t) { return std::to_string(prepared_state); },
        [] { prepared_state = static_cast<int>(::getpid()); });
    return run_shared(pool, 1, s).at(0).payload;
  };
  std::string a = server_of("a");
  EXPECT_EQ(server_of("a"), a);
  std::string b = server_of("b");
  EXPECT_NE(b, a);
  std::map<std::string, std::string> first;
  for (const char* key : {"c", "d"})
    first[key] = server_of(key);
  EXPECT_EQ(server_of("a"), a);  // four servers: all kept; "b" is now the least recently used
  std::string e = server_of("e");
  EXPECT_EQ(server_of("a"), a);
  EXPECT_EQ(server_of("c"), first["c"]);
  EXPECT_EQ(server_of("e"), e);
  EXPECT_NE(server_of("b"), b);  // ended when "e" came, started again
}

TEST(ForkServer, AServerKilledIsReportedAtTheNextStart)
{
  ProcessPool pool(1, 30);
  auto s = shared(
      "a", [](uint64_t) { return std::to_string(prepared_state); },
      [] { prepared_state = static_cast<int>(::getpid()); });  // each child names its server
  auto server = static_cast<pid_t>(std::stol(run_shared(pool, 1, s).at(0).payload));
  ASSERT_GT(server, 0);
  ASSERT_EQ(::kill(server, SIGKILL), 0);
  try {
    pool.launch(1, s);
    FAIL() << "a launch on a killed server went through";
  } catch (const ForkServerLost& e) {
    EXPECT_NE(std::string(e.what()).find("the process holding the test state a for the points stopped (killed by "
                                         "signal 9"),
              std::string::npos)
        << e.what();
  }
}
