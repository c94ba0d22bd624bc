# SPDX-License-Identifier: GPL-2.0
#
# xeon-uncore: out-of-tree build of xeon_uncore.ko plus the test targets.
#   make [KDIR=/path/to/kernel/build]   build the module in this tree
#   make bench        also xeon_uncore_bench.ko, the PMI benchmark (tools/bench)
#   make clean
#   make check        build matrix, sparse, checkpatch, KUnit and e2e in VMs
#   make demo         2-socket debian-6.12 VMs running tools/testing/vm/demo.sh
#                     (Xeon 7500) and demo-e5.sh (Xeon E5 v2)
#   make sparse       sparse (C=2) against Debian's 6.12 headers
#   make checkpatch   checkpatch.pl --strict on drivers/ and include/
# See Documentation/dev-tools/vm-run.rst.

KDIR ?= /lib/modules/$(shell uname -r)/build
CHECK_ARGS ?=

# The running kernel may have no headers (e.g. a CI VM): fall back to the
# newest installed Debian headers.
ifneq ($(filter all modules bench clean,$(or $(MAKECMDGOALS),all)),)
ifeq ($(wildcard $(KDIR)/Makefile),)
KDIR_FALLBACK := $(lastword $(sort $(wildcard /usr/src/linux-headers-*-amd64)))
ifneq ($(KDIR_FALLBACK),)
$(info KDIR $(KDIR) not found, using $(KDIR_FALLBACK))
override KDIR := $(KDIR_FALLBACK)
endif
endif
endif

all: modules

modules:
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

bench:
	$(MAKE) -C $(KDIR) M=$(CURDIR) XU_BENCH=m modules

clean:
	$(MAKE) -C $(KDIR) M=$(CURDIR) XU_BENCH=m clean

check:
	@tools/testing/check $(CHECK_ARGS)

demo:
	tools/testing/vm/deps
	tools/testing/vm/run --kernel=debian-6.12 --sockets=2 \
		--add=tools/testing/vm/demo.sh -- 'sh demo.sh'
	tools/testing/vm/run --kernel=debian-6.12 --sockets=2 --cpu=ivbep \
		--add=tools/testing/vm/demo-e5.sh -- 'sh demo-e5.sh'

sparse:
	@tools/testing/check --layer=sparse

checkpatch:
	@tools/testing/check --layer=checkpatch

.PHONY: all modules bench clean check demo sparse checkpatch
