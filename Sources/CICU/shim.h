// ICU's line break iterator for Swift, with the dictionaries for Thai, Lao, Khmer and Burmese. ICU renames
// its functions per version with macros Swift cannot see, so they are reached through these wrappers.
#ifndef ATTSIM_CICU_SHIM_H
#define ATTSIM_CICU_SHIM_H

#include <unicode/ubrk.h>

/// A line break iterator for `locale` (NULL on failure).
static inline UBreakIterator *attsim_line_breaks_open(const char *locale) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
  return U_FAILURE(status) ? NULL : iterator;
}

/// Points `iterator` at `length` UTF-16 units of `text`; false on failure.
static inline bool attsim_line_breaks_set_text(UBreakIterator *iterator, const UChar *text, int32_t length) {
  UErrorCode status = U_ZERO_ERROR;
  ubrk_setText(iterator, text, length, &status);
  return !U_FAILURE(status);
}

/// The next break opportunity's UTF-16 offset, or -1 when there is none.
static inline int32_t attsim_line_breaks_next(UBreakIterator *iterator) {
  int32_t next = ubrk_next(iterator);
  return next == UBRK_DONE ? -1 : next;
}

/// Back to the text's start.
static inline void attsim_line_breaks_first(UBreakIterator *iterator) { (void)ubrk_first(iterator); }

#endif
