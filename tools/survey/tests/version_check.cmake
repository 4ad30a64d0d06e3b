# probesim-survey --version prints "probesim-survey VERSION" and exits 0.
# Run with -DSURVEY=<path to probesim-survey> -DVERSION=<dkms.conf's>.
execute_process(COMMAND "${SURVEY}" --version
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "--version: exit status ${status}\n${out}${err}")
endif()
if(NOT out STREQUAL "probesim-survey ${VERSION}\n" OR NOT err STREQUAL "")
  message(FATAL_ERROR "--version printed '${out}' (stderr '${err}'), expected "
    "'probesim-survey ${VERSION}'")
endif()
