# Sourced by fuzz/run.sh and fuzz/replay.sh (which set $here and $repo): each target's seed inputs.
seeds_for() {
  case "$1" in
    fuzz_experiment_reader) echo "$repo/experiments" "$repo/tests/bad_inputs" ;;
    fuzz_grid_spec) echo "$repo/platforms" "$repo/tests/bad_inputs/files" ;;
    fuzz_where) echo "$here/seeds/where" ;;
  esac
}

# libFuzzer reads seed folders flat: gather each target's seed files (YAML for the readers) into one folder.
gather_seeds() {
  local target="$1" into="$2"
  rm -rf "$into" && mkdir -p "$into"
  for dir in $(seeds_for "$target"); do
    find "$dir" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.txt' \) -print0 |
      while IFS= read -r -d '' f; do cp "$f" "$into/$(echo "$f" | sha1sum | cut -c1-16)"; done
  done
}

