#include "simulator/report/plotter.hpp"

#include "simulator/core/text.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <sys/wait.h>

namespace isogrid {

namespace {

std::string shell_quote(const std::string& s)
{
  std::string out = "'";
  for (char c : s)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs a command, returning its exit status and everything it printed.
int capture(const std::string& command, std::string& output)
{
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe)
    return -1;
  std::array<char, 4096> buffer{};
  size_t n;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    output.append(buffer.data(), n);
  int status = ::pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

std::string plot_script_path()
{
  if (const char* env = std::getenv("ISOGRID_PLOT_SCRIPT"))
    return env;
  // Installed (`make install`): the script sits in PREFIX/share/isogrid/plot, beside PREFIX/bin/isogrid.
  std::error_code ec;
  std::filesystem::path exe       = std::filesystem::read_symlink("/proc/self/exe", ec);
  std::filesystem::path installed = exe.parent_path().parent_path() / "share/isogrid/plot/isogrid_plot.py";
  if (!ec && std::filesystem::is_regular_file(installed, ec))
    return installed.string();
  return std::string(ISOGRID_SOURCE_DIR) + "/simulator/plot/isogrid_plot.py";
}

std::string find_plot_python()
{
  static std::string cached = [] {
    if (const char* env = std::getenv("ISOGRID_PYTHON"))
      return std::string(env);
    for (const char* candidate : {"/usr/bin/python3", "python3"}) {
      std::string out;
      if (capture(fmt::format("{} -c 'import matplotlib, jsonschema' ", candidate), out) == 0)
        return std::string(candidate);
    }
    return std::string();
  }();
  return cached;
}

PlotResult run_plot_script(const std::string& script, const std::vector<std::string>& arguments)
{
  PlotResult r;
  std::string python = find_plot_python();
  if (python.empty()) {
    r.error = "no Python with matplotlib and jsonschema found (install python3-matplotlib and python3-jsonschema, or "
              "set ISOGRID_PYTHON)";
    return r;
  }
  if (!std::filesystem::exists(script)) {
    r.error = fmt::format("plotting script not found at {} (set ISOGRID_PLOT_SCRIPT)", script);
    return r;
  }
  std::string command = fmt::format("MPLBACKEND=Agg {} {}", python, shell_quote(script));
  for (const std::string& a : arguments)
    command += " " + shell_quote(a);
  std::string output;
  if (capture(command, output) != 0) {
    r.error = fmt::format("plotting failed: {}", trim(output));
    return r;
  }
  size_t start = 0;
  while (start < output.size()) {
    size_t nl        = output.find('\n', start);
    std::string line = trim(output.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (line.rfind("wrote ", 0) == 0)
      r.files.push_back(line.substr(6));
    if (nl == std::string::npos)
      break;
    start = nl + 1;
  }
  r.ok = true;
  return r;
}

PlotResult render_plots(const std::string& results_dir, const std::vector<std::string>& formats)
{
  std::vector<std::string> arguments{results_dir};
  if (!formats.empty()) {
    std::string list;
    for (const auto& f : formats)
      list += (list.empty() ? "" : ",") + f;
    arguments.insert(arguments.end(), {"--formats", list});
  }
  return run_plot_script(plot_script_path(), arguments);
}

}  // namespace isogrid
