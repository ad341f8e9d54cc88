#pragma once
// `program_parameters`: a kernel's parameters overridden from an experiment file, as a mapping. Numbers apply to
// whichever program runs ({n: 45, threshold: 21}); a mapping applies to the program it names, so that one sweep
// over programs can give each its own input ({queens: {depth: 1}, raytracer: {work_scale: 1.95}}). `work_scale`
// is accepted for every kernel: it multiplies the program's work.
#include "simulator/core/value.hpp"
#include "workloads/gph/program.hpp"

#include <string>

namespace isogrid::gph {

// Throws ParamError("program_parameters", ...) leading to the culprit: a program that is no kernel, a parameter
// the kernel does not have (a program's own group is checked whether it runs or not; a number against `program`),
// an integer parameter given a fraction, a work_scale that is not positive.
void check_program_overrides(const Mapping& overrides, const std::string& program);

// The overrides that apply to `program`, work_scale among them.
ProgramParameters overrides_for(const Mapping& overrides, const std::string& program);

}  // namespace isogrid::gph
