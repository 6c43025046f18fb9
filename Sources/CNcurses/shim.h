// Wide-character ncurses for Swift: the macros and globals Swift cannot import, as inline functions. macOS's
// ncurses is wide-character under its plain names (<curses.h>, libncurses; Package.swift links each system's).
#pragma once
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#ifdef __APPLE__
#include <curses.h>
#else
#include <ncursesw/curses.h>
#endif

static inline WINDOW *attsim_stdscr(void) { return stdscr; }
/// ncurses' idea of what the terminal shows (clearok on it repaints the whole screen at the next update).
static inline WINDOW *attsim_curscr(void) { return curscr; }
static inline mmask_t attsim_button1_press(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED; }
/// The number of colours and of colour pairs the terminal has, once start_color ran.
static inline int attsim_colors(void) { return COLORS; }
static inline int attsim_color_pairs(void) { return COLOR_PAIRS; }
/// The video attributes attsim draws with.
static inline attr_t attsim_bold(void) { return WA_BOLD; }
static inline attr_t attsim_dim(void) { return WA_DIM; }
static inline attr_t attsim_reverse(void) { return WA_REVERSE; }
static inline attr_t attsim_italic(void) { return WA_ITALIC; }
/// The current terminal's string capability `name`, or NULL when its entry has none (tigetstr gives NULL when
/// it is absent and (char *)-1 when it is not a string capability).
static inline const char *attsim_string_capability(const char *name) {
  char *value = tigetstr(name);
  return value == (char *)-1 ? NULL : value;
}
/// tputs(3), declared in <term.h> (whose macros, `lines` and `columns` among them, are kept out of Swift).
extern int tputs(const char *, int, int (*)(int));
