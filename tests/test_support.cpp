#include "tests/test_support.hpp"

#include <gtest/gtest.h>

#include "simulator/sg/messaging.hpp"
#include "simulator/sg/platform_loader.hpp"
#include "simulator/sg/session.hpp"

#include <array>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

namespace isogrid::testing {

const Catalog& catalog()
{
  static const Catalog built = build_catalog({});
  return built;
}

Point point_for(const Model& model, const std::map<std::string, Value>& values, uint64_t seed)
{
  Point p;
  p.specs = &model.info().params;
  p.seed  = seed;
  for (const auto& spec : model.info().params) {
    auto it = values.find(spec.name);
    if (it != values.end())
      p.values.push_back(it->second);
    else if (spec.default_value)
      p.values.push_back(*spec.default_value);
    else
      throw std::invalid_argument("test point lacks required parameter " + spec.name);
  }
  for (const auto& [name, v] : values)
    if (!model.info().param_index(name))
      throw std::invalid_argument("model has no parameter " + name);
  return p;
}

std::vector<std::string> run_in_children(const std::vector<std::function<std::string()>>& work, unsigned jobs)
{
  std::vector<std::string> out(work.size());
  ProcessPool pool(jobs, 300);
  size_t next = 0, finished = 0;
  while (finished < work.size()) {
    while (next < work.size() && !pool.full()) {
      pool.launch(next, work[next]);
      ++next;
    }
    for (const auto& r : pool.wait_some()) {
      if (!r.ok)
        throw std::runtime_error(fmt::format("child {} failed: {}", r.task, r.error));
      out[r.task] = r.payload;
      ++finished;
    }
  }
  return out;
}

std::string encode_outcome(const Outcome& out)
{
  std::ostringstream s;
  s.precision(17);
  s << out.predicted.size() << ' ';
  for (double x : out.predicted)
    s << x << ' ';
  for (double x : out.simulated)
    s << x << ' ';
  return s.str();
}

Outcome decode_outcome(const std::string& payload)
{
  std::istringstream s(payload);
  size_t n = 0;
  s >> n;
  Outcome out(n);
  auto read = [&](double& x) {
    std::string token;
    s >> token;
    x = std::strtod(token.c_str(), nullptr);  // accepts "nan"
  };
  for (auto& x : out.predicted)
    read(x);
  for (auto& x : out.simulated)
    read(x);
  return out;
}

TempDir::TempDir()
{
  std::random_device rd;
  path_ = std::filesystem::temp_directory_path() / fmt::format("isogrid-test-{}-{:x}", ::getpid(), rd());
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir()
{
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::string TempDir::write(const std::string& name, const std::string& content) const
{
  std::string p = file(name);
  std::filesystem::create_directories(std::filesystem::path(p).parent_path());
  std::ofstream(p, std::ios::trunc) << content;
  return p;
}

CommandResult run_isogrid(const std::string& arguments)
{
  CommandResult r;
  std::string command = fmt::format("{} {} 2>&1", ISOGRID_BINARY, arguments);
  FILE* pipe          = ::popen(command.c_str(), "r");
  if (!pipe)
    throw std::runtime_error("popen failed");
  std::array<char, 4096> buffer{};
  size_t n;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    r.output.append(buffer.data(), n);
  int status  = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

pid_t start_isogrid(const std::vector<std::string>& arguments, const std::string& log)
{
  pid_t pid = ::fork();
  if (pid == 0) {
    FILE* out = std::fopen(log.c_str(), "w");
    ::dup2(fileno(out), STDOUT_FILENO);
    ::dup2(fileno(out), STDERR_FILENO);
    ::setpgid(0, 0);  // its own group, like a shell job: the signal goes to isogrid and its children
    std::vector<char*> argv;
    std::string binary = ISOGRID_BINARY;
    argv.push_back(binary.data());
    std::vector<std::string> copy = arguments;
    for (auto& a : copy)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(binary.c_str(), argv.data());
    ::_exit(127);
  }
  return pid;
}

int wait_isogrid(pid_t pid)
{
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string read_file(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string rows_but_wall_time(const std::string& folder)
{
  std::string csv = read_file(folder + "/results.csv"), out;
  size_t at       = 0;
  while (at < csv.size()) {
    size_t end       = csv.find('\n', at);
    std::string line = csv.substr(at, end - at);
    out += line.substr(0, line.rfind(',')) + "\n";
    at = end == std::string::npos ? csv.size() : end + 1;
  }
  return out;
}

void expect_the_same_rows_in_small_stacks(const std::string& experiment)
{
  TempDir dir;
  const std::string small = "simgrid: {contexts/stack-size: 64, contexts/guard-size: 0}\n";
  std::string usual = dir.write("usual.yaml", experiment), roomy = dir.write("roomy.yaml", experiment + small);
  for (const auto& [file, out] : {std::pair{usual, "usual"}, std::pair{roomy, "roomy"}}) {
    CommandResult r = run_isogrid(fmt::format("run {} --out {} --no-plot --no-progress", file, dir.file(out)));
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
  std::string rows = rows_but_wall_time(dir.file("usual"));
  EXPECT_NE(rows.find(",ok,"), std::string::npos) << rows;
  EXPECT_EQ(rows, rows_but_wall_time(dir.file("roomy")));
}

std::vector<Outcome> evaluate_in_children(const std::vector<Point>& points, const Model& model)
{
  std::vector<std::function<std::string()>> work;
  for (const auto& p : points)
    work.push_back([&p, &model] {
      Outcome out(model.info().metrics.size());
      model.evaluate(p, Faces{true, true}, SimulationContext{sg::exact_network_config(), false}, out);
      return encode_outcome(out);
    });
  std::vector<Outcome> outcomes;
  for (const auto& payload : run_in_children(work))
    outcomes.push_back(decode_outcome(payload));
  return outcomes;
}

std::pair<double, double> compute_and_transfer_end(const std::function<std::pair<std::string, std::string>()>& build,
                                                   double flops, double bytes)
{
  std::string payload = run_in_children({[&] {
    sg::Session session(sg::exact_network_config(), false);
    auto [from_name, to_name] = build();
    sg::Host* from            = sg::host_by_name(from_name);
    sg::Host* to              = sg::host_by_name(to_name);
    double computed = 0, transferred = 0;
    sg::spawn("compute", from, [&] {
      sg::compute(flops);
      computed = sg::now();
    });
    sg::spawn("transfer", to, [&] {
      sg::Activities io;
      io.transfer(from, to, static_cast<std::uint64_t>(bytes));
      io.wait();
      transferred = sg::now();
    });
    session.run();
    std::ostringstream out;
    out.precision(17);
    out << computed << ' ' << transferred;
    return out.str();
  }})[0];
  std::istringstream in(payload);
  std::pair<double, double> out;
  in >> out.first >> out.second;
  return out;
}

namespace {

// A timeline through a child's payload: a record per event, its fields apart, numbers in their shortest exact form.
constexpr char kField  = '\x1f';
constexpr char kRecord = '\x1e';

std::string encode_timeline(const Timeline& timeline, const std::string& outcome)
{
  std::string out = outcome + kField + (timeline.in_seconds() ? "s" : "n") + kRecord;
  for (const TimelineRow& r : timeline.rows())
    out += fmt::format("r{}{}{}{}{}{}{}{}{}", kField, r.group, kField, r.resource, kField, r.zone, kField,
                       static_cast<int>(r.kind), kRecord);
  for (const TimelineEvent& e : timeline.events())
    out += fmt::format("{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}{}", e.level ? 'l' : 'i', kField, e.group, kField, e.resource,
                       kField, e.state, kField, e.label, kField, e.start, kField, e.end, kField, e.value, kRecord);
  return out;
}

std::vector<std::string> split(const std::string& text, char separator)
{
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator))
    parts.push_back(part);
  return parts;
}

Timeline decode_timeline(const std::string& payload, Outcome* outcome)
{
  Timeline timeline;
  std::vector<std::string> records = split(payload, kRecord);
  std::vector<std::string> head    = split(records.at(0), kField);
  if (outcome)
    *outcome = decode_outcome(head.at(0));
  if (head.at(1) == "n")
    timeline.normalised_time();
  for (size_t r = 1; r < records.size(); ++r) {
    std::vector<std::string> f = split(records[r], kField);
    f.resize(8);  // an empty label at the end of a record is no field for getline
    if (f[0] == "r")
      timeline.row(f[1], f[2], f[3], static_cast<RowKind>(std::stoi(f[4])));
    else if (f[0] == "l")
      timeline.level(f[1], f[2], f[3], std::stod(f[5]), std::stod(f[7]));
    else
      timeline.interval(f[1], f[2], f[3], f[4], std::stod(f[5]), std::stod(f[6]), std::stod(f[7]));
  }
  return timeline;
}

}  // namespace

Timeline timeline_in_child(const std::function<void(const SimulationContext&)>& record)
{
  return decode_timeline(run_in_children({[&] {
                           SimulationContext context;
                           context.simgrid_config = sg::exact_network_config();
                           Timeline timeline;
                           context.timeline = &timeline;
                           record(context);
                           return encode_timeline(timeline, "0 ");
                         }})[0],
                         nullptr);
}

Timeline timeline_of(const Model& model, const Point& point, Outcome* outcome)
{
  return decode_timeline(run_in_children({[&] {
                           SimulationContext context;
                           context.simgrid_config = sg::exact_network_config();
                           Timeline timeline;
                           context.timeline = &timeline;
                           Outcome out(model.info().metrics.size());
                           model.evaluate(point, Faces{false, true}, context, out);
                           return encode_timeline(timeline, encode_outcome(out));
                         }})[0],
                         outcome);
}

RunOptions quiet_run(const std::string& out_dir, unsigned jobs)
{
  RunOptions o;
  o.out_dir  = out_dir;
  o.jobs     = jobs;
  o.progress = false;
  return o;
}

}  // namespace isogrid::testing
