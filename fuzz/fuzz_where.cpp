// Fuzzes the `where:` parser: any text parses or is refused with a WhereError (and its column), and a parsed
// condition evaluates on a few points without a sanitizer finding.
#include "simulator/experiment/where_expression.hpp"

#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
  static const std::vector<std::string> known = {"m", "V", "C", "S", "A_spread", "hosts", "p"};
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    auto condition = isogrid::WhereExpression::parse(text, known);
    for (double x : {0.0, 1.0, -2.5, 1e300, -1e-300}) {
      std::vector<double> values(condition.names().size(), x);
      condition.holds(values);
    }
  } catch (const isogrid::WhereError&) {
  }
  return 0;
}
