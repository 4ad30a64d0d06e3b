# shellcheck shell=sh
# The KUnit suites of probesim_test.ko, run against the exports of
# probesim.ko. Every result reaches the host as a KTAP section; a step of
# the harness that fails is reported as a failing result, never skipped.

if ! insmod /modules/probesim.ko 2> /tmp/insmod-probesim.err; then
	tap_fail insmod-probesim.ko \
		"insmod probesim.ko: $(cat /tmp/insmod-probesim.err)"
else
	kunit_module /modules/probesim_test.ko
	if ! rmmod probesim 2> /tmp/rmmod-probesim.err; then
		tap_fail rmmod-probesim \
			"rmmod probesim after the KUnit suites: $(cat /tmp/rmmod-probesim.err)"
	fi
fi
