# Installs attsim like other command-line tools: `make install PREFIX=/usr/local` (DESTDIR honoured),
# `make uninstall PREFIX=…`. The binary links the Swift runtime statically, Dispatch and Swift Concurrency with it (attsim does not use
# Foundation), and
# the C++ runtime and ncurses too: it needs no Swift toolchain to run, only libc, libm, the terminfo database
# and the system's ICU (libicuuc and libicudata, with the shared C++ runtime they need).
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
BUILD := .build/install
BINARY := $(BUILD)/release/attsim
ROOT := $(DESTDIR)$(PREFIX)

# What install writes, relative to the prefix; uninstall removes exactly these, then the folders it leaves
# empty.
FILES := bin/attsim share/man/man1/attsim.1 share/bash-completion/completions/attsim \
	share/zsh/site-functions/_attsim share/fish/vendor_completions.d/attsim.fish
FOLDERS := share/man/man1 share/man share/bash-completion/completions share/bash-completion \
	share/zsh/site-functions share/zsh share/fish/vendor_completions.d share/fish share bin

.PHONY: all build install uninstall
all: build

# No $ORIGIN run path (--disable-local-rpath): the binary needs no library beside it, and the loader would look
# for each system library in six folders there first. lld packs the binary's relative relocations (DT_RELR,
# glibc 2.36 and later): the loader then reads a table of a few kilobytes instead of 1.8 MB before main, a third
# of the time to the first frame (DECISIONS D55). Scripts/link-static.sh links the C++ runtime and ncurses in
# from their static archives: the loader then maps and binds neither ncurses nor terminfo, 2 ms less to the
# first frame (DECISIONS D61); ICU brings the shared C++ runtime along (D80). STATIC=no links them as shared
# libraries, for a system that lacks their archives.
# Concrete generic types are reached through their metadata accessors, not by mangled name: the
# runtime then neither demangles the name nor scans the conformances for its requirements (DECISIONS D61).
# Cross-module optimisation inlines and specialises attsim's small and generic functions across its modules, and
# the binary exports no symbols of its own (the driver links executables with -export-dynamic): the Swift
# runtime's start-up looks its own address up with dladdr(3), which scanned 4,300 exported names (DECISIONS D61).
STATIC ?= yes
LLD := $(dir $(realpath $(shell command -v $(SWIFT))))ld.lld
FRONTEND := -disable-concrete-type-metadata-mangled-name-accessors
FLAGS := -Xswiftc -cross-module-optimization -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --no-export-dynamic \
	$(foreach flag,$(FRONTEND),-Xswiftc -Xfrontend -Xswiftc $(flag))
ifneq ($(STATIC),no)
FLAGS += -Xswiftc -Xclang-linker -Xswiftc --ld-path=$(CURDIR)/Scripts/link-static.sh
endif

# SwiftPM relinks when an object or the link command changes, not when a file the link reads does: the binary
# goes when the linker wrapper is newer.
# With cross-module optimisation a module carries its neighbours' code inlined, struct layouts and all, and an
# incremental build does not always recompile the modules that import a changed one only indirectly (a private
# field added to AppResources left TerminalDriver with the old layout: the binary crashed on its first event).
# So a change anywhere in the sources builds the binary afresh; an unchanged tree reinstalls at once (D61).
SOURCES_SUM := $(BUILD)/sources.cksum
SUM_SOURCES := { cat Package.swift; find Sources -type f | LC_ALL=C sort | while read -r f; do echo "$$f"; cat "$$f"; done; } | cksum
build:
	@[ "$$(cat "$(SOURCES_SUM)" 2>/dev/null)" = "$$($(SUM_SOURCES))" ] || rm -rf "$(BUILD)/release" "$(BUILD)"/*-linux-gnu
	@[ "$(BINARY)" -nt Scripts/link-static.sh ] || rm -f "$(BINARY)"
	ATTSIM_LLD="$(LLD)" $(SWIFT) build -c release --product attsim --static-swift-stdlib --disable-local-rpath \
		$(FLAGS) --build-path $(BUILD)
	@$(SUM_SOURCES) > "$(SOURCES_SUM)"

install: build
	install -d "$(ROOT)/bin" "$(ROOT)/share/attsim" "$(ROOT)/share/man/man1" \
		"$(ROOT)/share/bash-completion/completions" "$(ROOT)/share/zsh/site-functions" \
		"$(ROOT)/share/fish/vendor_completions.d"
	install -m 755 "$(BINARY)" "$(ROOT)/bin/attsim"
	rm -rf "$(ROOT)/share/attsim/Assets"
	cp -R Assets "$(ROOT)/share/attsim/Assets"
	"$(BINARY)" man > "$(ROOT)/share/man/man1/attsim.1"
	"$(BINARY)" completion bash > "$(ROOT)/share/bash-completion/completions/attsim"
	"$(BINARY)" completion zsh > "$(ROOT)/share/zsh/site-functions/_attsim"
	"$(BINARY)" completion fish > "$(ROOT)/share/fish/vendor_completions.d/attsim.fish"

uninstall:
	for file in $(FILES); do rm -f "$(ROOT)/$$file"; done
	rm -rf "$(ROOT)/share/attsim"
	for folder in $(FOLDERS); do rmdir "$(ROOT)/$$folder" 2>/dev/null || true; done
