# shellcheck shell=sh
# The selftests with probesim loaded only: what the mutation check needs.
SELFTEST_MODES=loaded
# shellcheck source=vm/guest/suites/selftests.sh
. /suites/selftests.sh
