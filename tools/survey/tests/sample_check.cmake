# End-to-end: survey the cross-compiled samples and check the JSON.
# -DSURVEY=probesim-survey -DDIR=directory with sample-plain, sample-bti

# expect(JSON KEY... = NAME VALUE...): in the survey's one file, each NAME
# under KEY... has VALUE.
function(expect json)
  list(FIND ARGN "=" eq)
  list(SUBLIST ARGN 0 ${eq} keys)
  math(EXPR first "${eq} + 1")
  list(SUBLIST ARGN ${first} -1 pairs)
  while(pairs)
    list(POP_FRONT pairs name value)
    string(JSON got GET "${json}" files 0 ${keys} ${name})
    if(NOT got STREQUAL value)
      message(FATAL_ERROR "${keys} ${name} is ${got}, not ${value}, in:\n${json}")
    endif()
  endwhile()
endfunction()

foreach(sample plain bti stripped)
  execute_process(COMMAND ${SURVEY} --json ${DIR}/sample-${sample}
    OUTPUT_VARIABLE json${sample} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "probesim-survey failed on sample-${sample}: ${rc}")
  endif()
endforeach()

# twice: nop (USDT), main: stp x29, x30, [sp, #-16]!
expect("${jsonplain}" = functions 2 usdt 1 fdes 2)
expect("${jsonplain}" classes = nop 1 stp-push 1)
expect("${jsonplain}" kernels 6.12+probesim = kernel-sim 0 probesim-nop 1 probesim-stp 1)
# At probesim's defaults (stp=0) main's stp push is single-stepped.
expect("${jsonplain}" kernels 6.12+probesim-defaults = kernel-sim 0 probesim-nop 1 probesim-stp 0)
expect("${jsonplain}" usdt_classes = nop 1)
# 7.3 simulates the nop itself, so probesim's nop family gives way there.
expect("${jsonplain}" kernels 7.3 = kernel-sim 1 probesim-nop 0 probesim-stp 0)
expect("${jsonplain}" kernels 7.3+probesim = kernel-sim 1 probesim-nop 0 probesim-stp 1)
# Stripped: the same entries from .eh_frame alone.
expect("${jsonstripped}" = functions 2 usdt 1 fdes 2 cies 1 fdes_skipped 0 symbols 0)
# Branch protection: bti c and paciasp come first.
expect("${jsonbti}" classes = bti 1 pac 1)
expect("${jsonbti}" kernels 6.12 = kernel-sim 0 probesim-nop 0 probesim-stp 0
  probesim-logic_imm 0 probesim-addsub_imm 0 probesim-movewide 0 probesim-logic_reg 0
  probesim-addsub_reg 0 probesim-bti 0 probesim-pac 0 rejected 0 bti 1 pac 1)
# With probesim, at its defaults too: bti c and paciasp are simulated.
foreach(variant 6.12+probesim 6.12+probesim-defaults)
  expect("${jsonbti}" steps ${variant} = kernel 0 nop 0 stp 0 alu 0 bti 1 pac 1)
endforeach()
