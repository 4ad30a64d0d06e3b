# probesim: simulate probed nop, stp, register-only ALU, bti and paciasp on
# arm64 instead of single-stepping them.
#
#   make                 build probesim.ko against KDIR (on arm64 hardware)
#   make install         install it for KDIR's kernel (updates/, depmod)
#   make uninstall       remove what make install put there
#   make dkms-install    copy the sources to /usr/src and dkms add/build/install
#   make dkms-uninstall  dkms remove every probesim version, and its sources
#   make run             boot the 6.12 test VM and show probesim at work
#   make check           everything: host tests, both kernels, harness checks
#                        (ALU_FUZZ_COUNT=N: the alu_fuzz selftest runs N
#                        encodings per ALU class, default 10000)
#   make check-quick     the fast loop: host setup, lint, host tests and the
#                        6.12 kernel's boot, with the same totals
#   make check-full      make check plus the patch series checks on 6.1
#   make mutation-check  deliberately broken modules must fail the tests
#   make bench           instruction counts, then trigger + grep benchmarks
#                        (KVER=6.12 or 6.1), writes bench/
#   make bench-count     instructions per hit only (KVER=, FLAVOR=bench-debian)
#   make docs            the README's and docs/speed.md's figures from bench/
#                        and survey/results.json
#   make bench-variants  the trigger benchmark with each of bench/variants/
#   make bench-optimized-nop  a trap-free NOP probe's prototype, counted on 7.3
#   make patches         the upstream series into patches/, signed off by you
#   make lint            shellcheck and checkpatch --strict
#   make survey          uprobe cost of Debian arm64 binaries, writes survey/

KDIR ?= /lib/modules/$(shell uname -r)/build

all: module

module:
	@test -f $(KDIR)/Makefile || { echo "KDIR=$(KDIR) is not a kernel build tree:" \
		"install the headers for this kernel (Debian: linux-headers-$$(uname -r))" \
		"or pass KDIR=/path/to/build" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

clean:
	$(MAKE) -C $(KDIR) M=$(CURDIR) clean

# The module into /lib/modules/KERNELRELEASE/updates, and depmod, so that
# modprobe finds it.
install: module
	$(MAKE) -C $(KDIR) M=$(CURDIR) INSTALL_MOD_DIR=updates modules_install

# What make install put there, once probesim is unloaded; and depmod.
# INSTALL_MOD_PATH as for make install.
KDIR_RELEASE = $(shell cat $(KDIR)/include/config/kernel.release 2>/dev/null)
INSTALLED_DIR = $(INSTALL_MOD_PATH)/lib/modules/$(KDIR_RELEASE)/updates

uninstall:
	@test -n "$(KDIR_RELEASE)" || { echo "KDIR=$(KDIR) has no include/config/kernel.release" >&2; exit 1; }
	rm -f $(INSTALLED_DIR)/probesim.ko* $(INSTALLED_DIR)/probesim_test.ko*
	depmod $(if $(INSTALL_MOD_PATH),-b $(INSTALL_MOD_PATH)) $(KDIR_RELEASE)

# What DKMS builds from: the files the module's build reads, without
# objects, .git, data or tools. make dkms-sources DEST=DIR copies them.
DKMS_FILES := Makefile Kbuild dkms.conf module kunit
PROBESIM_VERSION := $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"$$/\1/p' $(CURDIR)/dkms.conf)

dkms-sources:
	@test -n "$(DEST)" || { echo "usage: make dkms-sources DEST=DIR" >&2; exit 1; }
	mkdir -p $(DEST)
	tar -c -C $(CURDIR) --exclude='*.o' --exclude='*.ko' --exclude='*.mod' \
		--exclude='*.mod.c' --exclude='.*.cmd' --exclude='*.a' \
		--exclude=modules.order --exclude=Module.symvers $(DKMS_FILES) | tar -x -C $(DEST)

# The DKMS route in one step: sources into DKMS_SOURCE_TREE/probesim-VERSION,
# then dkms add, build and install for the running kernel. DKMS_SOURCE_TREE
# is dkms's --sourcetree, for a dkms run on a scratch tree (a package build,
# vm/install-check.sh).
DKMS_SOURCE_TREE ?= /usr/src
DKMS_DEST := $(DKMS_SOURCE_TREE)/probesim-$(PROBESIM_VERSION)

dkms-install:
	@test "$$(id -u)" = 0 || { echo "make dkms-install writes $(DKMS_SOURCE_TREE) and runs dkms: run it as root (sudo)" >&2; exit 1; }
	@command -v dkms >/dev/null || { echo "dkms is not installed (Debian, Ubuntu: apt install dkms)" >&2; exit 1; }
	@! dkms status probesim/$(PROBESIM_VERSION) 2>/dev/null | grep -q . || \
		{ echo "probesim/$(PROBESIM_VERSION) is in DKMS already: dkms remove probesim/$(PROBESIM_VERSION) --all first" >&2; exit 1; }
	rm -rf $(DKMS_DEST)
	$(MAKE) -f $(CURDIR)/Makefile dkms-sources DEST=$(DKMS_DEST)
	dkms add probesim/$(PROBESIM_VERSION)
	dkms build probesim/$(PROBESIM_VERSION)
	dkms install probesim/$(PROBESIM_VERSION)

# Every probesim version DKMS has (an upgrade's old one too), and the
# sources make dkms-install put in DKMS_SOURCE_TREE.
dkms-uninstall:
	@test "$$(id -u)" = 0 || { echo "make dkms-uninstall runs dkms: run it as root (sudo)" >&2; exit 1; }
	@command -v dkms >/dev/null || { echo "dkms is not installed" >&2; exit 1; }
	for v in $$(dkms status probesim | sed -n 's|^probesim/\([^,:]*\).*|\1|p' | sort -u); do \
		dkms remove probesim/$$v --all && rm -rf $(DKMS_SOURCE_TREE)/probesim-$$v || exit 1; \
	done

check:
	vm/check.sh

check-quick:
	CHECK_QUICK=1 vm/check.sh

check-full:
	CHECK_FULL=1 vm/check.sh

run:
	vm/demo.sh

patches:
	vm/setup-host.sh
	vm/patches.sh

mutation-check:
	vm/setup-host.sh
	vm/mutation-check.sh

bench:
	vm/bench.sh

bench-count:
	vm/bench-count.sh

# The README's and docs/speed.md's figures from the benchmark's results,
# bench/instructions-6.12.json and results-KVER.json, and the survey's,
# survey/results.json (the host tests check they agree).
docs:
	vm/setup-host.sh
	"$$(vm/build-tools.sh)"/report/probesim-report bench docs \
		--instructions bench/instructions-6.12.json --results bench \
		--survey survey/results.json README.md docs/speed.md

bench-variants:
	vm/bench-variants.sh

bench-optimized-nop:
	vm/bench-optimized-nop.sh

survey:
	vm/survey.sh

lint:
	vm/setup-host.sh
	vm/lint.sh shell
	vm/lint.sh checkpatch
	vm/lint.sh shim
	vm/lint.sh variants

.PHONY: all module clean install uninstall dkms-sources dkms-install dkms-uninstall check check-quick check-full run patches bench bench-count docs bench-variants bench-optimized-nop mutation-check lint survey
