#include "app/commands.hpp"
#include "app/experiment_loading.hpp"
#include "simulator/core/catalog.hpp"
#include "simulator/core/value.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace isogrid::cli {

namespace {

std::string bounds(const ParamSpec& p)
{
  bool numbers = p.kind == ParamKind::Real || p.kind == ParamKind::Integer || p.kind == ParamKind::RealOrList ||
                 p.kind == ParamKind::NumberList || (p.kind == ParamKind::Map && p.entry_kind == ParamKind::Real);
  if (!numbers)
    return "";
  std::string lo = std::isinf(p.min) ? "" : fmt::format("{} {}", p.min_exclusive ? ">" : ">=", format_number(p.min));
  // An integer's own range (2^53 and beyond) is no bound a user sets.
  std::string le = p.max_exclusive ? "<" : "<=";
  std::string hi = !p.max_text.empty()                                ? le + " " + p.max_text
                   : std::isinf(p.max) || p.max >= 9007199254740992.0 ? ""
                                                                      : fmt::format("{} {}", le, format_number(p.max));
  if (!lo.empty() && !hi.empty())
    return lo + ", " + hi;
  return lo + hi;
}

void list_models(const Catalog& c)
{
  fmt::print("MODELS\n");
  for (const Model* m : c.models()) {
    const ModelInfo& info = m->info();
    fmt::print("\n  {}  —  {}\n  source: {}\n", info.name, info.summary, info.source);
    if (const std::string& plugin = c.plugin_of(*m); !plugin.empty())
      fmt::print("  from the plugin {}\n", plugin);
    fmt::print("  parameters:\n");
    for (const auto& p : info.params) {
      std::string def = p.default_value ? yaml_value(*p.default_value) : "required";
      if (p.default_value && def.empty())
        def = "none";
      std::string type = kind_name(p.kind);
      if (!p.policy_family.empty())
        type = p.kind == ParamKind::WordList ? "list of " + p.policy_family : p.policy_family + " policy";
      std::string b = bounds(p);
      fmt::print("    {:<20} {:<18} {:<10} {}{}\n", p.name, type, def, p.doc, b.empty() ? "" : " (" + b + ")");
    }
    fmt::print("  metrics (columns pred_<name> and sim_<name>):\n");
    for (const auto& x : info.metrics)
      fmt::print("    {:<20} {}\n", x.name, x.doc);
    if (!info.limits.empty())
      fmt::print("  limits in closed form (isoefficiency lines state where a level is out of reach):\n");
    for (const auto& l : info.limits)
      fmt::print("    {} as {} grows: {}\n", l.metric, l.param, l.formula);
  }
}

void list_policies(const Catalog& c)
{
  fmt::print("\nPOLICIES (a model parameter of kind '<family> policy' takes one of these names)\n");
  std::string family;
  for (const auto& p : c.policies()) {
    if (p.family != family) {
      family = p.family;
      fmt::print("\n  {}\n", family);
    }
    fmt::print("    {:<22} {}{}\n", p.name, p.summary, p.plugin.empty() ? "" : " (from the plugin " + p.plugin + ")");
  }
}

void list_platforms(const Catalog& c)
{
  fmt::print("\nPLATFORM GENERATORS (keys of an isogrid YAML platform file; SimGrid XML files load as they are)\n");
  for (const auto& g : c.platform_generators()) {
    fmt::print("\n  {}  —  {}\n", g.name, g.summary);
    size_t width = 0;
    for (const auto& p : g.params)
      width = std::max(width, p.name.size());
    for (const auto& p : g.params) {
      std::string def = p.default_value ? format_value(*p.default_value) : "required";
      if (p.default_value && def.empty())
        def = "none";
      std::string unit = p.unit.empty() ? "" : " [" + p.unit + "]";
      fmt::print("    {:<{}} {:<10} {}{}\n", p.name, width, def, p.doc, unit);
    }
  }
}

}  // namespace

void add_list_command(CLI::App& app, Shared& shared)
{
  auto what     = std::make_shared<std::string>("all");
  CLI::App* cmd = app.add_subcommand("list", "List models (with their parameters and metrics), policies and "
                                             "platform generators");
  cmd->add_option("what", *what, "models | policies | platforms | all")
      ->check(CLI::IsMember({"models", "policies", "platforms", "all"}));
  add_plugin_option(cmd, shared.plugins);
  cmd->callback([what, &shared] {
    load_plugins(shared.plugins);
    const Catalog c = build_command_catalog();
    if (*what == "models" || *what == "all")
      list_models(c);
    if (*what == "policies" || *what == "all")
      list_policies(c);
    if (*what == "platforms" || *what == "all")
      list_platforms(c);
  });
}

}  // namespace isogrid::cli
