# probesim_cli: the CLI11 command-line parser, header-only (Debian's
# libcli11-dev, which vm/setup-host.sh installs), and what the tools make
# of it (../cli/command_line.hpp). The guest tools cross-compile, and the
# build host's /usr/include, where CLI11 is, must not be on their include
# path: CLI11's headers come through a directory of their own.
find_package(CLI11 2.1 CONFIG NO_CMAKE_FIND_ROOT_PATH)
if(NOT CLI11_FOUND)
  message(FATAL_ERROR "CLI11 not found: install libcli11-dev (vm/setup-host.sh does)")
endif()
get_target_property(probesim_cli11_include CLI11::CLI11 INTERFACE_INCLUDE_DIRECTORIES)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/cli11)
file(CREATE_LINK ${probesim_cli11_include}/CLI ${CMAKE_BINARY_DIR}/cli11/CLI SYMBOLIC)
add_library(probesim_cli INTERFACE)
target_include_directories(probesim_cli SYSTEM INTERFACE ${CMAKE_BINARY_DIR}/cli11)
target_include_directories(probesim_cli INTERFACE ${CMAKE_CURRENT_LIST_DIR}/../cli)
