# shellcheck shell=sh
# Harness self-test: a failing kselftest must fail the run.
ktap_section neg-selftest /selftests/negative_fail
