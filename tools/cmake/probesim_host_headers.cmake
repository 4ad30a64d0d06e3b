# probesim_host_headers(TARGET PACKAGE VERSION DEB PACKAGE_TARGET DIR):
# TARGET, an interface library for the headers of the build host's
# header-only PACKAGE (at least VERSION, from Debian's DEB, which
# vm/setup-host.sh installs), whose target PACKAGE_TARGET has them as DIR
# in one of its include directories. The guest tools cross-compile, and
# the build host's /usr/include, where such headers are, must not be on
# their include path: DIR comes through a directory of its own.
function(probesim_host_headers target package version deb package_target dir)
  find_package(${package} ${version} CONFIG NO_CMAKE_FIND_ROOT_PATH)
  if(NOT ${package}_FOUND)
    message(FATAL_ERROR "${package} not found: install ${deb} (vm/setup-host.sh does)")
  endif()
  get_target_property(includes ${package_target} INTERFACE_INCLUDE_DIRECTORIES)
  set(headers "")
  foreach(include IN LISTS includes)
    if(NOT headers AND IS_DIRECTORY ${include}/${dir})
      set(headers ${include}/${dir})
    endif()
  endforeach()
  if(NOT headers)
    message(FATAL_ERROR "${package_target}: no ${dir}/ in ${includes}")
  endif()
  set(links ${CMAKE_BINARY_DIR}/${target}-include)
  file(MAKE_DIRECTORY ${links})
  file(CREATE_LINK ${headers} ${links}/${dir} SYMBOLIC)
  add_library(${target} INTERFACE)
  target_include_directories(${target} SYSTEM INTERFACE ${links})
endfunction()
