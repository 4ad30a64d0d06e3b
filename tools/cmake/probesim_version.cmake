# The project's version has one home: the PACKAGE_VERSION="X" line of
# dkms.conf, which DKMS and the module's Kbuild read too.
#
#   probesim_read_version(OUT_VAR DKMS_CONF)
function(probesim_read_version out_var dkms_conf)
  get_filename_component(dkms_conf "${dkms_conf}" ABSOLUTE)
  if(NOT EXISTS "${dkms_conf}")
    message(FATAL_ERROR "cannot read the version: ${dkms_conf} does not exist")
  endif()
  # The whole line, as the module's Kbuild reads it.
  file(STRINGS "${dkms_conf}" lines REGEX "^PACKAGE_VERSION=\"[^\"]+\"$")
  list(LENGTH lines count)
  if(NOT count EQUAL 1)
    message(FATAL_ERROR "cannot read the version: ${dkms_conf} needs exactly one "
      "line PACKAGE_VERSION=\"X\", it has ${count}")
  endif()
  string(REGEX REPLACE "^PACKAGE_VERSION=\"([^\"]+)\"$" "\\1" version "${lines}")
  # Reconfigure when the version changes.
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${dkms_conf}")
  set(${out_var} "${version}" PARENT_SCOPE)
endfunction()
