// isogrid: discrete-event simulation of computational grids on SimGrid — run experiments, sweep parameters,
// compare simulated, closed-form and published numbers, draw speedup and isoefficiency maps.
#include "app/commands.hpp"
#include "app/eager_binding.hpp"
#include "app/slurm_client.hpp"
#include "simulator/core/catalog.hpp"
#include "simulator/core/input_error.hpp"
#include "simulator/run/checked_file.hpp"
#include "simulator/run/collect.hpp"
#include "simulator/run/runner.hpp"

#include <csignal>
#include <cstdio>
#include <fmt/format.h>

int main(int argc, char** argv)
{
  using namespace isogrid::cli;
  ensure_eager_binding(argc, argv);
  // A file-size limit (ulimit -f) reached: a write that fails with EFBIG, stopping the run cleanly like a full disk,
  // rather than a process killed mid-row.
  std::signal(SIGXFSZ, SIG_IGN);
  CLI::App app{"isogrid — discrete-event simulator of computational grids (on SimGrid)\n"
               "Reproduce published experiments, compare policies, draw speedup and isoefficiency maps.",
               "isogrid"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("isogrid ") + ISOGRID_VERSION);
  app.footer("Exit codes: 0 ok, 1 a reference or plot failed, 2 bad input (nothing written), 3 some points failed\n"
             "(error rows in results.csv), 4 the results folder could not be written (a full disk: --resume finishes\n"
             "the run), 130 interrupted.\n"
             "Run `isogrid COMMAND --help` for a command's options. Documentation: docs/");

  Shared shared;
  for (int i = 0; i < argc; ++i)
    shared.command_line += (i ? " " : "") + std::string(argv[i]);
  add_run_command(app, shared);
  add_reproduce_command(app, shared);
  add_collect_command(app, shared);
  add_status_command(app, shared);
  add_submit_command(app, shared);
  add_plot_command(app, shared);
  add_validate_command(app, shared);
  add_list_command(app, shared);
  add_platform_command(app, shared);
  add_fit_command(app, shared);
  add_timeline_command(app, shared);
  for (const auto& command : isogrid::builtin_commands())  // what models bring along (`plan`); the catalog is built
                                                           // later, after the plugins are loaded
    command.define(*app.add_subcommand(command.name, command.summary));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : kBadInput;
  } catch (const isogrid::InputError& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return kBadInput;
  } catch (const isogrid::OutputConflict& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return kBadInput;
  } catch (const SlurmUnavailable& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return kBadInput;
  } catch (const isogrid::CollectRefused& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return kBadInput;
  } catch (const isogrid::WriteFailed& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return kWriteFailed;
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return kFailure;
  }
  return shared.exit_code;
}
