# The two set-up commands of the README:
#   make demo   install missing Debian packages, build, run the default experiment (Fig. 3 isoefficiency map)
#   make test   install missing Debian packages, build, run every test
BUILD  ?= build
JOBS   ?= $(shell nproc)
PREFIX ?= /usr/local

.PHONY: all deps build demo test bench reproduce install clean

all: build

deps:
	@bash scripts/install-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	$(BUILD)/isogrid run experiments/drozdowski2003/fig3-isoefficiency-m-V.yaml --out results/demo --force

test: build
	@bash scripts/install-deps.sh --test
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	bash bench/run.sh $(BUILD)

# The executable, its plotting scripts, the plugin headers and the CMake package (docs/extending.md).
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

reproduce: build
	$(BUILD)/isogrid reproduce experiments/drozdowski2003/ --force

clean:
	rm -rf $(BUILD)
