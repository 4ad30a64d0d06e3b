# shellcheck shell=sh
# Harness self-test: a kernel WARN must fail the run.
insmod /modules/negative/probesim_neg_warn.ko
rmmod probesim_neg_warn
