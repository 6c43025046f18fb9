// GNU FriBidi for Swift: the Unicode bidirectional algorithm, bracket pairs, mirroring and Arabic joining.
#ifndef ATTSIM_CFRIBIDI_SHIM_H
#define ATTSIM_CFRIBIDI_SHIM_H

#include <fribidi/fribidi.h>

/// The flags attsim reorders a line with: mirrored brackets, marks kept after their letters, Arabic in its
/// joined (presentation) forms so a terminal that does not shape shows it joined; no ligatures, so a line
/// keeps its length.
static inline FriBidiFlags attsim_fribidi_flags(void) {
  return FRIBIDI_FLAG_SHAPE_MIRRORING | FRIBIDI_FLAG_REORDER_NSM | FRIBIDI_FLAG_SHAPE_ARAB_PRES;
}
static inline FriBidiParType attsim_fribidi_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType attsim_fribidi_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType attsim_fribidi_auto(void) { return FRIBIDI_PAR_ON; }

#endif
