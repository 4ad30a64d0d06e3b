# probesim_nlohmann_json: nlohmann-json, header-only, for the JSON the
# tools read and write.
include(${CMAKE_CURRENT_LIST_DIR}/probesim_host_headers.cmake)
probesim_host_headers(probesim_nlohmann_json nlohmann_json 3.11 nlohmann-json3-dev
  nlohmann_json::nlohmann_json nlohmann)
