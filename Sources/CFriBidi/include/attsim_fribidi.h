// GNU FriBidi (the Unicode bidirectional algorithm, bracket pairs, mirroring and Arabic joining) behind an API
// of plain C types. FriBidi's own headers are not needed to build: the few functions attsim calls are declared
// in fribidi.c, which finds them linked into the binary (make install, where libfribidi.a is present) or loads
// libfribidi.so.0 the first time a right-to-left line is reordered (DECISIONS D69).
#ifndef ATTSIM_FRIBIDI_H
#define ATTSIM_FRIBIDI_H

#include <stdbool.h>
#include <stdint.h>

/// Where the FriBidi attsim uses comes from.
typedef enum {
  /// Neither linked in nor loadable: right-to-left lines are ordered by attsim's own simpler algorithm.
  attsim_fribidi_missing = 0,
  /// Linked into the binary from libfribidi.a.
  attsim_fribidi_linked = 1,
  /// Loaded at run time from libfribidi.so.0.
  attsim_fribidi_loaded = 2,
} attsim_fribidi_source;

/// The direction of a paragraph: known, or found from its first strong character.
typedef enum {
  attsim_fribidi_left_to_right = 0,
  attsim_fribidi_right_to_left = 1,
  attsim_fribidi_automatic = 2,
} attsim_fribidi_direction;

/// Finds FriBidi once (later calls answer at once) and says where it came from.
attsim_fribidi_source attsim_fribidi_find(void);

/// FriBidi's own description of itself ("(GNU FriBidi) 1.0.8" and further lines), or NULL when it is missing.
const char *attsim_fribidi_version_info(void);

/// Puts one line of `count` Unicode scalars in visual order, in place: levels, brackets, mirroring, marks
/// after their letters, Arabic in its joined (presentation) forms, no ligatures, so the line keeps its
/// length. `visual_to_logical` (`count` entries) receives, for each visual position, the logical one. False,
/// with nothing changed, when FriBidi is missing or fails (out of memory).
bool attsim_fribidi_reorder(
    uint32_t *scalars, int32_t count, attsim_fribidi_direction direction, int32_t *visual_to_logical);

#endif
