// `isogrid plan PLATFORM.yaml`: Argollo et al.'s three-phase tuning methodology ("Tuning application in a
// multi-cluster environment") run as an analytic planner on a grid spec. Nothing is simulated: the numbers are
// Eqs. 1-5 as policies/farm computes them; this file only reads the options, checks them and prints the plan the
// way the paper's Tables 2-5 lay it out. `isogrid run` with the hierarchical-farm model checks a plan by simulation.
#include "workloads/master_worker/plan_command.hpp"

#include "policies/farm/tuning_plan.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/core/registrations.hpp"
#include "simulator/core/text.hpp"
#include "simulator/core/value.hpp"
#include "simulator/report/table.hpp"
#include "workloads/master_worker/farm_layout.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <memory>
#include <string>
#include <vector>

namespace isogrid::farm {

namespace {

struct PlanArgs {
  std::string platform;
  TaskShape task;
  double threshold = 0.85;
  std::vector<std::string> inet;  // CLUSTER=KiB/s
  bool markdown = false;
};

// ---- input -------------------------------------------------------------------------------------------------

void require_positive(double value, const std::string& option)
{
  // CLI11 reads "inf" and "nan" as numbers; neither is a size.
  if (!(std::isfinite(value) && value > 0))
    throw InputError({}, option, fmt::format("expected a positive number, got {}", value));
}

void check_numbers(const PlanArgs& a)
{
  require_positive(a.task.flops, "--task-flops");
  require_positive(a.task.command_bytes, "--command-bytes");
  require_positive(a.task.result_bytes, "--result-bytes");
  if (!(a.threshold > 0 && a.threshold <= 1))
    throw InputError({}, "--threshold",
                     fmt::format("expected an efficiency in (0, 1], e.g. 0.85, got {}", a.threshold));
}

// The planner needs roles (which cluster is local, which host is a master), which only the clustered YAML spec
// implies; a SimGrid XML file or a star has hosts but no clusters.
GridSpec read_clustered_spec(const std::string& path)
{
  SourceLocation file{path, 0, 0};
  if (!ends_with(path, ".yaml") && !ends_with(path, ".yml"))
    throw InputError(file, "",
                     "`isogrid plan` needs an isogrid YAML grid spec with clusters (.yaml); a SimGrid "
                     "XML platform does not say which cluster is local (docs/platforms.md)");
  GridSpec spec = read_grid_spec(path);
  if (spec.clusters.empty())
    throw InputError(file, "star",
                     "a star has no clusters; `isogrid plan` needs `clusters:`, the first one "
                     "local (it holds the master), the others remote");
  if (spec.clusters[0].hosts < 2)
    throw InputError(file, "clusters[0].hosts",
                     fmt::format("the local cluster {} needs at least 2 hosts: host 0 runs the master, the others "
                                 "are the workers the speedup is measured against",
                                 spec.clusters[0].name));
  return spec;
}

InputError bad_inet(const std::string& item)
{
  return InputError({}, "--inet",
                    fmt::format("'{}': expected CLUSTER=KiB/s with a positive number of KiB/s "
                                "(1 KiB = 1024 B), e.g. Spain=23",
                                item));
}

double parse_kib(const std::string& item, const std::string& text)
{
  // number_length rejects what strtod would also take: "inf", "nan", hexadecimal, trailing units.
  if (text.empty() || number_length(text, 0, true) != text.size())
    throw bad_inet(item);
  double v = std::strtod(text.c_str(), nullptr);
  if (!(std::isfinite(v) && v > 0))
    throw bad_inet(item);
  return v;
}

// --inet items as override_internet_throughput wants them: KiB/s per cluster, 0 = keep the platform's link.
std::vector<double> inet_overrides(const GridSpec& spec, const std::vector<std::string>& items)
{
  std::vector<std::string> remote;
  for (size_t c = 1; c < spec.clusters.size(); ++c)
    remote.push_back(spec.clusters[c].name);
  std::vector<double> kib(spec.clusters.size(), 0.0);
  for (const auto& item : items) {
    size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw bad_inet(item);
    std::string name = item.substr(0, eq);
    auto it          = std::find(remote.begin(), remote.end(), name);
    if (it == remote.end())
      throw InputError({}, "--inet",
                       name == spec.clusters[0].name
                           ? fmt::format("{} is the local cluster: it has no Internet link to itself", name)
                           : unknown_name_message("remote cluster", name, remote));
    kib[static_cast<size_t>(it - remote.begin()) + 1] = parse_kib(item, item.substr(eq + 1));
  }
  return kib;
}

// ---- printing ----------------------------------------------------------------------------------------------

// One plan, two renderings: aligned text for a terminal, Markdown for a report.
class Printer {
public:
  explicit Printer(bool markdown) : md_(markdown) {}

  // Level 1: the title; 2: a phase (underlined in text); 3: a table's caption.
  void heading(int level, const std::string& title)
  {
    if (md_) {
      fmt::print("{}{} {}\n\n", last_ == Block::None ? "" : "\n", std::string(static_cast<size_t>(level), '#'), title);
      last_ = Block::Heading;
    } else if (level == 1) {
      fmt::print("{}\n", title);
    } else if (level == 2) {
      fmt::print("\n{}\n{}\n", title, std::string(title.size(), '-'));
    } else {
      fmt::print("\n{}\n", title);
    }
  }
  void field(const std::string& key, const std::string& value)
  {
    start(Block::List);
    fmt::print(md_ ? "- {}: {}\n" : "  {:<15}{}\n", key, value);
  }
  // Consecutive notes make one Markdown paragraph.
  void note(const std::string& text)
  {
    start(Block::Paragraph);
    fmt::print(md_ ? "{}\n" : "  {}\n", text);
  }
  void table(const Table& t)
  {
    start(Block::Table);
    fmt::print("{}", md_ ? markdown_table(t) : text_table(t));
  }

private:
  // Markdown needs a blank line between a list, a paragraph and a table, and only there.
  enum class Block { None, Heading, List, Paragraph, Table };
  void start(Block b)
  {
    if (md_ && last_ != Block::None && last_ != Block::Heading && last_ != b)
      fmt::print("\n");
    last_ = b;
  }

  bool md_;
  Block last_ = Block::None;
};

// The paper's units: performance in 1e-3 tasks/s, Internet throughput in KB/s with 1 KB = 1024 B.
std::string milli(double tasks_per_s)
{
  return std::isfinite(tasks_per_s) ? fmt::format("{:.3f}", tasks_per_s * 1e3) : "-";
}
std::string percent(double share) { return fmt::format("{:.0f}%", share * 100); }

std::string kib(double bytes_per_s)
{
  if (!std::isfinite(bytes_per_s))
    return "-";
  double k        = bytes_per_s / 1024;
  std::string one = fmt::format("{:.1f}", k);  // 21.0 and 25.3, as the paper prints them
  return std::fabs(std::stod(one) - k) <= 1e-9 * k ? one : format_number(k);
}

// Which term of Eq. 2 sets EstPerf: the workers themselves, or the link that feeds them.
std::string bound(const ClusterEstimate& e)
{
  if (e.workers == 0)
    return "unused";
  if (!e.communication_bound())
    return "computation";
  return e.estimated == e.max_lan ? "LAN" : "Internet";
}

std::vector<std::string> estimate_row(const std::string& name, const ClusterEstimate& e, const std::string& inet)
{
  return {name,
          fmt::format("{}", e.workers),
          inet,
          milli(e.available),
          milli(e.max_inet),
          milli(e.estimated),
          fmt::format("{:.3f}", e.speedup),
          e.available > 0 ? percent(e.efficiency) : "-",  // a cluster left without workers has no efficiency
          bound(e)};
}

// One step of the plan laid out as the paper's Tables 2-4.
Table step_table(const std::vector<ClusterResources>& clusters, const PlanStep& step)
{
  Table t{{"cluster", "workers", "Inet KiB/s", "AvPerf", "MaxPerf_inet", "EstPerf", "est. speedup", "est. efficiency",
           "bound"},
          {}};
  for (size_t c = 0; c < clusters.size(); ++c)
    t.rows.push_back(
        estimate_row(clusters[c].name, step.estimate.clusters[c], c == 0 ? "-" : kib(clusters[c].inet_throughput)));
  // The farm as a whole has no one Internet link nor one bound: those cells stay empty.
  std::vector<std::string> total = estimate_row("Total", step.estimate.total, "-");
  total[4]                       = "-";
  total.back()                   = "";
  t.rows.push_back(total);
  return t;
}

// Worker w is host w + 1 (host 0 is the (sub-)master). Long consecutive runs are shortened to "vu-1 .. vu-71".
std::string host_list(const ClusterSpec& cluster, std::vector<size_t> workers)
{
  if (workers.empty())
    return "none";
  std::sort(workers.begin(), workers.end());
  std::vector<std::string> parts;
  for (size_t i = 0; i < workers.size();) {
    size_t j = i;
    while (j + 1 < workers.size() && workers[j + 1] == workers[j] + 1)
      ++j;
    auto host = [&](size_t k) { return cluster.host_name(static_cast<long long>(workers[k]) + 1); };
    if (j - i >= 3)
      parts.push_back(host(i) + " .. " + host(j));
    else
      for (size_t k = i; k <= j; ++k)
        parts.push_back(host(k));
    i = j + 1;
  }
  return join(parts, " ");
}

// Remote clusters whose Internet link caps them with every worker on: what Application Tuning can help.
std::vector<std::string> internet_bound(const std::vector<ClusterResources>& clusters, const PlanStep& all)
{
  std::vector<std::string> out;
  for (size_t c = 1; c < clusters.size(); ++c)
    if (bound(all.estimate.clusters[c]) == "Internet")
      out.push_back(clusters[c].name);
  return out;
}

void print_header(Printer& out, const PlanArgs& a, const GridSpec& spec)
{
  out.heading(1, "Three-phase tuning plan (Argollo et al., \"Tuning application in a multi-cluster environment\", "
                 "Eqs. 1-5)");
  std::vector<std::string> remote;
  for (size_t c = 1; c < spec.clusters.size(); ++c)
    remote.push_back(spec.clusters[c].name);
  out.field("platform", fmt::format("{} ({}: local {}; remote {})", a.platform, spec.name, spec.clusters[0].name,
                                    remote.empty() ? "none" : join(remote, ", ")));
  out.field("task", fmt::format("{:g} flop; CV = {} + {} = {} bytes (command + result)", a.task.flops,
                                format_number(a.task.command_bytes), format_number(a.task.result_bytes),
                                format_number(a.task.bytes_per_task())));
  out.field("threshold", fmt::format("{:.4g}% efficiency", a.threshold * 100));
  if (!a.inet.empty())
    out.field("Internet", join(a.inet, ", ") + " KiB/s (--inet)");
}

void print_local_analysis(Printer& out, const GridSpec& spec, const std::vector<ClusterResources>& clusters,
                          const TuningPlan& plan)
{
  const PlanStep& local    = plan.step("local");
  const ClusterEstimate& e = local.estimate.clusters[0];
  out.heading(2, fmt::format("Phase 1: Local Cluster Analysis ({} alone)", clusters[0].name));
  out.field("local workers", fmt::format("{} ({})", e.workers, host_list(spec.clusters[0], local.workers[0])));
  out.field("AvPerf", milli(e.available) + "e-3 tasks/s (sum of the workers' rates)");
  out.field("MaxPerf_LAN",
            fmt::format("{}e-3 tasks/s (LAN {} KiB/s / CV, Eq. 4)", milli(e.max_lan), kib(clusters[0].lan_throughput)));
  out.field("EstPerf", fmt::format("{}e-3 tasks/s (Eq. 2), efficiency {}", milli(e.estimated), percent(e.efficiency)));
  out.note(plan.local_reaches_available
               ? "computation-bound: the local cluster delivers its whole AvPerf, go to Multi-Cluster Analysis"
               : "communication-bound: the LAN holds the local cluster back, go to Application Tuning");
}

void print_multi_cluster_analysis(Printer& out, const GridSpec& spec, const std::vector<ClusterResources>& clusters,
                                  const TuningPlan& plan)
{
  out.heading(2, "Phase 2: Multi-Cluster Analysis");
  out.note("performance in 1e-3 tasks/s; EstPerf = min(AvPerf, MaxPerf_LAN, MaxPerf_inet) (Eq. 2);");
  out.note("speedup = EstPerf / local EstPerf, efficiency = EstPerf / AvPerf (Eq. 3)");
  out.heading(3, "All resources (the paper's Table 2)");
  out.table(step_table(clusters, plan.step("all")));
  const PlanStep& selected = plan.step("selected");
  out.heading(3, fmt::format("Selected resources: the most workers, fastest first, that keep each cluster at "
                             "{:.4g}% efficiency (Table 3)",
                             plan.threshold * 100));
  out.table(step_table(clusters, selected));
  out.note("workers kept:");
  for (size_t c = 0; c < clusters.size(); ++c)
    out.field(clusters[c].name, fmt::format("{} ({} of {})", host_list(spec.clusters[c], selected.workers[c]),
                                            selected.workers[c].size(), clusters[c].worker_rates.size()));
  std::vector<std::string> held = internet_bound(clusters, plan.step("all"));
  out.note(held.empty() ? "no remote cluster is held back by its Internet link: the plan can stop here"
                        : fmt::format("held back by the Internet: {}; go to Application Tuning", join(held, ", ")));
}

void print_application_tuning(Printer& out, const std::vector<ClusterResources>& clusters, const TuningPlan& plan)
{
  out.heading(2, "Phase 3: Application Tuning");
  out.note("each sub-master sums S results into one CV-sized message: MaxPerf_inet = S TPut / CV (Eq. 5);");
  out.note("S = AvPerf CV / TPut carries the whole AvPerf; where the link binds, S is rounded up to a whole "
           "number");
  const PlanStep& tuned = plan.step("tuned");
  const PlanStep& all   = plan.step("all");
  Table s{{"cluster", "AvPerf", "Inet KiB/s", "exact S", "recommended S"}, {}};
  for (size_t c = 1; c < clusters.size(); ++c)
    s.rows.push_back({clusters[c].name, milli(all.estimate.clusters[c].available), kib(clusters[c].inet_throughput),
                      fmt::format("{:.2f}", plan.exact_aggregation[c]), format_number(tuned.aggregation[c])});
  out.table(s);
  out.heading(3, "Tuned application, all resources (Table 4)");
  out.table(step_table(clusters, tuned));
}

void print_summary(Printer& out, const TuningPlan& plan)
{
  out.heading(2, "Summary: the methodology step by step (the paper's Table 5, estimated columns)");
  Table t{{"step", "description", "workers", "est. speedup", "est. efficiency"}, {}};
  for (const PlanStep& s : plan.steps)
    t.rows.push_back({s.name, s.description, fmt::format("{}", s.estimate.total.workers),
                      fmt::format("{:.3f}", s.estimate.total.speedup), percent(s.estimate.total.efficiency)});
  out.table(t);
}

void run_plan(const PlanArgs& a)
{
  check_numbers(a);
  GridSpec spec = read_clustered_spec(a.platform);
  override_internet_throughput(spec, inet_overrides(spec, a.inet));
  std::vector<ClusterResources> clusters = farm_resources(spec, a.task.flops);
  TuningPlan plan                        = plan_tuning(clusters, a.task.bytes_per_task(), a.threshold);
  Printer out(a.markdown);
  print_header(out, a, spec);
  print_local_analysis(out, spec, clusters, plan);
  print_multi_cluster_analysis(out, spec, clusters, plan);
  print_application_tuning(out, clusters, plan);
  print_summary(out, plan);
}

}  // namespace

CommandEntry plan_command()
{
  return {"plan",
          "Plan a master-worker farm over several clusters with Argollo et al.'s three-phase tuning (Eqs. 1-5): "
          "workers, aggregation S, speedup and efficiency per cluster, without simulating",
          define_plan_command};
}

ISOGRID_COMMAND(plan_command);

void define_plan_command(CLI::App& command)
{
  auto args     = std::make_shared<PlanArgs>();
  CLI::App* cmd = &command;
  cmd->add_option("platform", args->platform,
                  "isogrid YAML grid spec with clusters: the first is local (host 0 the master), host 0 of each "
                  "other is its sub-master, every other host a worker")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--task-flops", args->task.flops, "flop per task; a worker computes speed / task-flops tasks/s")
      ->capture_default_str();
  cmd->add_option("--command-bytes", args->task.command_bytes,
                  "bytes the master sends per task (CV = command + "
                  "result, Eq. 4)")
      ->capture_default_str();
  cmd->add_option("--result-bytes", args->task.result_bytes,
                  "bytes a worker returns per task (SRMSD: 601x31x31 "
                  "floats)")
      ->default_str("2310244");  // the %g of capture_default_str would print 2.31024e+06
  cmd->add_option("--threshold", args->threshold,
                  "efficiency (EstPerf / AvPerf, Eq. 3) each cluster must keep "
                  "when workers are selected; in (0, 1]")
      ->capture_default_str();
  cmd->add_option("--inet", args->inet,
                  "CLUSTER=KiB/s: that remote cluster's Internet throughput to the local "
                  "one, 1 KiB = 1024 B (the paper's 23.0 KB/s measured for Spain: "
                  "--inet Spain=23); repeatable")
      ->allow_extra_args(false);
  cmd->add_flag("--markdown", args->markdown, "print Markdown tables instead of aligned text");
  cmd->footer("Argollo, Gaudiani, Rexachs and Luque, \"Tuning application in a multi-cluster environment\":\n"
              "  1. Local Cluster Analysis; 2. Multi-Cluster Analysis, all resources (Table 2) then selected ones\n"
              "  (Table 3); 3. Application Tuning, aggregation factor S (Table 4); summary as Table 5.\n"
              "  Eqs. 1-2: EstPerf = min(AvPerf, MaxPerf_LAN, MaxPerf_inet)\n"
              "  Eq. 3:    efficiency = EstPerf / AvPerf, speedup = EstPerf / EstPerf of the local cluster\n"
              "  Eq. 4:    MaxPerf = TPut / CV;  Eq. 5: MaxPerf_inet = S TPut / CV (CV = command + result bytes)\n"
              "Performance is printed in 1e-3 tasks/s, throughput in KiB/s. Documentation: docs/planning.md");
  cmd->callback([args] { run_plan(*args); });
}

}  // namespace isogrid::farm
