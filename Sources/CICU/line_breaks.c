// The wrappers of attsim_line_breaks.h. ICU is loaded on first use, not when attsim starts: most runs never
// break a Thai line, and linking ICU (and its 30 MB data library) made every start about half a millisecond
// slower (DECISIONS D59). ICU renames its functions per version with macros (ubrk_open
// becomes ubrk_open_72); the names looked up are those macros' expansions, for the ICU built against.
#include "attsim_line_breaks.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <unicode/ubrk.h>
#include <unicode/uvernum.h>

#define ATTSIM_NAME_(name) #name
#define ATTSIM_NAME(name) ATTSIM_NAME_(name)

static struct {
  __typeof__(ubrk_open) *open;
  __typeof__(ubrk_setText) *set_text;
  __typeof__(ubrk_next) *next;
  __typeof__(ubrk_first) *first;
} icu;

static pthread_once_t icu_loaded = PTHREAD_ONCE_INIT;

/// Loads ICU's common library and its four functions; leaves `icu` empty when either is missing.
static void load_icu(void) {
  void *library = dlopen("libicuuc.so." ATTSIM_NAME(U_ICU_VERSION_MAJOR_NUM), RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) return;
  __typeof__(icu) found = {
      .open = (__typeof__(ubrk_open) *)dlsym(library, ATTSIM_NAME(ubrk_open)),
      .set_text = (__typeof__(ubrk_setText) *)dlsym(library, ATTSIM_NAME(ubrk_setText)),
      .next = (__typeof__(ubrk_next) *)dlsym(library, ATTSIM_NAME(ubrk_next)),
      .first = (__typeof__(ubrk_first) *)dlsym(library, ATTSIM_NAME(ubrk_first)),
  };
  if (found.open && found.set_text && found.next && found.first) icu = found;
}

attsim_line_breaks *attsim_line_breaks_open(const char *locale) {
  pthread_once(&icu_loaded, load_icu);
  if (icu.open == NULL) return NULL;
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *iterator = icu.open(UBRK_LINE, locale, NULL, 0, &status);
  return U_FAILURE(status) ? NULL : (attsim_line_breaks *)iterator;
}

bool attsim_line_breaks_set_text(attsim_line_breaks *iterator, const uint16_t *text, int32_t length) {
  UErrorCode status = U_ZERO_ERROR;
  icu.set_text((UBreakIterator *)iterator, (const UChar *)text, length, &status);
  return !U_FAILURE(status);
}

int32_t attsim_line_breaks_next(attsim_line_breaks *iterator) {
  int32_t next = icu.next((UBreakIterator *)iterator);
  return next == UBRK_DONE ? -1 : next;
}

void attsim_line_breaks_first(attsim_line_breaks *iterator) { (void)icu.first((UBreakIterator *)iterator); }
