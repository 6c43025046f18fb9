// The wrappers of attsim_icu.h. ICU is linked as the shared system library it is (libicuuc; DECISIONS D80). Its
// headers rename every function per version with macros (ubidi_open becomes ubidi_open_72), so the names
// this file links are those of the ICU it was built against.
#include "attsim_icu.h"

#include <stdlib.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ushape.h>
#include <unicode/uversion.h>

_Static_assert(ATTSIM_ICU_VERSION_LENGTH >= U_MAX_VERSION_STRING_LENGTH, "room for ICU's version strings");

// MARK: - Line breaks

attsim_line_breaks *attsim_line_breaks_open(const char *locale) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
  return U_FAILURE(status) ? NULL : (attsim_line_breaks *)iterator;
}

bool attsim_line_breaks_set_text(attsim_line_breaks *iterator, const uint16_t *text, int32_t length) {
  UErrorCode status = U_ZERO_ERROR;
  ubrk_setText((UBreakIterator *)iterator, (const UChar *)text, length, &status);
  return !U_FAILURE(status);
}

int32_t attsim_line_breaks_next(attsim_line_breaks *iterator) {
  int32_t next = ubrk_next((UBreakIterator *)iterator);
  return next == UBRK_DONE ? -1 : next;
}

void attsim_line_breaks_first(attsim_line_breaks *iterator) { (void)ubrk_first((UBreakIterator *)iterator); }

// MARK: - Bidirectional order

/// Whether a scalar of this bidi class may stand between a letter and the nonspacing marks after it (those
/// marks, the boundary neutrals and the embedding controls rule X9 removes), as FriBidi's REORDER_NSM counts.
static bool stays_with_letter(UCharDirection direction) {
  switch (direction) {
  case U_DIR_NON_SPACING_MARK:
  case U_BOUNDARY_NEUTRAL:
  case U_LEFT_TO_RIGHT_EMBEDDING:
  case U_RIGHT_TO_LEFT_EMBEDDING:
  case U_LEFT_TO_RIGHT_OVERRIDE:
  case U_RIGHT_TO_LEFT_OVERRIDE:
  case U_POP_DIRECTIONAL_FORMAT:
    return true;
  default:
    return false;
  }
}

/// Resolves the levels of `count` scalars as one paragraph into `levels`; the paragraph's level, or -1 when
/// ICU fails. `units` has room for two UTF-16 units a scalar.
static int resolve_levels(
    const uint32_t *scalars, int32_t count, attsim_bidi_direction direction, UChar *units, uint8_t *levels) {
  int32_t length = 0;
  for (int32_t index = 0; index < count; index++) {
    uint32_t scalar = scalars[index];
    if (scalar > 0xFFFF) {
      units[length++] = U16_LEAD(scalar);
      units[length++] = U16_TRAIL(scalar);
    } else {
      units[length++] = (UChar)scalar;
    }
  }
  UErrorCode status = U_ZERO_ERROR;
  UBiDi *bidi = ubidi_openSized(length, 0, &status);
  if (U_FAILURE(status)) return -1;
  UBiDiLevel paragraph = direction == attsim_bidi_left_to_right    ? 0
                         : direction == attsim_bidi_right_to_left ? 1
                                                                  : UBIDI_DEFAULT_LTR;
  ubidi_setPara(bidi, units, length, paragraph, NULL, &status);
  // The levels of the line's units, trailing whitespace at the paragraph's level (L1).
  const UBiDiLevel *unit_levels = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
  int result = -1;
  if (U_SUCCESS(status) && unit_levels != NULL) {
    // A scalar's level is its first unit's (a surrogate pair's two units share one).
    for (int32_t index = 0, unit = 0; index < count; index++) {
      levels[index] = unit_levels[unit];
      unit += scalars[index] > 0xFFFF ? 2 : 1;
    }
    result = ubidi_getParaLevel(bidi);
  }
  ubidi_close(bidi);
  return result;
}

int attsim_bidi_reorder(
    uint32_t *scalars, int32_t count, attsim_bidi_direction direction, bool marks_after_letters, uint8_t *levels,
    int32_t *visual_to_logical) {
  if (count <= 0 || count > INT32_MAX / 2) return -1;
  size_t length = (size_t)count;
  // One block: the UTF-16 units (two a scalar at most), the levels, the order after L3 and the scalars shown.
  char *block = malloc(length * (2 * sizeof(UChar) + sizeof(uint8_t) + sizeof(int32_t) + sizeof(uint32_t)));
  if (block == NULL) return -1;
  uint32_t *shown = (uint32_t *)block;
  int32_t *order = (int32_t *)(shown + length);
  UChar *units = (UChar *)(order + length);
  uint8_t *resolved = (uint8_t *)(units + 2 * length);
  int paragraph = resolve_levels(scalars, count, direction, units, resolved);
  if (paragraph < 0) {
    free(block);
    return -1;
  }
  // L3 as FriBidi's REORDER_NSM: in logical order, each letter at an odd level and the marks after it are
  // reversed, so that reversing the run (L2) brings them back into their stored order.
  for (int32_t index = 0; index < count; index++) order[index] = index;
  if (marks_after_letters) {
    for (int32_t index = count - 1; index >= 0; index--) {
      if (resolved[index] % 2 == 0 || u_charDirection((UChar32)scalars[index]) != U_DIR_NON_SPACING_MARK) continue;
      int32_t end = index;
      uint8_t level = resolved[index];
      for (index--; index >= 0 && resolved[index] == level && stays_with_letter(u_charDirection((UChar32)scalars[index]));
           index--) {
      }
      // Marks at the start of their run have no letter before them: they are reversed among themselves.
      if (index < 0 || resolved[index] != level) index++;
      for (int32_t low = index, high = end; low < high; low++, high--) {
        int32_t kept = order[low];
        order[low] = order[high];
        order[high] = kept;
      }
    }
  }
  // L2 on the levels, then each visual place takes the scalar the L3 order puts there, mirrored at an odd level.
  int32_t *runs = visual_to_logical;
  ubidi_reorderVisual(resolved, count, runs);
  for (int32_t place = 0; place < count; place++) {
    int32_t logical = order[runs[place]];
    visual_to_logical[place] = logical;
    shown[place] = resolved[logical] % 2 == 1 ? (uint32_t)u_charMirror((UChar32)scalars[logical]) : scalars[logical];
  }
  for (int32_t index = 0; index < count; index++) {
    scalars[index] = shown[index];
    levels[index] = resolved[index];
  }
  free(block);
  return paragraph;
}

// MARK: - Arabic shaping

/// The four alefs that would make a ligature with a lam before them, with their isolated presentation forms
/// (the final form is the next code point).
static const struct {
  UChar letter;
  UChar isolated;
} alefs[] = {{0x0622, 0xFE81}, {0x0623, 0xFE83}, {0x0625, 0xFE87}, {0x0627, 0xFE8D}};

/// Waw joins as an alef does (on its right only) and makes no ligature: shaped in an alef's place, its form
/// is the alef's.
enum { waw = 0x0648, waw_isolated = 0xFEED, waw_final = 0xFEEE };

bool attsim_arabic_shape(uint32_t *scalars, int32_t count) {
  if (count <= 0) return count == 0;
  size_t length = (size_t)count;
  UChar *units = malloc(2 * length * sizeof(UChar));
  if (units == NULL) return false;
  UChar *shaped = units + length;
  // One unit a scalar: a scalar beyond the Basic Multilingual Plane joins nothing ICU shapes, and stands in as
  // U+FFFD. Each alef stands in as a waw, so that ICU forms no lam-alef ligature.
  for (int32_t index = 0; index < count; index++) {
    uint32_t scalar = scalars[index];
    units[index] = scalar > 0xFFFF ? 0xFFFD : (UChar)scalar;
    for (size_t alef = 0; alef < sizeof alefs / sizeof alefs[0]; alef++) {
      if (units[index] == alefs[alef].letter) units[index] = waw;
    }
  }
  UErrorCode status = U_ZERO_ERROR;
  // Letters already in presentation forms stay as they are.
  int32_t written =
      u_shapeArabic(units, count, shaped, count, U_SHAPE_LETTERS_SHAPE | U_SHAPE_PRESERVE_PRESENTATION, &status);
  bool done = U_SUCCESS(status) && written == count;
  if (done) {
    for (int32_t index = 0; index < count; index++) {
      uint32_t scalar = scalars[index];
      // Marks keep their own code points (their presentation forms are spacing characters).
      if (scalar > 0xFFFF || u_charType((UChar32)scalar) == U_NON_SPACING_MARK) continue;
      UChar form = shaped[index];
      for (size_t alef = 0; alef < sizeof alefs / sizeof alefs[0]; alef++) {
        if (scalar == alefs[alef].letter && (form == waw_isolated || form == waw_final)) {
          form = (UChar)(alefs[alef].isolated + (form == waw_final ? 1 : 0));
        }
      }
      scalars[index] = form;
    }
  }
  free(units);
  return done;
}

// MARK: - Version

void attsim_icu_version(char *icu, char *unicode) {
  UVersionInfo version;
  u_getVersion(version);
  u_versionToString(version, icu);
  u_getUnicodeVersion(version);
  u_versionToString(version, unicode);
}
