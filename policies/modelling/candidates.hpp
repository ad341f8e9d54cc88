#pragma once
// The candidate functions of Sanjay's staged search (§3.4.5-3.4.7). f_comp and f_comm range over 77 complexity
// shapes: the thesis says only that they are "polynomial, logarithmic and mixed" shapes from curve-fitting
// packages, so these are an assumption, built from 11 terms N^a (ln N)^b: each term alone (11), each with a
// constant (11), and each pair of terms (55). A shape's coefficients are fitted, one per term. f_bw ranges over
// Table 3.1, f_Pcomp and f_Pcomm over Table 3.2.
#include "policies/scheduling/performance_model.hpp"

#include <string>
#include <vector>

namespace isogrid::modelling {

using scheduling::Growth;
using scheduling::Term;

using Shape = std::vector<Term>;  // the terms' powers; coefficients are ignored (fitted)

const std::vector<Shape>& complexity_candidates();    // 77
const std::vector<Growth>& bandwidth_candidates();    // Table 3.1: 8
const std::vector<Growth>& scalability_candidates();  // Table 3.2: 16

// "1 + N^2 ln N", "N^1.5".
std::string shape_name(const Shape& shape);
// One term's value at N (coefficient ignored).
double term_value(const Term& term, double n);

}  // namespace isogrid::modelling
