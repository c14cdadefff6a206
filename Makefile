# Scanline: set-up, demo, tests and benchmarks. Works as root on a fresh Debian 12 (sudo is used
# when not root). Every target installs what is missing first, and only that.

SHELL := /bin/bash
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
APT_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev libpng-dev libjpeg-dev libgif-dev libwebp-dev \
	fonts-noto-core fonts-noto-extra fonts-noto-mono fonts-noto-color-emoji fonts-noto-cjk \
	fonts-dejavu-core fonts-quicksand fonts-material-design-icons-iconfont ffmpeg procps
TEST_APT_PACKAGES := chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN_RELEASE := .build/release/scanline

.PHONY: setup setup-test demo test test-git-dependent fidelity build release bench clean readme-gallery fuzz sanitize sanitize-address sanitize-thread install install-files uninstall

# Installs the Debian packages in $(1) that are missing, and only those.
define apt_install
	@missing=$$(for p in $(1); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing:" $$missing; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null && \
		fc-cache -f >/dev/null; \
	else echo "setup: all packages present"; fi
endef

## setup: install the Debian packages Scanline builds and renders with (idempotent)
setup:
	$(call apt_install,$(APT_PACKAGES))
	@command -v $(SWIFT) >/dev/null || { echo "setup: the Swift toolchain is not on PATH (see README)"; exit 1; }

## setup-test: setup, and the browser the preview's test drives (headless Chromium, Debian's)
setup-test: setup
	$(call apt_install,$(TEST_APT_PACKAGES))

build: setup
	$(SWIFT) build --product scanline
	$(SWIFT) build --product ScanlineKit

## release: the release binary, and the prebuilt Scanline beside it (libScanlineKit.so and its
## modules) that `scanline render FILE.swift` compiles users' files against (docs/PREBUILT.md)
release: setup
	$(SWIFT) build -c release --product scanline
	$(SWIFT) build -c release --product ScanlineKit

## install: the release binary as $(PREFIX)/bin/scanline; the prebuilt Scanline in
## $(PREFIX)/lib/scanline (libScanlineKit.so, its Swift modules, the C module maps they import,
## the seed shaders' resources and the toolchain's version), which `scanline render FILE.swift`
## compiles users' files against; and the package's sources in $(PREFIX)/share/scanline/source,
## for `--from-source` and for packages that depend on Scanline by path. Every file installed is
## listed in $(PREFIX)/share/scanline/installed-files, which `make uninstall` removes exactly.
## DESTDIR works.
PREFIX ?= /usr/local
INSTALL_BINARY ?= $(BIN_RELEASE)
# The build folder the prebuilt Scanline is copied from (the binary's own).
INSTALL_KIT ?= $(patsubst %/,%,$(dir $(INSTALL_BINARY)))
SHARE = $(DESTDIR)$(PREFIX)/share/scanline
KITDIR = $(DESTDIR)$(PREFIX)/lib/scanline
KIT_MODULES := SwiftUI Scanline ScanlineCore ScanlineExport ScanlineBlocks ScanlineCLI SwiftSourceText simd CoreGraphics _Testing_CoreGraphics Combine QuartzCore
KIT_C_MODULES := CCairo CGif CPNG CPango CWebP
install: release
	@$(MAKE) --no-print-directory install-files PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" INSTALL_BINARY="$(INSTALL_BINARY)"

install-files:
	@[ -x "$(INSTALL_BINARY)" ] || { echo "install: no binary at $(INSTALL_BINARY) (make release first)"; exit 1; }
	@set -e; \
	mkdir -p "$(DESTDIR)$(PREFIX)/bin" "$(SHARE)/source"; \
	list="$(SHARE)/installed-files"; : > "$$list.tmp"; \
	install -m 755 "$(INSTALL_BINARY)" "$(DESTDIR)$(PREFIX)/bin/scanline"; \
	echo "$(DESTDIR)$(PREFIX)/bin/scanline" >> "$$list.tmp"; \
	kit="$(INSTALL_KIT)"; \
	[ -f "$$kit/libScanlineKit.so" ] || { echo "install: no prebuilt Scanline in $$kit (make release first)"; exit 1; }; \
	put() { mkdir -p "$$(dirname "$$2")"; install -m "$$3" "$$1" "$$2"; echo "$$2" >> "$$list.tmp"; }; \
	put "$$kit/libScanlineKit.so" "$(KITDIR)/libScanlineKit.so" 755; \
	put "$$kit/ScanlineMacros-tool" "$(KITDIR)/ScanlineMacros-tool" 755; \
	for m in $(KIT_MODULES); do put "$$kit/Modules/$$m.swiftmodule" "$(KITDIR)/Modules/$$m.swiftmodule" 644; done; \
	for c in $(KIT_C_MODULES); do for f in Sources/$$c/*; do put "$$f" "$(KITDIR)/CModules/$$c/$$(basename "$$f")" 644; done; done; \
	for f in Sources/CScanline/include/*.h; do put "$$f" "$(KITDIR)/CModules/CScanline/$$(basename "$$f")" 644; done; \
	printf 'module CScanline {\n    umbrella header "CScanline.h"\n    export *\n}\n' > "$(KITDIR)/CModules/CScanline/module.modulemap"; \
	echo "$(KITDIR)/CModules/CScanline/module.modulemap" >> "$$list.tmp"; \
	(cd "$$kit" && find Scanline_ScanlineBlocks.resources -type f) | while IFS= read -r f; do put "$$kit/$$f" "$(KITDIR)/$$f" 644; done; \
	version=$$(ls "$$kit"/swift-version*.txt | head -1); put "$$version" "$(KITDIR)/swift-version.txt" 644; \
	touch "$(KITDIR)/libScanlineKit.so"; \
	{ if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then git -c core.quotepath=off ls-files; \
	else find . -path ./.build -prune -o -path ./gallery -prune -o -type f -print | sed 's|^\./||'; fi; } | \
	while IFS= read -r f; do \
		mkdir -p "$(SHARE)/source/$$(dirname "$$f")"; \
		install -m 644 "$$f" "$(SHARE)/source/$$f"; \
		echo "$(SHARE)/source/$$f" >> "$$list.tmp"; \
	done; \
	echo "$$list" >> "$$list.tmp"; mv "$$list.tmp" "$$list"; \
	echo "installed $(DESTDIR)$(PREFIX)/bin/scanline, the prebuilt Scanline in $(KITDIR) and $$(grep -c "^$(SHARE)/source/" "$$list") source files in $(SHARE)/source"

## uninstall: removes exactly what `make install` installed (its list), and the folders under
## $(PREFIX)/share/scanline that are empty afterwards
uninstall:
	@list="$(SHARE)/installed-files"; \
	[ -f "$$list" ] || { echo "uninstall: nothing installed under $(DESTDIR)$(PREFIX) ($$list is missing)"; exit 1; }; \
	n=0; while IFS= read -r f; do [ "$$f" = "$$list" ] && continue; rm -f -- "$$f"; n=$$((n + 1)); done < "$$list"; \
	rm -f -- "$$list"; \
	for d in "$(SHARE)" "$(KITDIR)"; do if [ -d "$$d" ]; then find "$$d" -depth -type d -empty -delete; fi; done; \
	echo "uninstall: removed $$n files from $(DESTDIR)$(PREFIX)"

## demo: release build, then render every seed demo into gallery/ (GIF, MP4 and a still PNG each)
demo: release
	@mkdir -p gallery
	$(BIN_RELEASE) gallery -o gallery
	$(BIN_RELEASE) text GLITCH --style largeTitle --design monospaced --weight black --color white --background black --scale 2 -o gallery/glitch-title.png
	$(BIN_RELEASE) text "שלום world مرحبا 🎉 日本語" --rtl --style title2 --background white --scale 2 -o gallery/mixed-scripts-rtl.png
	$(BIN_RELEASE) curve "spring(response: 0.55, dampingFraction: 0.9).delay(0.15)" -o gallery/curve-highlight-spring.png > /dev/null
	@echo "gallery/: $$(ls gallery | tr '\n' ' ')"

## readme-gallery: the GIFs the README shows (docs/gallery/), rendered by scanline itself
readme-gallery: release
	$(BIN_RELEASE) gallery --readme -o docs/gallery

## test: set-up, one debug build of Scanline and its tests (and the prebuilt Scanline beside it, which
## the user-view, preview, install and tutorial tests compile users' files against), then the whole
## suite in one process: the tests that build packages of their own (a dependent package from
## scratch, the one cold source build of a user's view, the tutorial's package) run beside the
## rest, so the release compile, mostly on one core, leaves the other to them.
test: setup-test
	$(SWIFT) build --build-tests
	$(SWIFT) build --product ScanlineKit
	$(SWIFT) test --skip-build

## test-git-dependent: a package that depends on Scanline by git URL (this checkout, at HEAD) builds
## with plain `swift build` and its #Preview renders (Tests/git-dependent.sh; CI runs it)
test-git-dependent: setup
	$(call apt_install,git)
	$(SWIFT) build --product scanline
	$(SWIFT) build --product ScanlineKit
	SWIFT=$(SWIFT) Tests/git-dependent.sh

## fidelity: Scanline against pictures Apple's SwiftUI rendered (Tests/ScanlineTests/Fidelity): a
## line of measures per case, and side-by-side images (Apple's, Scanline's, where they differ) in
## $(FIDELITY_OUT)
FIDELITY_OUT ?= .build/fidelity
fidelity: setup-test
	$(SWIFT) build --build-tests
	FIDELITY_OUT=$(abspath $(FIDELITY_OUT)) $(SWIFT) test --skip-build --filter "ScanlineTests.FidelityTests" 2>&1 | grep -a -E "^fidelity:|Test run with|✘"
	@echo "side-by-side images: $(FIDELITY_OUT)"

## bench: Scanline and its peers (C, numpy/Pillow, pycairo, skia-python, ffmpeg) side by side, with
## ratios. The Python peers come from Debian's packages (numpy, Pillow, pycairo) and, for
## skia-python, which Debian does not package, from PyPI into a virtual environment in the build
## folder that sees Debian's packages: Debian's pip refuses to install outside one (PEP 668).
BENCH_APT_PACKAGES := python3 python3-venv python3-numpy python3-pil python3-cairo time
BENCH_VENV := .build/bench-venv
bench: setup
	$(call apt_install,$(BENCH_APT_PACKAGES))
	@[ -x $(BENCH_VENV)/bin/python3 ] || python3 -m venv --system-site-packages $(BENCH_VENV)
	@$(BENCH_VENV)/bin/python3 -c "import skia" 2>/dev/null || $(BENCH_VENV)/bin/python3 -m pip install --quiet --disable-pip-version-check skia-python
	$(SWIFT) build -c release --product scanline-bench
	$(SWIFT) build -c release --product scanline
	$(SWIFT) build -c release --product ScanlineKit
	$(BENCH_VENV)/bin/python3 Benchmarks/run.py

# Under the sanitizers only the in-process tests run: a test marked `.spawnsProcesses` (it runs the
# scanline binary, make, or builds a package) is skipped, with its reason, when SCANLINE_SANITIZER
# is set, as its work happens in unsanitized children that the sanitizer cannot see; make test
# runs those.
# The sanitizer builds make the test bundle and what it links, not the command-line tool, the
# benchmark or ScanlineKit, which only the skipped tests run (about 20 s of linking each).
TEST_PRODUCT := ScanlinePackageTests

## sanitize: the in-process tests under AddressSanitizer (with LeakSanitizer), then ThreadSanitizer; any report fails
sanitize: sanitize-address sanitize-thread

sanitize-address: setup
	$(SWIFT) build --product $(TEST_PRODUCT) --sanitize=address --scratch-path .build/asan
	SCANLINE_SANITIZER=address ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan

sanitize-thread: setup
	$(SWIFT) build --product $(TEST_PRODUCT) --sanitize=thread --scratch-path .build/tsan
	SCANLINE_SANITIZER=thread TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan

## fuzz: every libFuzzer target in Fuzz/ for FUZZ_SECONDS each (default 60), with executions and coverage
FUZZ_SECONDS ?= 60
fuzz: setup
	cd Fuzz && $(SWIFT) build --sanitize=fuzzer
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh

clean:
	rm -rf .build gallery Fuzz/.build
