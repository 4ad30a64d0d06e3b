# probesim_cli: the CLI11 command-line parser, header-only, and what the
# tools make of it (../cli/command_line.hpp).
include(${CMAKE_CURRENT_LIST_DIR}/probesim_host_headers.cmake)
probesim_host_headers(probesim_cli CLI11 2.1 libcli11-dev CLI11::CLI11 CLI)
target_include_directories(probesim_cli INTERFACE ${CMAKE_CURRENT_LIST_DIR}/../cli)
