# The two set-up commands of the README:
#   make demo   install missing Debian packages, build, run the default experiment (Fig. 3 isoefficiency map)
#   make test   install missing Debian packages, build, run every test
BUILD  ?= build
JOBS   ?= $(shell nproc)
PREFIX ?= /usr/local

.PHONY: all deps build demo test bench reproduce install clean fuzz sanitize format api-docs

all: build

deps:
	@bash scripts/install-deps.sh

# The `release` preset (CMakePresets.json), in $(BUILD).
$(BUILD)/CMakeCache.txt:
	cmake --preset release -B $(BUILD)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	$(BUILD)/isogrid run experiments/drozdowski2003/fig3-isoefficiency-m-V.yaml --out results/demo --force

# Builds and tests (scripts/test.sh: the Slurm test runs while the rest builds).
test: deps $(BUILD)/CMakeCache.txt
	@bash scripts/install-deps.sh --test
	bash scripts/test.sh $(BUILD) $(JOBS)

bench: build
	cmake --build $(BUILD) --target benchmarks -j $(JOBS)
	bash bench/run.sh $(BUILD)

# The executable, its plotting scripts, the plugin headers and the CMake package (docs/extending.md).
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

reproduce: build
	$(BUILD)/isogrid reproduce experiments/drozdowski2003/ --force

# Coverage-guided fuzzing of the three readers of user text with libFuzzer: a clang build of its own (the `fuzz`
# preset) and FUZZ_SECONDS per target; `make test` only replays the kept cases and mutates briefly.
FUZZ_SECONDS ?= 60
fuzz: deps
	bash fuzz/run.sh build-fuzz $(FUZZ_SECONDS)

# Every suite once more, built with the `dev` preset: Debug, -Werror, AddressSanitizer and UBSan (CI runs it), but for
# the tests labelled not-sanitized (tests/CMakeLists.txt says why for each; docs/architecture.md "Habits").
sanitize: deps
	bash scripts/install-deps.sh --test
	cmake --preset dev
	cmake --build --preset dev -j $(JOBS)
	ctest --preset dev -j $(JOBS) -LE not-sanitized

# clang-format over every C++ file (the `format` test checks it).
format:
	bash scripts/check-format.sh --fix

# The plugin interface's documentation (doxygen), in $(BUILD)/api-docs/html.
api-docs:
	bash scripts/check-api-docs.sh $(BUILD)/api-docs

clean:
	rm -rf $(BUILD) build-dev build-fuzz
