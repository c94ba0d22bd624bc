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
# Installing (Documentation/admin-guide.rst):
#   make install      xeon_uncore.ko into $(INSTALL_MOD_PATH)/lib/modules/KVER/updates
#                     (modules_install: compressed as the kernel's config asks,
#                     signed if KDIR holds the kernel's signing key; then
#                     depmod -a KVER unless INSTALL_MOD_PATH is set);
#                     SIM=1 installs xeon_uncore_sim.ko too; and xu-bw into
#                     $(PREFIX)/bin with its systemd unit xu-bw-prom.service
#                     (the Prometheus exporter, Documentation/clients.rst) into
#                     $(PREFIX)/lib/systemd/system (PREFIX=/usr/local)
#   make uninstall    removes them (and runs depmod unless INSTALL_MOD_PATH is set)
#   make install-blacklist    tools/install/xeon-uncore.conf into /etc/modprobe.d:
#                     keeps the in-kernel intel_uncore from autoloading
#   make uninstall-blacklist
#   make dkms-install / dkms-uninstall   the same through DKMS (dkms.conf)
#   make dkms-src     only the DKMS source tree, in $(DESTDIR)/usr/src/xeon-uncore-VERSION
#   make version      the version (dkms.conf's PACKAGE_VERSION)
#   make deb          the Debian packages (debian/) with dpkg-buildpackage -us -uc -b,
#                     built in a copy of the tree: $(DEB_OUT)/xeon-uncore-dkms_VERSION_all.deb
#                     and xeon-uncore-tools_VERSION_amd64.deb (DEB_OUT=debs)
# KDIR picks the kernel (its UTS_RELEASE is KVER); INSTALL_MOD_PATH (or
# DESTDIR) installs under a staging root, for which there is no depmod.
# See Documentation/dev-tools/vm-run.rst.

KDIR ?= /lib/modules/$(shell uname -r)/build
CHECK_ARGS ?=

# The running kernel may have no headers (e.g. a CI VM): fall back to the
# newest installed Debian headers.
ifneq ($(filter all modules bench clean install uninstall dkms-install dkms-uninstall,$(or $(MAKECMDGOALS),all)),)
ifeq ($(wildcard $(KDIR)/Makefile),)
KDIR_FALLBACK := $(lastword $(sort $(wildcard /usr/src/linux-headers-*-amd64)))
ifneq ($(KDIR_FALLBACK),)
$(info KDIR $(KDIR) not found, using $(KDIR_FALLBACK))
override KDIR := $(KDIR_FALLBACK)
endif
endif
endif

# The one version of the project: dkms.conf's PACKAGE_VERSION
XU_VERSION := $(shell sed -n 's/^PACKAGE_VERSION="\{0,1\}\([^"]*\)"\{0,1\}$$/\1/p' \
	$(CURDIR)/dkms.conf)
XU_DKMS_NAME := xeon-uncore
XU_DKMS_SRC = $(DESTDIR)/usr/src/$(XU_DKMS_NAME)-$(XU_VERSION)

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
	tools/testing/vm/run --retry-artifact --kernel=debian-6.12 --sockets=2 \
		--add=tools/testing/vm/demo.sh -- 'sh demo.sh'
	tools/testing/vm/run --retry-artifact --kernel=debian-6.12 --sockets=2 --cpu=ivbep \
		--add=tools/testing/vm/demo-e5.sh -- 'sh demo-e5.sh'

sparse:
	@tools/testing/check --layer=sparse

checkpatch:
	@tools/testing/check --layer=checkpatch

# ---- installing
# The kernel release of KDIR (its UTS_RELEASE: Debian's 6.1 headers have
# 6.1.0-N-amd64 there, the upstream version in kernel.release);
# install and uninstall work on that kernel.
KVER ?= $(shell sed -n 's/^\#define UTS_RELEASE "\(.*\)"$$/\1/p' \
	$(KDIR)/include/generated/utsrelease.h 2>/dev/null)
INSTALL_MOD_PATH ?= $(DESTDIR)
# absolute: kbuild runs in KDIR
override INSTALL_MOD_PATH := $(abspath $(INSTALL_MOD_PATH))
INSTALL_MOD_DIR ?= updates
SIM ?= 0
# modules_install installs what modules.order lists: this list has the
# driver only, unless SIM=1
XU_ORDER := $(CURDIR)/.xu-install.order

xu_need_kver = $(if $(KVER),,$(error no UTS_RELEASE in KDIR=$(KDIR): give KDIR or KVER))

# Signing as the kernel's config asks needs the kernel's key, which a
# distribution's headers do not carry: without it, no attempt (the
# module loads unsigned, see Documentation/admin-guide.rst; DKMS signs
# with its own key).
XU_NOSIGN = $(if $(wildcard $(KDIR)/certs/signing_key.x509),,CONFIG_MODULE_SIG_ALL=)

# xu-bw and its unit go under the same staging root as the modules
PREFIX ?= /usr/local
XU_BINDIR = $(PREFIX)/bin
XU_UNITDIR = $(PREFIX)/lib/systemd/system

install: modules install-xu-bw
	$(xu_need_kver)
	grep -E '(^|/)xeon_uncore$(if $(filter 1,$(SIM)),(_sim)?)\.k?o$$' $(CURDIR)/modules.order >$(XU_ORDER)
	$(MAKE) -C $(KDIR) M=$(CURDIR) MODORDER=$(XU_ORDER) $(XU_NOSIGN) \
		INSTALL_MOD_PATH=$(INSTALL_MOD_PATH) INSTALL_MOD_DIR=$(INSTALL_MOD_DIR) modules_install
	rm -f $(XU_ORDER)
	$(if $(INSTALL_MOD_PATH),@echo "staging root $(INSTALL_MOD_PATH): no depmod (depmod -b $(INSTALL_MOD_PATH) $(KVER))",depmod -a $(KVER))

install-xu-bw:
	$(MAKE) -C tools/xu-bw
	install -D -m 755 tools/xu-bw/xu-bw $(INSTALL_MOD_PATH)$(XU_BINDIR)/xu-bw
	mkdir -p $(INSTALL_MOD_PATH)$(XU_UNITDIR)
	sed 's|@BINDIR@|$(XU_BINDIR)|g' tools/xu-bw/xu-bw-prom.service.in \
		>$(INSTALL_MOD_PATH)$(XU_UNITDIR)/xu-bw-prom.service
	chmod 644 $(INSTALL_MOD_PATH)$(XU_UNITDIR)/xu-bw-prom.service

uninstall: uninstall-xu-bw
	$(xu_need_kver)
	rm -f $(foreach m,xeon_uncore xeon_uncore_sim,$(foreach z,.ko .ko.gz .ko.xz .ko.zst, \
		$(INSTALL_MOD_PATH)/lib/modules/$(KVER)/$(INSTALL_MOD_DIR)/$(m)$(z)))
	$(if $(INSTALL_MOD_PATH),,if [ -d /lib/modules/$(KVER) ]; then depmod -a $(KVER); fi)

uninstall-xu-bw:
	rm -f $(INSTALL_MOD_PATH)$(XU_BINDIR)/xu-bw $(INSTALL_MOD_PATH)$(XU_UNITDIR)/xu-bw-prom.service

install-blacklist:
	install -D -m 644 tools/install/xeon-uncore.conf $(DESTDIR)/etc/modprobe.d/xeon-uncore.conf

uninstall-blacklist:
	rm -f $(DESTDIR)/etc/modprobe.d/xeon-uncore.conf

# The DKMS source tree: what the Kbuild needs, and dkms.conf
dkms-src:
	rm -rf $(XU_DKMS_SRC)
	mkdir -p $(XU_DKMS_SRC)
	cp -R dkms.conf Kbuild Makefile drivers include $(XU_DKMS_SRC)/
	find $(XU_DKMS_SRC) \( -name '*.o' -o -name '*.ko' -o -name '*.mod' -o -name '*.mod.c' \
		-o -name '.*.cmd' -o -name '*.a' -o -name 'modules.order' -o -name 'Module.symvers' \) \
		-exec rm -f {} +

dkms-install: dkms-src
	$(xu_need_kver)
	dkms status -m $(XU_DKMS_NAME) -v $(XU_VERSION) | grep -q . || \
		dkms add -m $(XU_DKMS_NAME) -v $(XU_VERSION)
	# --force: sources changed under the same version are built again
	dkms build -m $(XU_DKMS_NAME) -v $(XU_VERSION) -k $(KVER) --force
	dkms install -m $(XU_DKMS_NAME) -v $(XU_VERSION) -k $(KVER) --force

dkms-uninstall:
	-dkms remove -m $(XU_DKMS_NAME) -v $(XU_VERSION) --all
	rm -rf $(XU_DKMS_SRC)

version:
	@echo $(XU_VERSION)

# ---- Debian packages: debian/, built in a copy of what they need, so
# that the checkout keeps no build products; the .debs, .buildinfo and
# .changes in DEB_OUT, the older ones there removed
DEB_OUT ?= $(CURDIR)/debs
override DEB_OUT := $(abspath $(DEB_OUT))
XU_DEB_SRC = $(DEB_OUT)/build/$(XU_DKMS_NAME)-$(XU_VERSION)

deb:
	@v=$$(dpkg-parsechangelog -S Version) && [ "$$v" = "$(XU_VERSION)" ] || \
		{ echo "debian/changelog is at $$v, dkms.conf at $(XU_VERSION): one version" >&2; exit 1; }
	rm -rf $(DEB_OUT)/build
	mkdir -p $(XU_DEB_SRC)/tools
	cp -R debian dkms.conf Kbuild Makefile README.md Documentation drivers include $(XU_DEB_SRC)/
	cp -R tools/xu-bw tools/install $(XU_DEB_SRC)/tools/
	cd $(XU_DEB_SRC) && dpkg-buildpackage -us -uc -b
	rm -f $(DEB_OUT)/$(XU_DKMS_NAME)-*_*.deb $(DEB_OUT)/$(XU_DKMS_NAME)_*.changes \
		$(DEB_OUT)/$(XU_DKMS_NAME)_*.buildinfo
	mv $(DEB_OUT)/build/*.deb $(DEB_OUT)/build/*.changes $(DEB_OUT)/build/*.buildinfo $(DEB_OUT)/
	rm -rf $(DEB_OUT)/build
	@ls $(DEB_OUT)/*.deb

.PHONY: all modules bench clean check demo sparse checkpatch install uninstall \
	install-xu-bw uninstall-xu-bw \
	install-blacklist uninstall-blacklist dkms-src dkms-install dkms-uninstall version deb
