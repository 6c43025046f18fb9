// ICU, the system's libicuuc, behind an API of plain C types: the line break iterator with its dictionaries
// for Thai, Lao, Khmer and Burmese, the Unicode bidirectional algorithm (ubidi), Arabic shaping
// (u_shapeArabic) and ICU's version. ICU's own headers stay inside icu.c: Foundation carries a private copy of
// ICU whose headers define the same types differently (its functions' names are prefixed, so the two link side
// by side), and a Swift module that saw both would not compile.
#ifndef ATTSIM_ICU_H
#define ATTSIM_ICU_H

#include <stdbool.h>
#include <stdint.h>

/// A line break iterator (ICU's UBreakIterator), opaque to Swift.
typedef struct attsim_line_breaks attsim_line_breaks;

/// A line break iterator for `locale` (NULL on failure).
attsim_line_breaks *attsim_line_breaks_open(const char *locale);

/// Points `iterator` at `length` UTF-16 units of `text` (NULL and 0 to let go of the last text); false on
/// failure.
bool attsim_line_breaks_set_text(attsim_line_breaks *iterator, const uint16_t *text, int32_t length);

/// The next break opportunity's UTF-16 offset, or -1 when there is none.
int32_t attsim_line_breaks_next(attsim_line_breaks *iterator);

/// Back to the text's start.
void attsim_line_breaks_first(attsim_line_breaks *iterator);

/// The direction of a paragraph: known, or found from its first strong character (rules P2 and P3, left to
/// right when it has none).
typedef enum {
  attsim_bidi_left_to_right = 0,
  attsim_bidi_right_to_left = 1,
  attsim_bidi_automatic = 2,
} attsim_bidi_direction;

/// Puts one line of `count` Unicode scalars, taken as one paragraph, in visual order, in place: the Unicode
/// bidirectional algorithm through rule L2 (UAX #9), then, with `marks_after_letters`, each letter of a
/// right-to-left run followed by its nonspacing marks, as they were stored (rule L3's choice for a renderer
/// whose cell holds a letter with its marks), and each scalar at an odd level replaced by its mirror image (L4:
/// brackets). `levels` (`count` entries) receives each scalar's resolved level in logical order;
/// `visual_to_logical` (`count` entries) receives, for each visual position, the logical one. Returns the
/// paragraph's level (0 or 1), or -1 with nothing changed when ICU fails (out of memory) or `count` is not
/// positive.
int attsim_bidi_reorder(
    uint32_t *scalars, int32_t count, attsim_bidi_direction direction, bool marks_after_letters, uint8_t *levels,
    int32_t *visual_to_logical);

/// Puts the Arabic letters of `count` Unicode scalars in logical order into the presentation form each takes
/// where it joins its neighbours (isolated, initial, medial, final), in place, for a terminal that does not
/// shape: one form per letter (a lam followed by an alef keeps two cells, not a ligature), marks left as they
/// are. False with nothing changed when ICU fails.
bool attsim_arabic_shape(uint32_t *scalars, int32_t count);

/// The room a version string takes in attsim_icu_version, its final NUL included.
#define ATTSIM_ICU_VERSION_LENGTH 24

/// ICU's version ("72.1") and the version of the Unicode Character Database it carries ("15.0"), each written
/// with a final NUL into `ATTSIM_ICU_VERSION_LENGTH` bytes.
void attsim_icu_version(char *icu, char *unicode);

#endif
