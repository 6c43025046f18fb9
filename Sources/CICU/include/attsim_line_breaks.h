// ICU's line break iterator, with the dictionaries for Thai, Lao, Khmer and Burmese, behind an API of plain C
// types. ICU's own headers stay inside line_breaks.c: Foundation carries a private copy of ICU whose headers
// define the same types differently, and a Swift module that saw both would not compile.
#ifndef ATTSIM_LINE_BREAKS_H
#define ATTSIM_LINE_BREAKS_H

#include <stdbool.h>
#include <stdint.h>

/// A line break iterator (ICU's UBreakIterator), opaque to Swift.
typedef struct attsim_line_breaks attsim_line_breaks;

/// A line break iterator for `locale` (NULL on failure, or when ICU cannot be loaded).
attsim_line_breaks *attsim_line_breaks_open(const char *locale);

/// Points `iterator` at `length` UTF-16 units of `text` (NULL and 0 to let go of the last text); false on
/// failure.
bool attsim_line_breaks_set_text(attsim_line_breaks *iterator, const uint16_t *text, int32_t length);

/// The next break opportunity's UTF-16 offset, or -1 when there is none.
int32_t attsim_line_breaks_next(attsim_line_breaks *iterator);

/// Back to the text's start.
void attsim_line_breaks_first(attsim_line_breaks *iterator);

#endif
