# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Shared helpers for tools/testing/vm/run, build-kernel and tools/testing/check.
# Sourced, not executed.  Functions are prefixed xu_.

XU_VM_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
XU_ROOT=$(cd "$XU_VM_DIR/../../.." && pwd)
XU_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/xeon-uncore
# Source tree of the module (Kbuild, drivers/, include/).  Overridable so the
# harness itself can be tested with a throwaway module.
XU_SRC=${XU_SRC:-$XU_ROOT}
# The platform facts (plat_fact, plat_names, plat_vars)
XU_PLATFORMS=${XU_PLATFORMS:-$(cd "$XU_VM_DIR/.." && pwd)/platforms}
. "$XU_VM_DIR/../platforms.sh"

XU_PACKAGES="build-essential bc bison flex libelf-dev libssl-dev dwarves cpio
kmod qemu-system-x86 busybox-static sparse linux-source-6.12 patch
linux-headers-amd64 linux-headers-6.12-amd64 linux-headers-rt-amd64
linux-headers-6.12-rt-amd64 linux-perf python3 xz-utils
util-linux gzip dkms papi-tools libpapi-dev libpfm4 libpfm4-dev libxml2-utils
python3-docutils debhelper dh-dkms lintian debootstrap zstd"

xu_log() { printf 'vm: %s\n' "$*" >&2; }
xu_die() { printf 'vm: error: %s\n' "$*" >&2; exit 125; }

xu_sudo() {
	if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi
}

# Install the host packages the harness needs; fast no-op when present.
xu_deps() {
	# shellcheck disable=SC2086
	if dpkg -s $XU_PACKAGES >/dev/null 2>&1; then
		return 0
	fi
	xu_log "installing host packages (apt-get)"
	export DEBIAN_FRONTEND=noninteractive
	xu_sudo apt-get update -q >&2 || return 1
	# shellcheck disable=SC2086
	xu_sudo apt-get install -y -q --no-install-recommends $XU_PACKAGES >&2 || return 1
	# shellcheck disable=SC2086
	dpkg -s $XU_PACKAGES >/dev/null 2>&1
}

# xu_lock NAME: take an exclusive flock on the cache, held until xu_unlock or
# exit.  Sets XU_LOCK_FD.
xu_lock() {
	mkdir -p "$XU_CACHE/locks"
	exec {XU_LOCK_FD}>"$XU_CACHE/locks/$1.lock"
	if ! flock -n "$XU_LOCK_FD"; then
		xu_log "waiting for lock $1 (another build is running)"
		flock "$XU_LOCK_FD"
	fi
}
xu_unlock() { exec {XU_LOCK_FD}>&-; }

xu_hash() { sha256sum | cut -c1-16; }

# ABI of an installed Debian headers meta package, e.g. 6.1.0-56-amd64.
xu_meta_abi() {
	local dep
	dep=$(dpkg-query -W -f='${Depends}' "$1" 2>/dev/null) ||
		dep=$(apt-cache depends "$1" 2>/dev/null | awk '/Depends:/ {print $2; exit}')
	dep=${dep%% *}
	dep=${dep%%,*}
	[ -n "$dep" ] || return 1
	echo "${dep#linux-headers-}"
}

# Map a --kernel name to the meta package of its headers.
xu_kernel_meta() {
	case $1 in
	debian-6.1) echo linux-headers-amd64 ;;
	debian-6.12) echo linux-headers-6.12-amd64 ;;
	debian-6.1-rt) echo linux-headers-rt-amd64 ;;
	debian-6.12-rt) echo linux-headers-6.12-rt-amd64 ;;
	*) return 1 ;;
	esac
}

xu_kernel_abi() {
	local meta
	meta=$(xu_kernel_meta "$1") || return 1
	xu_meta_abi "$meta"
}

# Kernel build dir that external modules are built against.
xu_kdir() {
	case $1 in
	debian-6.1 | debian-6.12 | debian-6.1-rt | debian-6.12-rt)
		local abi
		abi=$(xu_kernel_abi "$1") || return 1
		echo "/usr/src/linux-headers-$abi"
		;;
	debug)
		echo "$(xu_debug_dir)/build"
		;;
	*) return 1 ;;
	esac
}

# linux-source-6.12 extracted in the cache (extracted when missing).
xu_linux_source() {
	local dir=$XU_CACHE/linux-source-6.12
	local tarball=/usr/src/linux-source-6.12.tar.xz
	local ver
	ver=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null)
	if [ -f "$dir/Makefile" ] && { [ ! -f "$dir/.xu-version" ] ||
		[ "$(cat "$dir/.xu-version")" = "$ver" ]; }; then
		echo "$dir"
		return 0
	fi
	xu_lock linux-source
	if [ ! -f "$dir/Makefile" ] || { [ -f "$dir/.xu-version" ] &&
		[ "$(cat "$dir/.xu-version")" != "$ver" ]; }; then
		[ -f "$tarball" ] || { xu_unlock; xu_log "$tarball missing"; return 1; }
		xu_log "extracting $tarball into $dir"
		rm -rf "$dir" "$dir.tmp"
		mkdir -p "$dir.tmp"
		tar -C "$dir.tmp" -xf "$tarball" || { xu_unlock; return 1; }
		mv "$dir.tmp"/linux-source-6.12 "$dir"
		rmdir "$dir.tmp"
		echo "$ver" >"$dir/.xu-version"
	fi
	xu_unlock
	echo "$dir"
}

# The patches build-kernel applies to linux-source-6.12, in name order
XU_PATCH_DIR=$XU_VM_DIR/../kernel-patches/6.12

# Directory of the debug kernel for the current fragment/script/patches/source.
xu_debug_key() {
	local ver p
	ver=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null)
	{
		echo "$ver"
		cat "$XU_VM_DIR/debug.config" "$XU_VM_DIR/build-kernel"
		for p in "$XU_PATCH_DIR"/*.patch; do
			[ -f "$p" ] || continue
			echo "${p##*/}"
			cat "$p"
		done
	} | xu_hash
}
xu_debug_dir() { echo "$XU_CACHE/kernel-debug-$(xu_debug_key)"; }

# Boot image of a kernel, fetched/built when missing.  Prints the path.
xu_kernel_image() {
	case $1 in
	debian-6.1 | debian-6.12 | debian-6.1-rt | debian-6.12-rt)
		local abi dir deb ver
		abi=$(xu_kernel_abi "$1") || { xu_log "cannot resolve ABI of $1"; return 1; }
		dir=$XU_CACHE/kernels/$abi
		if [ ! -f "$dir/vmlinuz" ]; then
			xu_lock "image-$abi"
			if [ ! -f "$dir/vmlinuz" ]; then
				rm -rf "$dir.tmp" && mkdir -p "$dir.tmp" || return 1
				ver=$(dpkg-query -W -f='${Version}' "linux-headers-$abi" 2>/dev/null)
				xu_log "downloading linux-image-$abi${ver:+ $ver}"
				dl() {
					(cd "$dir.tmp" && { apt-get download -q "linux-image-$abi=$ver" ||
						apt-get download -q "linux-image-$abi"; }) >&2
				}
				# empty or stale package lists: update once and retry
				dl || { xu_sudo apt-get update -q >&2 && dl; } ||
					{ xu_unlock; xu_log "apt-get download linux-image-$abi failed"; return 1; }
				deb=$(ls "$dir.tmp"/*.deb | head -1)
				dpkg-deb -x "$deb" "$dir.tmp/x" || { xu_unlock; return 1; }
				cp "$dir.tmp/x/boot/vmlinuz-$abi" "$dir.tmp/vmlinuz" &&
					cp "$dir.tmp/x/boot/config-$abi" "$dir.tmp/config" ||
					{ xu_unlock; return 1; }
				rm -rf "$dir.tmp/x" "$deb"
				rm -rf "$dir" && mv "$dir.tmp" "$dir"
			fi
			xu_unlock
		fi
		echo "$dir/vmlinuz"
		;;
	debug)
		local d
		d=$(xu_debug_dir)
		if [ ! -f "$d/bzImage" ]; then
			"$XU_VM_DIR/build-kernel" >&2 || { xu_log "debug kernel build failed"; return 1; }
		fi
		[ -f "$d/bzImage" ] || return 1
		echo "$d/bzImage"
		;;
	*)
		xu_log "unknown kernel '$1' (debian-6.1, debian-6.12, debian-6.1-rt, debian-6.12-rt, debug)"
		return 1
		;;
	esac
}

# xu_kernel_module KERNEL NAME: a module of a Debian KERNEL's own package
# (NAME.ko, e.g. intel-uncore), extracted and decompressed into the
# kernel's cache directory beside its vmlinuz; prints the path.  The
# package comes from apt's archive cache, else `apt-get download`.
xu_kernel_module() {
	local kernel=$1 name=$2 abi dir deb ver rel
	case $kernel in
	debian-6.1 | debian-6.12) ;;
	*) xu_log "$kernel is not a Debian kernel: no package to take $name.ko from"; return 1 ;;
	esac
	abi=$(xu_kernel_abi "$kernel") || { xu_log "cannot resolve ABI of $kernel"; return 1; }
	dir=$XU_CACHE/kernels/$abi
	if [ -f "$dir/$name.ko" ]; then echo "$dir/$name.ko"; return 0; fi
	mkdir -p "$dir" || return 1
	xu_lock "image-$abi"
	if [ ! -f "$dir/$name.ko" ]; then
		rm -rf "$dir/mod.tmp" && mkdir -p "$dir/mod.tmp" || { xu_unlock; return 1; }
		ver=$(dpkg-query -W -f='${Version}' "linux-headers-$abi" 2>/dev/null)
		deb=$(ls /var/cache/apt/archives/"linux-image-${abi}_${ver//:/%3a}"_*.deb 2>/dev/null | head -1)
		if [ -z "$deb" ]; then
			xu_log "downloading linux-image-$abi${ver:+ $ver} for $name.ko"
			(cd "$dir/mod.tmp" && { apt-get download -q "linux-image-$abi=$ver" ||
				apt-get download -q "linux-image-$abi"; }) >&2 ||
				{ xu_unlock; xu_log "apt-get download linux-image-$abi failed"; return 1; }
			deb=$(ls "$dir"/mod.tmp/*.deb | head -1)
		fi
		rel=$(dpkg-deb -c "$deb" 2>/dev/null | awk -v n="/$name.ko" '{ f = $NF; sub(/\.(xz|zst|gz)$/, "", f) }
			substr(f, length(f) - length(n) + 1) == n { print $NF; exit }')
		[ -n "$rel" ] || { xu_unlock; xu_log "no $name.ko in $(basename "$deb")"; return 1; }
		dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir/mod.tmp" "$rel" ||
			{ xu_unlock; return 1; }
		case $rel in
		*.xz) xz -dc "$dir/mod.tmp/$rel" ;;
		*.zst) zstd -dcq "$dir/mod.tmp/$rel" ;;
		*.gz) gzip -dc "$dir/mod.tmp/$rel" ;;
		*) cat "$dir/mod.tmp/$rel" ;;
		esac >"$dir/$name.ko.tmp" && mv "$dir/$name.ko.tmp" "$dir/$name.ko"
		rm -rf "$dir/mod.tmp" "$dir/$name.ko.tmp"
	fi
	xu_unlock
	[ -f "$dir/$name.ko" ] && echo "$dir/$name.ko"
}

# The perf binary (an ELF, not the wrapper script some packages install).
xu_perf_bin() {
	local f
	for f in $(ls -1 /usr/bin/perf_* 2>/dev/null | sort -rV) /usr/bin/perf; do
		[ -x "$f" ] || continue
		if head -c4 "$f" | grep -q 'ELF'; then
			echo "$f"
			return 0
		fi
	done
	return 1
}

# The module's source files, relative to XU_SRC: Kbuild, drivers/, include/
# and the C files of tools/bench/ (the benchmark module), without build
# products (`make` in the checkout builds in place).
xu_src_files() {
	local p paths=
	for p in Kbuild drivers include tools/bench; do
		[ -e "$XU_SRC/$p" ] && paths="$paths $p"
	done
	# shellcheck disable=SC2086
	(cd "$XU_SRC" && find $paths \( -name '*.o' -o -name '*.ko' \
		-o -name '*.mod' -o -name '*.mod.c' -o -name '.*.cmd' -o -name '*.a' \
		-o -name 'modules.order' -o -name 'Module.symvers' -o -name '.tmp*' \
		-o -name '*.dwo' -o -name '*.su' \
		-o \( -path 'tools/bench/*' ! -name '*.[ch]' \) \) -prune -o -type f -print 2>/dev/null |
		LC_ALL=C sort)
}

# Copy the module sources to DEST.
xu_copy_src() {
	local dest=$1
	[ -f "$XU_SRC/Kbuild" ] || { xu_log "no Kbuild in $XU_SRC"; return 1; }
	mkdir -p "$dest"
	xu_src_files | (cd "$XU_SRC" && cpio -pdm --quiet "$dest")
}

xu_src_hash() {
	xu_src_files | (cd "$XU_SRC" && xargs -r sha256sum) | xu_hash
}

# xu_build_module KERNEL: build (or reuse) the module for KERNEL; sets
# XU_MODDIR to the build dir holding the .ko files.  Returns with the
# module-KERNEL lock held (so a parallel run cannot rebuild under us): call
# xu_unlock once the .ko files are copied.  Must not run in a subshell.
xu_build_module() {
	local kernel=$1 kdir dir stamp want
	XU_MODDIR=
	kdir=$(xu_kdir "$kernel") || { xu_log "no kernel build dir for $kernel"; return 1; }
	[ -f "$kdir/Makefile" ] || { xu_log "kernel build dir $kdir missing"; return 1; }
	dir=$XU_CACHE/modules/$kernel
	want=$({ echo "$kdir"; sha256sum "$kdir/Module.symvers" "$kdir/.config" 2>/dev/null;
		xu_src_hash; } | xu_hash)
	xu_lock "module-$kernel"
	stamp=$(cat "$dir/.xu-stamp" 2>/dev/null)
	if [ "$stamp" != "$want" ] || ! ls "$dir"/*.ko >/dev/null 2>&1; then
		xu_log "building module for $kernel"
		rm -rf "$dir"
		xu_copy_src "$dir" || { xu_unlock; xu_log "copying the module sources from $XU_SRC failed"; return 1; }
		if ! make -C "$kdir" M="$dir" -j"$(nproc)" modules >"$dir/.xu-build.log" 2>&1; then
			cat "$dir/.xu-build.log" >&2
			xu_unlock
			xu_log "module build for $kernel failed"
			return 1
		fi
		echo "$want" >"$dir/.xu-stamp"
	fi
	XU_MODDIR=$dir
}

# The QEMU binary and the KVM device node.  Overridable so that the
# harness's KVM fallback can be tested with a fake QEMU on any host
# (tools/testing/vm/selftest).
XU_QEMU=${XU_QEMU:-qemu-system-x86_64}
XU_KVM_DEV=${XU_KVM_DEV:-/dev/kvm}

# xu_qemu_cpu MODEL ACCEL: the QEMU -cpu argument for a --cpu MODEL.
#   default  max with TCG, host with KVM
#   a platform of tools/testing/platforms: its qemu column's CPU with
#            model= its cpu column, e.g. snbep: SandyBridge,model=45
# QEMU's SandyBridge and IvyBridge models are client parts (model 42 and
# 58); model= makes them the EP parts, which is what the kernel, perf's
# event tables (jaketown, ivytown) and the driver look at.  Likewise
# QEMU's Nehalem (model 26, a Core i7) and Westmere (model 44, a Xeon
# 5600) become the EX parts with model=46 and model=47.  TCG provides
# neither x2apic nor tsc-deadline and says so in a warning per CPU: they
# are turned off, which changes nothing in the guest and keeps QEMU quiet.
# With a third argument "nohv", ",-hypervisor" is added: the guest's CPUID
# then does not set the hypervisor bit, without which Linux's own
# intel_uncore refuses to load (vm/run --no-hypervisor).
xu_qemu_cpu() {
	local off='' hv='' q c
	[ "${3:-}" = nohv ] && hv=,-hypervisor
	[ "$2" = tcg ] && off=,-x2apic,-tsc-deadline
	off=$off$hv
	case $1 in
	default) if [ "$2" = kvm ]; then echo "host$hv"; else echo "max$hv"; fi ;;
	*)
		q=$(plat_fact "$1" qemu) && c=$(plat_fact "$1" cpu) || return 1
		echo "$q,model=$c$off"
		;;
	esac
}

# KVM usable?  (The device node may exist without working; even when this
# says yes, guests may still fail: tools/testing/vm/run falls back to TCG.)
# A regular file as XU_KVM_DEV stands for a device that answers (tests).
xu_kvm_ok() {
	[ -e "$XU_KVM_DEV" ] && [ -r "$XU_KVM_DEV" ] && [ -w "$XU_KVM_DEV" ] || return 1
	[ -f "$XU_KVM_DEV" ] && return 0
	python3 - "$XU_KVM_DEV" <<'EOF' 2>/dev/null
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR)
if fcntl.ioctl(fd, 0xAE00) != 12:      # KVM_GET_API_VERSION
    sys.exit(1)
vm = fcntl.ioctl(fd, 0xAE01, 0)         # KVM_CREATE_VM
vcpu = fcntl.ioctl(vm, 0xAE41, 0)       # KVM_CREATE_VCPU
sys.exit(0)
EOF
}

# xu_tcg_artifact LOG: is every kernel report of LOG one that only an
# emulator makes, outside our modules?  Prints why and succeeds if so.
# The two artifacts:
#  - "Oops: int3" whose Code: line shows no int3 before the trapping
#    address: the int3 of a text patch (jump label, static call) that the
#    kernel had already replaced, so the CPU ran a stale copy of its text;
#    on hardware text_poke_bp()'s sync makes that impossible, and a real
#    int3 in code shows "cc <..>";
#  - "WARNING: ... exc_debug_kernel": a single-step #DB in kernel mode with
#    no debugger or kprobe, which TCG leaks into the guest.
# Several CPUs can run the same stale text at once, and their oopses
# interleave in the log: oops_end() releases die_lock before it prints
# "---[ end trace", so another CPU's "Oops: int3" can come first.  So
# the log is judged line by line, not report by report: from the first
# artifact on, the only report lines allowed are more artifacts, "Call
# Trace" and the panic an oops ends in ("Fatal exception", "Fatal
# exception in interrupt", "Attempted to kill the idle task"); every
# Code: line must show its trapping byte with no int3 before it, and
# there must be one such line for each int3 oops at least; no RIP: line
# (the interrupted context's too) and no artifact line may name one of
# our modules (xeon_uncore*): a stale text copy of ours or a #DB in our
# code is ours to explain.  Any report line before the first artifact is
# real.  No report: no artifact.
xu_tcg_artifact() {
	re=$XU_SPLAT_RE awk 'BEGIN { re = ENVIRON["re"]; real = int3 = db = good = 0 }
		{ sub(/\r$/, "") }
		n && /RIP: / && /xeon_uncore/ { real = 1 }
		n && /Code: / {
			b = ""
			m = split($0, t, " ")
			for (i = 2; i <= m; i++)
				if (t[i] ~ /^<[0-9a-f][0-9a-f]>$/) { b = t[i - 1]; break }
			if (b == "" || b == "cc") real = 1; else good++
		}
		$0 !~ re { next }
		/Oops: int3/ || /WARNING: .* exc_debug_kernel/ {
			if (/xeon_uncore/) real = 1
			if (/Oops: int3/) int3++; else db++
			n++
			next
		}
		n && /Call Trace/ { next }
		n && /Kernel panic - not syncing: (Fatal exception|Attempted to kill the idle task)/ { next }
		{ real = 1 }
		END {
			if (real || n == 0 || good < int3) exit 1
			s = ""
			if (int3) s = int3 " int3 oops whose int3 byte was already patched away (not cc): a stale copy of kernel text run under TCG"
			if (db) s = s (s == "" ? "" : "; ") db " single-step #DB in the kernel (exc_debug_kernel), which TCG leaks into guests"
			print s
			exit 0
		}' "$1" 2>/dev/null
	return "${PIPESTATUS[0]}"
}

# xu_drop_intel_uncore LOG: LOG without two kinds of report of Linux's own
# intel_uncore module, for the VMs that load it (vm/run --intel-uncore;
# tools/testing/e2e/e5/8x-mainline.sh):
#  - "unchecked MSR access error": its MSR boxes use rdmsrl()/wrmsrl(),
#    not the _safe helpers, and where a guest's uncore MSRs fault (KVM;
#    the simulator's MSR model is reachable only through xeon_uncore's
#    accessors) the #GP's fixup prints the error line and a stack
#    ("Call Trace:" ... "</TASK>").  The kernel prints each of the two
#    errors (RDMSR, WRMSR) once per boot, so this hides at most two; it
#    also means that, once intel_uncore has printed them, the kernel
#    would print no such error for a later unchecked access of anyone;
#  - "sysfs: cannot create duplicate filename '/devices/uncore_...'":
#    intel_uncore loaded beside xeon_uncore finds its PMU names taken
#    (a PMU's device is /sys/devices/NAME), and sysfs_warn_dup() prints
#    the line and dump_stack()'s CPU, Tainted, Hardware name (and
#    Workqueue, in a PCI probe) lines, stack and the registers of
#    insmod's system call (RIP: 0033:...).
# Those are mainline's, not ours.  A block is dropped only when it is
# exactly that: the first line, then those lines only, at least one frame
# in [intel_uncore] and none in one of our modules (xeon_uncore*); any
# other report line ends it and is kept, as is every other report.
xu_drop_intel_uncore() {
	re=$XU_SPLAT_RE awk 'BEGIN { re = ENVIRON["re"]; n = 0 }
		function flush(drop,  i) {
			if (!drop) for (i = 0; i < n; i++) print buf[i]
			n = 0; inb = 0; theirs = 0; ours = 0
		}
		{ line = $0; sub(/\r$/, "", line) }
		inb && line ~ /xeon_uncore/ { ours = 1 }
		inb && line ~ /\[intel_uncore\]/ { theirs = 1 }
		inb && line ~ re && line !~ /Call Trace/ { flush(0) }
		inb && line ~ /<\/TASK>/ { buf[n++] = $0; flush(theirs && !ours); next }
		inb && dup && line ~ /^(\[[ 0-9.]+\] )?(CPU: [0-9]+ |Tainted: |Hardware name: |Workqueue: |RIP: 0033:|Code: |RSP: 002b:|R(AX|DX|BP|10|13): )/ { buf[n++] = $0; next }
		inb && line !~ /^(\[[ 0-9.]+\] )?( *(Call Trace:|<TASK>|<IRQ>|<\/IRQ>|<NMI>|<\/NMI>|\? )| +[A-Za-z_.][A-Za-z0-9_.]*\+0x[0-9a-f]+\/0x[0-9a-f]+)/ { flush(0) }
		inb { buf[n++] = $0; next }
		/unchecked MSR access error: |sysfs: cannot create duplicate filename .\/devices\/uncore_/ {
			inb = 1; buf[n++] = $0
			dup = line ~ /sysfs: /
			if (line ~ /xeon_uncore/) ours = 1
			if (line ~ /\[intel_uncore\]/) theirs = 1
			next }
		{ print }
		END { flush(0) }' "$1"
}

# Kernel-report patterns scanned in the console log (extended regex).
XU_SPLAT_RE='BUG:|WARNING:|Oops|KASAN|UBSAN|possible circular locking|inconsistent lock state|INFO: |Uhhuh\. NMI received|Dazed and confused|kmemleak: .* new suspected memory leaks|Call Trace|Kernel panic|kernel BUG at|general protection fault|watchdog: BUG|RCU detected stall|rcu: INFO'
