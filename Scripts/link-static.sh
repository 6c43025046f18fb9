#!/bin/sh
# The linker of the installed binary (Makefile): ld.lld with the C and C++ libraries attsim uses built in, so
# that only libc, libm and the system's ICU (with the C++ runtime it needs, D80) are loaded when it starts
# (DECISIONS D61). The Swift driver asks for them as shared libraries (-lstdc++, -lgcc_s, Package.swift's
# -lncursesw); each is swapped for its static archive here, and terminfo, which libncursesw.a needs, is added.
# Anything else passes through untouched: ICU (-licuuc) stays the system's shared library.
set -eu
linker=${ATTSIM_LLD:?the Makefile names ld.lld in ATTSIM_LLD}
for argument in "$@"; do
  case $argument in
  -lstdc++) argument=-l:libstdc++.a ;;
  -lgcc_s) argument=-lgcc_eh ;;
  -lncursesw) argument=-l:libncursesw.a ;;
  esac
  set -- "$@" "$argument"
  shift
done
exec "$linker" "$@" -l:libtinfo.a
