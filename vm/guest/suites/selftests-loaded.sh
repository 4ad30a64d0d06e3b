# shellcheck shell=sh
# The selftests with probesim loaded only, without the loading checks of
# the selftests suite: what the mutation check needs.
SELFTEST_MODES=loaded
SELFTESTS_ONLY=1
# shellcheck source=vm/guest/suites/selftests.sh
. /suites/selftests.sh
