// The wrappers of attsim_line_breaks.h. ICU renames its functions per version with macros (ubrk_open becomes
// ubrk_open_76), which C sees and Swift would not.
#include "attsim_line_breaks.h"

#include <unicode/ubrk.h>

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
