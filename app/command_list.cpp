#include "app/commands.hpp"
#include "app/experiment_loading.hpp"
#include "base/unknown_name.hpp"
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

void list_model(const Catalog& c, const Model& m)
{
  const ModelInfo& info = m.info();
  fmt::print("\n  {}  —  {}\n  source: {}\n", info.name, info.summary, info.source);
  if (const std::string& plugin = c.plugin_of(m); !plugin.empty())
    fmt::print("  from the plugin {}\n", plugin);
  fmt::print("  parameters (name, kind, default, unit, label: meaning):\n");
  for (const auto& p : info.params) {
    std::string def = p.default_value ? yaml_value(*p.default_value) : "required";
    if (p.default_value && def.empty())
      def = "none";
    std::string type = kind_name(p.kind);
    if (!p.policy_family.empty())
      type = p.kind == ParamKind::WordList ? "list of " + p.policy_family : p.policy_family + " policy";
    std::string b = bounds(p);
    fmt::print("    {:<20} {:<18} {:<10} {:<9} {}{}{}\n", p.name, type, def, p.unit.empty() ? "-" : p.unit,
               p.label.empty() ? "" : p.label + ": ", p.doc, b.empty() ? "" : " (" + b + ")");
  }
  fmt::print("  metrics (columns pred_<name> and sim_<name>):\n");
  for (const auto& x : info.metrics)
    fmt::print("    {:<20} {:<9} {}{}\n", x.name, x.unit.empty() ? "-" : x.unit, x.label.empty() ? "" : x.label + ": ",
               x.doc);
  if (!info.limits.empty())
    fmt::print("  limits in closed form (isoefficiency lines state where a level is out of reach):\n");
  for (const auto& l : info.limits)
    fmt::print("    {} as {} grows: {}\n", l.metric, l.param, l.formula);
}

void list_models(const Catalog& c, const std::string& name)
{
  std::vector<std::string> names;
  for (const Model* m : c.models())
    names.push_back(m->info().name);
  if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end())
    throw CLI::ValidationError("name", unknown_name_message("model", name, names));
  fmt::print("MODELS\n");
  for (const Model* m : c.models())
    if (name.empty() || m->info().name == name)
      list_model(c, *m);
}

// A summary cut to its first clause and to `width` characters: the overview's one line per entry.
std::string headline(const std::string& summary, size_t width)
{
  std::string out = summary;
  for (const char* stop : {": ", "; ", " ("})
    if (size_t at = out.find(stop); at != std::string::npos && at >= 20)
      out = out.substr(0, at);
  if (out.size() > width) {
    out = out.substr(0, width - 1);
    out = out.substr(0, out.find_last_of(' '));
    out = out.substr(0, out.find_last_not_of(",;") + 1) + " …";
  }
  return out;
}

// What `isogrid list` prints alone: a line per model, each policy family with its members, the platform generators,
// and the commands that give the details. One screen.
void list_overview(const Catalog& c)
{
  constexpr size_t kWidth = 76;
  fmt::print("MODELS (isogrid list models NAME: its parameters, metrics and limits)\n");
  for (const Model* m : c.models())
    fmt::print("  {:<24} {}\n", m->info().name, headline(m->info().summary, kWidth));
  fmt::print("\nPOLICY FAMILIES (isogrid list policies FAMILY: what each policy does)\n");
  std::vector<std::pair<std::string, std::string>> families;
  for (const auto& p : c.policies()) {
    if (families.empty() || families.back().first != p.family)
      families.emplace_back(p.family, "");
    families.back().second += (families.back().second.empty() ? "" : ", ") + p.name;
  }
  for (const auto& [family, members] : families)
    fmt::print("  {:<24} {}\n", family, headline(members, kWidth));
  fmt::print("\nPLATFORM GENERATORS (isogrid list platforms: their keys; SimGrid XML files load as they are)\n");
  for (const auto& g : c.platform_generators())
    fmt::print("  {:<24} {}\n", g.name, headline(g.summary, kWidth));
  fmt::print("\nEverything at once: isogrid list all\n");
}

void list_policies(const Catalog& c, const std::string& family)
{
  std::vector<std::string> families;
  for (const auto& p : c.policies())
    if (families.empty() || families.back() != p.family)
      families.push_back(p.family);
  if (!family.empty() && std::find(families.begin(), families.end(), family) == families.end())
    throw CLI::ValidationError("name", unknown_name_message("policy family", family, families));
  fmt::print("\nPOLICIES (a model parameter of kind '<family> policy' takes one of these names)\n");
  std::string shown;
  for (const auto& p : c.policies()) {
    if (!family.empty() && p.family != family)
      continue;
    if (p.family != shown) {
      shown = p.family;
      fmt::print("\n  {}\n", shown);
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
  auto what     = std::make_shared<std::string>();
  auto name     = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("list", "List models, policies and platform generators: alone, a one-screen "
                                             "overview; `list models NAME` or `list policies FAMILY` for one of them");
  cmd->add_option("what", *what, "models | policies | platforms | all (nothing: the overview)")
      ->check(CLI::IsMember({"models", "policies", "platforms", "all"}));
  cmd->add_option("name", *name, "with models: one model (dlt-star); with policies: one family (dlt-sequence)");
  add_plugin_option(cmd, shared.plugins);
  cmd->callback([what, name, &shared] {
    load_plugins(shared.plugins);
    if (!name->empty() && *what != "models" && *what != "policies")
      throw CLI::ValidationError("name", "a name follows `models` (a model) or `policies` (a family) only");
    const Catalog c = build_command_catalog();
    if (what->empty()) {
      list_overview(c);
      return;
    }
    if (*what == "models" || *what == "all")
      list_models(c, *name);
    if (*what == "policies" || *what == "all")
      list_policies(c, *name);
    if (*what == "platforms" || *what == "all")
      list_platforms(c);
  });
}

}  // namespace isogrid::cli
