# Layers that the compiler enforces. Each layer is a library whose include path is a view of the source tree that
# holds its own folders only (build/layers/<target>/, symbolic links to them); it sees another layer's headers only
# by linking that layer, which adds that layer's view. A wrong-way include (simulator/core including
# simulator/run/..., a model's header in simulator/) then finds no file and fails to build, where one include root
# for the whole tree would let it through.
#
#   isogrid_layer(<target> FOLDERS simulator/core ...)
function(isogrid_layer target)
  cmake_parse_arguments(ARG "" "" "FOLDERS" ${ARGN})
  set(view ${CMAKE_BINARY_DIR}/layers/${target})
  foreach(folder IN LISTS ARG_FOLDERS)
    get_filename_component(parent ${view}/${folder} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    if(NOT IS_SYMLINK ${view}/${folder})
      file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${folder} ${view}/${folder} SYMBOLIC)
    endif()
  endforeach()
  target_include_directories(${target} PUBLIC ${view})
endfunction()

# Glue compiled for the build's speed: the command line and the test suites run nothing hot (the simulations and
# the sweeps live in the libraries, which keep the build type's -O3), and most of their compile time is spent
# optimising header-only code they include (CLI11 2.1 has no compiled mode; GoogleTest's macros). -O1 in a Release
# build takes about a third off a fresh-clone `make test`'s compile; a Debug build keeps -O0.
function(isogrid_glue target)
  target_compile_options(${target} PRIVATE $<$<CONFIG:Release>:-O1>)
endfunction()

# A layer of the harness in one call: the library (static, or shared with BUILD_SHARED_LIBS) of `SOURCES` (relative to the current folder), its view of
# `FOLDER`, and what it links (`PUBLIC` layers and packages a layer above sees through it, `PRIVATE` ones it alone
# uses).
#
#   isogrid_layer_library(isogrid_run FOLDER simulator/run SOURCES run/a.cpp ... PUBLIC isogrid_experiment)
function(isogrid_layer_library target)
  cmake_parse_arguments(ARG "" "FOLDER" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
  add_library(${target} ${ARG_SOURCES})
  isogrid_layer(${target} FOLDERS ${ARG_FOLDER})
  target_link_libraries(${target} PUBLIC ${ARG_PUBLIC} PRIVATE ${ARG_PRIVATE})
endfunction()
