# How a folder joins the build: one call in its own CMakeLists.txt, and no edit anywhere else.
#
#   isogrid_add_model(<name> SOURCES a.cpp b.cpp [TESTS a_test.cpp ...])       # a folder under workloads/
#   isogrid_add_policies(<name> SOURCES a.cpp [TESTS a_test.cpp ...])          # a folder under policies/
#
# Sources join isogrid_models or isogrid_policies. Each test file becomes the GoogleTest executable test_<stem>,
# linked like the suites of tests/ (a policy test with the policies alone: no SimGrid, no harness). Registration is
# by static registrars in the folder's own .cpp (ISOGRID_MODEL, ISOGRID_POLICY_FAMILY): isogrid_link_catalog()
# links both libraries whole into an executable, so that no registrar is dropped by the linker.

function(isogrid_add_model name)
  isogrid_add_folder(isogrid_models ISOGRID_MODEL_TESTS ${ARGN})
endfunction()

function(isogrid_add_policies name)
  isogrid_add_folder(isogrid_policies ISOGRID_POLICY_TESTS ${ARGN})
endfunction()

# The folder's sources into `library`; its test files, as absolute paths, onto the global list `tests_property` that
# tests/CMakeLists.txt turns into suites.
function(isogrid_add_folder library tests_property)
  cmake_parse_arguments(ARG "" "" "SOURCES;TESTS" ${ARGN})
  target_sources(${library} PRIVATE ${ARG_SOURCES})
  foreach(test IN LISTS ARG_TESTS)
    set_property(GLOBAL APPEND PROPERTY ${tests_property} "${CMAKE_CURRENT_SOURCE_DIR}/${test}")
  endforeach()
endfunction()

# Every object of the models and the policies, so that every registrar runs (a static library's member that nothing
# names would otherwise be left out, and its model or family with it). A shared library (BUILD_SHARED_LIBS) is
# loaded whole, and its registrars run, without it.
function(isogrid_link_catalog target)
  target_link_libraries(${target} PRIVATE isogrid_models isogrid_policies)
  if(NOT BUILD_SHARED_LIBS)
    set_property(TARGET ${target} PROPERTY LINK_LIBRARY_OVERRIDE_isogrid_models WHOLE_ARCHIVE)
    set_property(TARGET ${target} PROPERTY LINK_LIBRARY_OVERRIDE_isogrid_policies WHOLE_ARCHIVE)
  endif()
endfunction()

# Adds every child folder of the current one that has a CMakeLists.txt, so that a new model or policy folder is
# found without naming it (CONFIGURE_DEPENDS: a new folder re-runs CMake on the next build).
function(isogrid_add_child_folders)
  file(GLOB lists CONFIGURE_DEPENDS RELATIVE ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/*/CMakeLists.txt)
  list(SORT lists)
  foreach(list IN LISTS lists)
    get_filename_component(folder ${list} DIRECTORY)
    add_subdirectory(${folder})
  endforeach()
endfunction()
