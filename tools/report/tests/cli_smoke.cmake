# End-to-end checks of the probesim-report executable: reads files, writes
# --totals, and exits 0 (pass), 1 (fail) or 2 (usage or I/O error).
# Run with -DREPORT=<path to probesim-report> -DWORK_DIR=<scratch dir>.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

file(WRITE "${WORK_DIR}/pass.log"
  "@@probesim-begin ktap t@@\nTAP version 13\n1..2\nok 1 a\nok 2 b # SKIP no MTE\n"
  "@@probesim-end ktap t@@\n@@probesim-done@@\n")
file(WRITE "${WORK_DIR}/fail.log"
  "@@probesim-begin ktap t@@\nTAP version 13\n1..2\nok 1 a\nnot ok 2 b\n"
  "@@probesim-end ktap t@@\n@@probesim-done@@\n")
file(WRITE "${WORK_DIR}/bad-allow.txt" "foo(\n")

# check(NAME EXPECTED_EXIT OUTPUT_REGEX ARGS...)
function(check name expected_exit output_regex)
  execute_process(COMMAND "${REPORT}" ${ARGN}
    RESULT_VARIABLE exit_code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT exit_code STREQUAL "${expected_exit}")
    message(FATAL_ERROR "${name}: exit ${exit_code}, expected ${expected_exit}\n${out}${err}")
  endif()
  if(NOT "${out}${err}" MATCHES "${output_regex}")
    message(FATAL_ERROR "${name}: output does not match '${output_regex}':\n${out}${err}")
  endif()
endfunction()

set(totals "${WORK_DIR}/totals.txt")
check(pass 0 "vm: 1 passed, 0 failed, 1 skipped"
  --console "${WORK_DIR}/pass.log" --label vm --totals "${totals}")
check(fail 1 "FAIL vm: t/b"
  --console "${WORK_DIR}/fail.log" --label vm --totals "${totals}")
check(expect 0 "vm: expected test-failure detected"
  --console "${WORK_DIR}/fail.log" --label vm --expect test-failure --totals "${totals}")
file(READ "${totals}" totals_text)
if(NOT totals_text STREQUAL "1 0 1 0\n1 1 0 0\n1 0 0 0\n")
  message(FATAL_ERROR "unexpected --totals content:\n${totals_text}")
endif()

check(missing-console 2 "cannot open '.*missing.log'"
  --console "${WORK_DIR}/missing.log" --label vm)
check(bad-allowlist 2 "bad-allow.txt:1: invalid regex"
  --console "${WORK_DIR}/pass.log" --label vm --allow "${WORK_DIR}/bad-allow.txt")
check(usage 2 "--label is required" --console "${WORK_DIR}/pass.log")
check(directory 2 "cannot read" --console "${WORK_DIR}" --label vm)
check(help 0 "Usage: probesim-report" --help)
file(MAKE_DIRECTORY "${WORK_DIR}/bench-empty")
check(bench-nothing 1 "no per-kernel results to merge"
  bench merge --out "${WORK_DIR}/bench-empty" --plot "${WORK_DIR}/bench-plot")
check(bench-no-console 2 "cannot open '.*missing.log'"
  bench kernel --console "${WORK_DIR}/missing.log" --kver 7.3 --probes x --out "${WORK_DIR}")
