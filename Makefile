# probesim: simulate probed nop, stp, register-only ALU, bti and paciasp on
# arm64 instead of single-stepping them.
#
#   make                 build probesim.ko against KDIR (on arm64 hardware)
#   make run             boot the 6.12 test VM and show probesim at work
#   make check           everything: host tests, both kernels, harness checks
#                        (ALU_FUZZ_COUNT=N: the alu_fuzz selftest runs N
#                        encodings per ALU class, default 10000)
#   make check-full      make check plus the patch series checks on 6.1
#   make mutation-check  deliberately broken modules must fail the tests
#   make bench           instruction counts, then trigger + grep benchmarks
#                        (KVER=6.12 or 6.1), writes bench/
#   make bench-count     instructions per hit only (KVER=, FLAVOR=bench-debian)
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

check:
	vm/check.sh

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

.PHONY: all module clean check check-full run patches bench bench-count bench-variants bench-optimized-nop mutation-check lint survey
