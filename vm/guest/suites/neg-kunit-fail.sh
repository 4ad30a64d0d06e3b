# shellcheck shell=sh
# Harness self-test: a KUnit suite with a failing case must fail the run.
kunit_module /modules/negative/probesim_neg_kunit.ko
