#!/usr/bin/env bash
# `make test-git-dependent` (issue #43 point 1): a user's package that depends on Scanline by git
# URL, as a package from GitHub would, builds with plain `swift build` from nothing, its program
# runs (its @Entry and @Animatable through the macro plugin), and `scanline render PACKAGE`
# renders its #Preview. The URL is this checkout's own (file://…) at HEAD, so what is tested is the
# last commit, not uncommitted changes. SwiftPM refuses unsafe flags in a package fetched by URL:
# this is where that would show. The package is DependentPackageTests' fixture with the URL in
# place of the path. Takes 3 to 5 minutes (Scanline is compiled once more, in its own checkout).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
swift="${SWIFT:-swift}"
scanline="${SCANLINE:-$repo/.build/debug/scanline}"
rev="$(git -C "$repo" rev-parse HEAD)"
work="$(mktemp -d "${TMPDIR:-/tmp}/scanline-git-dependent.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() { echo "test-git-dependent: $*" >&2; exit 1; }

cp -R "$repo/Tests/ScanlineTests/Fixtures/DependentPackage" "$work/Dependent"
cd "$work/Dependent"
# SwiftPM names a package fetched by URL after the URL's last component.
id="$(basename "$repo" .git | tr '[:upper:]' '[:lower:]')"
sed -e "s|.package(path: \"@SCANLINE@\")|.package(url: \"file://$repo\", revision: \"$rev\")|" \
    -e "s|@SCANLINE_ID@|$id|g" Package.swift.template > Package.swift
rm Package.swift.template
grep -q "url: \"file://$repo\"" Package.swift || fail "the manifest does not name Scanline by URL"

echo "test-git-dependent: swift build of a package that depends on Scanline at file://$repo ($rev)"
"$swift" build 2>&1 | tail -n 3
out="$("$swift" run --skip-build Dependent)"
echo "$out"
grep -q "^rendered [1-9]" <<<"$out" || fail "the dependent's program rendered nothing"
grep -qx "badge scale 2.0" <<<"$out" || fail "@Entry gave the wrong default"
grep -qx "meter 0.75 quarter" <<<"$out" || fail "@Animatable did not make the level the animatable data"

[ -x "$scanline" ] || fail "no scanline binary at $scanline (make test builds it; or set SCANLINE)"
"$scanline" render . --list-previews | grep -q '"Badge"' || fail "scanline render --list-previews does not list Badge"
"$scanline" render . --preview Badge --scale 1 -o "$work/badge.png"
[ -s "$work/badge.png" ] || fail "scanline render --preview Badge wrote nothing"
echo "test-git-dependent: passed"
