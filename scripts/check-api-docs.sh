#!/usr/bin/env bash
# Runs doxygen on the plugin interface (docs/api/Doxyfile) with warnings as errors: every public class, function
# and member a plugin sees must be documented. Writes the HTML to $1 (default build/api-docs).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v doxygen >/dev/null || { echo "doxygen is not installed (make deps installs it)" >&2; exit 1; }
export ISOGRID_API_DOCS_OUT="${1:-build/api-docs}"
mkdir -p "$ISOGRID_API_DOCS_OUT"
doxygen docs/api/Doxyfile
echo "plugin API documented: $ISOGRID_API_DOCS_OUT/html/index.html"
