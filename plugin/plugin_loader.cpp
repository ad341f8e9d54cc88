#include "plugin/plugin_loader.hpp"

#include "base/registry_listing.hpp"
#include "plugin/plugin.hpp"
#include "simulator/core/catalog.hpp"
#include "simulator/core/input_file.hpp"
#include "simulator/core/sha256.hpp"
#include "simulator/process/process_pool.hpp"

#include <algorithm>
#include <dlfcn.h>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

namespace fs = std::filesystem;

namespace isogrid {

namespace {

// What this process has dlopen'ed, like the libraries themselves, lives as long as the process.
std::vector<LoadedPlugin>& plugins()
{
  static std::vector<LoadedPlugin> loaded;
  return loaded;
}

std::vector<PluginModel>& models_added()
{
  static std::vector<PluginModel> models;
  return models;
}

// Which plugin added a name, per family ("model" for models): for the message when a later one takes it again.
std::map<std::pair<std::string, std::string>, std::string>& owners()
{
  static std::map<std::pair<std::string, std::string>, std::string> names;
  return names;
}

// Collects what a plugin registers; nothing reaches the registries or the catalog until the whole registration has
// run and every name is free, so a refused plugin leaves no trace.
class Registrar final : public PluginRegistrar {
public:
  explicit Registrar(std::string path) : path_(std::move(path)) {}

  void add_model(std::unique_ptr<Model> model) override
  {
    if (!model)
      throw PluginRefused("add_model was given no model");
    std::string name    = model->info().name;
    const auto& builtin = builtin_model_names();  // the catalog itself is not built yet: see load_plugin
    claim("model", name, std::find(builtin.begin(), builtin.end(), name) != builtin.end());
    std::shared_ptr<const Model> shared = std::move(model);
    commits_.push_back([this, shared] { models_added().push_back({shared, path_}); });
  }
  // Adds everything registered; returns what, for `isogrid list` and the record.
  std::vector<std::string> commit()
  {
    for (auto& c : commits_)
      c();
    for (const auto& key : claimed_)
      owners()[key] = path_;
    std::vector<std::string> added;
    for (const auto& [family, name] : claimed_)
      added.push_back(family == "model" ? "model " + name : family + " policy " + name);
    return added;
  }

private:
  void add_entry(const RegistryListing& family, const std::string& name,
                 std::function<void(const std::string& plugin)> commit) override
  {
    if (name.empty() || name.find_first_of(" \t\n,[]{}:#") != std::string::npos)
      throw PluginRefused(
          fmt::format("'{}' is not a usable {} name (a word, as an experiment file writes it)", name, family.family()));
    claim(family.family(), name, family.contains(name));
    commits_.push_back([this, commit = std::move(commit)] { commit(path_); });
  }

  void claim(const std::string& family, const std::string& name, bool taken)
  {
    std::string what = family == "model" ? "model" : family + " policy";
    auto key         = std::make_pair(family, name);
    auto owner       = owners().find(key);
    if (taken || owner != owners().end()) {
      throw PluginRefused(owner == owners().end()
                              ? fmt::format("{} '{}' is built into isogrid: choose another name", what, name)
                              : fmt::format("{} '{}' was already added by the plugin {}", what, name, owner->second));
    }
    for (const auto& c : claimed_)
      if (c == key)
        throw PluginRefused(fmt::format("{} '{}' is registered twice", what, name));
    claimed_.push_back(key);
  }

  std::string path_;
  std::vector<std::function<void()>> commits_;
  std::vector<std::pair<std::string, std::string>> claimed_;
};

std::string file_sha256(const std::string& path) { return sha256_hex(read_input_file(path)); }

}  // namespace

namespace {

// dlopen, the stamp, the registration: everything that runs the plugin's code. What it registers goes into
// `registrar`, not yet committed; throws PluginRefused.
void open_and_register(const std::string& absolute, Registrar& registrar)
{
  // RTLD_NOW: a symbol the plugin needs and isogrid lacks (a plugin built against another version) is reported
  // here, not as a crash in the middle of a run. RTLD_LOCAL: two plugins' own helpers do not collide.
  void* handle = ::dlopen(absolute.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = ::dlerror();
    throw PluginRefused(fmt::format("cannot load {}: {}", absolute, why ? why : "unknown reason"));
  }
  auto stamp        = reinterpret_cast<const char* (*)()>(::dlsym(handle, "isogrid_plugin_stamp"));
  auto registration = reinterpret_cast<void (*)(PluginRegistrar&)>(::dlsym(handle, "isogrid_plugin_register"));
  if (!stamp || !registration) {
    ::dlclose(handle);
    throw PluginRefused(fmt::format("{} is not an isogrid plugin: it defines no ISOGRID_PLUGIN "
                                    "(isogrid_plugin_stamp and isogrid_plugin_register)",
                                    absolute));
  }
  const char* given  = stamp();
  std::string theirs = given ? given : "";
  if (theirs != ISOGRID_PLUGIN_STAMP) {
    ::dlclose(handle);
    throw PluginRefused(fmt::format("{} was built for \"{}\", but this is \"{}\": rebuild it against this isogrid's "
                                    "headers (find_package(isogrid) in its CMakeLists.txt)",
                                    absolute, given ? theirs : "(no stamp: isogrid_plugin_stamp returned null)",
                                    ISOGRID_PLUGIN_STAMP));
  }
  // From here on the plugin's code has run: it stays loaded even when refused (what it allocated may still be
  // freed later), but nothing it registered is kept.
  try {
    registration(registrar);
  } catch (const PluginRefused& e) {
    throw PluginRefused(fmt::format("{}: {}", absolute, e.what()));
  } catch (const std::exception& e) {
    throw PluginRefused(fmt::format("{}: its registration failed: {}", absolute, e.what()));
  } catch (...) {
    throw PluginRefused(fmt::format("{}: its registration threw something that is no std::exception", absolute));
  }
}

}  // namespace

LoadedPlugin load_plugin(const std::string& path)
{
  std::error_code ec;
  if (!fs::is_regular_file(path, ec))
    throw PluginRefused(fmt::format("no plugin file {}", path));
  std::string absolute = fs::canonical(path, ec).string();
  for (const auto& p : plugins())
    if (p.path == absolute)
      return p;

  if (policy_families_closed())
    throw PluginRefused(fmt::format("{} comes too late: plugins are loaded before isogrid reads its catalog of models "
                                    "and policies (name it with --plugin, or in the experiment's plugins:)",
                                    absolute));
  // A plugin's code can end this process however it likes: a constructor that aborts, exit() in its registration,
  // a data symbol where the stamp function should be. So it is first loaded and registered in a worker; what fails
  // or crashes there is refused, and only a plugin that loaded there is loaded here.
  std::string refusal;
  try {
    refusal = run_in_child([&]() -> std::string {
      try {
        Registrar trial(absolute);
        open_and_register(absolute, trial);
      } catch (const std::exception& e) {
        return e.what();
      }
      return "";
    });
  } catch (const std::runtime_error& e) {
    throw PluginRefused(fmt::format("{}: loading it {}", absolute, e.what()));
  }
  if (!refusal.empty())
    throw PluginRefused(refusal);
  Registrar registrar(absolute);
  open_and_register(absolute, registrar);
  plugins().push_back({absolute, file_sha256(absolute), registrar.commit()});
  return plugins().back();
}

std::vector<LoadedPlugin> loaded_plugins() { return plugins(); }

std::vector<PluginModel> plugin_models() { return models_added(); }

}  // namespace isogrid
