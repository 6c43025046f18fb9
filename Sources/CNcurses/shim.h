// Wide-character ncurses for Swift: the macros and globals Swift cannot import, as inline functions.
#ifndef ATTSIM_CNCURSES_SHIM_H
#define ATTSIM_CNCURSES_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>

static inline WINDOW *attsim_stdscr(void) { return stdscr; }
static inline WINDOW *attsim_curscr(void) { return curscr; }
static inline attr_t attsim_a_normal(void) { return A_NORMAL; }
static inline attr_t attsim_a_bold(void) { return A_BOLD; }
static inline attr_t attsim_a_dim(void) { return A_DIM; }
static inline attr_t attsim_a_reverse(void) { return A_REVERSE; }
static inline attr_t attsim_a_italic(void) { return A_ITALIC; }
static inline mmask_t attsim_button1_press(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED; }
static inline int attsim_colors(void) { return COLORS; }
static inline int attsim_color_pairs(void) { return COLOR_PAIRS; }
/// Whether the current terminal's entry has the string capability `name` (tigetstr gives NULL when it is
/// absent and (char *)-1 when it is not a string capability).
static inline bool attsim_has_string_capability(const char *name) {
  char *value = tigetstr(name);
  return value != NULL && value != (char *)-1;
}

#endif
