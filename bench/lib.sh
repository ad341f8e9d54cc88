# Shared by the interleaved benchmarks of bench/ (sourced, not run).

# median [min..max] of the numbers on stdin, with three decimals
stat() {
  sort -g | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.3f [%.3f..%.3f]", m, a[1], a[NR]}'
}

# bench_setup DEFAULT_ROUNDS [build-dir] [rounds]: BUILD, ROUNDS, ISOGRID (the environment's, else BUILD's) and OUT,
# a fresh temporary folder.
bench_setup() {
  BUILD=${2:-build}
  ROUNDS=${3:-$1}
  ISOGRID=${ISOGRID:-$BUILD/isogrid}
  OUT=$(mktemp -d)
}
