// The wrappers of attsim_fribidi.h. FriBidi's seven functions and its version string are declared here, weakly:
// where the link put libfribidi.a in (make install), they are there; otherwise (swift build, swift test) they
// are null, and libfribidi.so.0 is loaded the first time a right-to-left line is reordered, so a machine
// without FriBidi's development package builds attsim, and one without FriBidi at all still runs it
// (DECISIONS D69).
#include "attsim_fribidi.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

// FriBidi 1.0's interface (its interface version 4; libfribidi.so.0 in Debian 10 and later), by its
// documented types: a character is a UTF-32 code unit, an index an int, a bidi type and a paragraph type 32
// bits (enums of unsigned values in C, uint32_t in C++: passed alike), a bracket type and a flag set 32 bits,
// an embedding level a signed char, a joining type or Arabic property a byte.
typedef uint32_t fribidi_char;
typedef int fribidi_index;
typedef uint32_t fribidi_type;
typedef uint32_t fribidi_paragraph;
typedef uint32_t fribidi_bracket;
typedef signed char fribidi_level;
typedef uint8_t fribidi_joining;
typedef uint32_t fribidi_flags;

// The paragraph types (a strong left-to-right or right-to-left type, or "other neutral": found from the
// text), and the flags attsim reorders with: mirrored brackets, marks kept after their letters, Arabic in its
// presentation forms (no ligatures, so a line keeps its length).
enum {
  paragraph_left_to_right = 0x110,
  paragraph_right_to_left = 0x111,
  paragraph_automatic = 0x40,
};
static const fribidi_flags reorder_flags = 0x1 | 0x2 | 0x100;

#define ATTSIM_WEAK __attribute__((weak))
extern const char *fribidi_version_info ATTSIM_WEAK;
void fribidi_get_bidi_types(const fribidi_char *text, fribidi_index length, fribidi_type *types) ATTSIM_WEAK;
void fribidi_get_bracket_types(
    const fribidi_char *text, fribidi_index length, const fribidi_type *types, fribidi_bracket *brackets) ATTSIM_WEAK;
fribidi_level fribidi_get_par_embedding_levels_ex(
    const fribidi_type *types, const fribidi_bracket *brackets, fribidi_index length, fribidi_paragraph *paragraph,
    fribidi_level *levels) ATTSIM_WEAK;
void fribidi_get_joining_types(const fribidi_char *text, fribidi_index length, fribidi_joining *joining) ATTSIM_WEAK;
void fribidi_join_arabic(
    const fribidi_type *types, fribidi_index length, const fribidi_level *levels, fribidi_joining *joining) ATTSIM_WEAK;
void fribidi_shape(
    fribidi_flags flags, const fribidi_level *levels, fribidi_index length, fribidi_joining *joining,
    fribidi_char *text) ATTSIM_WEAK;
fribidi_level fribidi_reorder_line(
    fribidi_flags flags, const fribidi_type *types, fribidi_index length, fribidi_index offset,
    fribidi_paragraph paragraph, fribidi_level *levels, fribidi_char *text, fribidi_index *map) ATTSIM_WEAK;

/// The functions in use, all found or all null.
typedef struct {
  const char *const *version_info;
  __typeof__(fribidi_get_bidi_types) *get_bidi_types;
  __typeof__(fribidi_get_bracket_types) *get_bracket_types;
  __typeof__(fribidi_get_par_embedding_levels_ex) *get_par_embedding_levels_ex;
  __typeof__(fribidi_get_joining_types) *get_joining_types;
  __typeof__(fribidi_join_arabic) *join_arabic;
  __typeof__(fribidi_shape) *shape;
  __typeof__(fribidi_reorder_line) *reorder_line;
} functions;

static functions fribidi;
static attsim_fribidi_source source = attsim_fribidi_missing;
static pthread_once_t found = PTHREAD_ONCE_INIT;

static bool is_complete(const functions *candidate) {
  return candidate->version_info && candidate->get_bidi_types && candidate->get_bracket_types &&
         candidate->get_par_embedding_levels_ex && candidate->get_joining_types && candidate->join_arabic &&
         candidate->shape && candidate->reorder_line;
}

/// Takes the linked-in functions when the link brought all of them, else loads libfribidi.so.0's; leaves
/// `fribidi` empty when neither has them all.
static void find_fribidi(void) {
  functions linked = {
      &fribidi_version_info, fribidi_get_bidi_types, fribidi_get_bracket_types,
      fribidi_get_par_embedding_levels_ex, fribidi_get_joining_types, fribidi_join_arabic, fribidi_shape,
      fribidi_reorder_line,
  };
  if (is_complete(&linked)) {
    fribidi = linked;
    source = attsim_fribidi_linked;
    return;
  }
  void *library = dlopen("libfribidi.so.0", RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) return;
  functions loaded = {
      (const char *const *)dlsym(library, "fribidi_version_info"),
      (__typeof__(fribidi_get_bidi_types) *)dlsym(library, "fribidi_get_bidi_types"),
      (__typeof__(fribidi_get_bracket_types) *)dlsym(library, "fribidi_get_bracket_types"),
      (__typeof__(fribidi_get_par_embedding_levels_ex) *)dlsym(library, "fribidi_get_par_embedding_levels_ex"),
      (__typeof__(fribidi_get_joining_types) *)dlsym(library, "fribidi_get_joining_types"),
      (__typeof__(fribidi_join_arabic) *)dlsym(library, "fribidi_join_arabic"),
      (__typeof__(fribidi_shape) *)dlsym(library, "fribidi_shape"),
      (__typeof__(fribidi_reorder_line) *)dlsym(library, "fribidi_reorder_line"),
  };
  if (!is_complete(&loaded)) {
    dlclose(library);
    return;
  }
  fribidi = loaded;
  source = attsim_fribidi_loaded;
}

attsim_fribidi_source attsim_fribidi_find(void) {
  pthread_once(&found, find_fribidi);
  return source;
}

const char *attsim_fribidi_version_info(void) {
  return attsim_fribidi_find() == attsim_fribidi_missing ? NULL : *fribidi.version_info;
}

bool attsim_fribidi_reorder(
    uint32_t *scalars, int32_t count, attsim_fribidi_direction direction, int32_t *visual_to_logical) {
  if (attsim_fribidi_find() == attsim_fribidi_missing || count <= 0) return false;
  size_t length = (size_t)count;
  // One block for FriBidi's four per-character arrays: types, brackets, levels, joining.
  size_t per_character =
      sizeof(fribidi_type) + sizeof(fribidi_bracket) + sizeof(fribidi_level) + sizeof(fribidi_joining);
  char *block = malloc(length * per_character);
  if (block == NULL) return false;
  fribidi_type *types = (fribidi_type *)block;
  fribidi_bracket *brackets = (fribidi_bracket *)(types + length);
  fribidi_level *levels = (fribidi_level *)(brackets + length);
  fribidi_joining *joining = (fribidi_joining *)(levels + length);
  fribidi_paragraph paragraph = direction == attsim_fribidi_left_to_right   ? paragraph_left_to_right
                           : direction == attsim_fribidi_right_to_left ? paragraph_right_to_left
                                                                       : paragraph_automatic;
  for (int32_t index = 0; index < count; index++) visual_to_logical[index] = index;
  fribidi.get_bidi_types(scalars, count, types);
  fribidi.get_bracket_types(scalars, count, types, brackets);
  bool reordered = false;
  if (fribidi.get_par_embedding_levels_ex(types, brackets, count, &paragraph, levels) != 0) {
    fribidi.get_joining_types(scalars, count, joining);
    fribidi.join_arabic(types, count, levels, joining);
    fribidi.shape(reorder_flags, levels, count, joining, scalars);
    reordered =
        fribidi.reorder_line(reorder_flags, types, count, 0, paragraph, levels, scalars, visual_to_logical) != 0;
  }
  free(block);
  return reordered;
}
