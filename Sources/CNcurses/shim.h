// Wide-character ncurses for Swift: the macros and globals Swift cannot import, as inline functions.
#ifndef ATTSIM_CNCURSES_SHIM_H
#define ATTSIM_CNCURSES_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>

static inline WINDOW *attsim_stdscr(void) { return stdscr; }
static inline mmask_t attsim_button1_press(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED; }
/// The current terminal's string capability `name`, or NULL when its entry has none (tigetstr gives NULL when
/// it is absent and (char *)-1 when it is not a string capability).
static inline const char *attsim_string_capability(const char *name) {
  char *value = tigetstr(name);
  return value == (char *)-1 ? NULL : value;
}
/// Whether the current terminal's entry has the string capability `name`.
static inline bool attsim_has_string_capability(const char *name) { return attsim_string_capability(name) != NULL; }
/// tiparm(3) with one and with two parameters (Swift cannot call a C function with variable arguments).
static inline const char *attsim_tiparm1(const char *capability, int first) { return tiparm(capability, first); }
static inline const char *attsim_tiparm2(const char *capability, int first, int second) {
  return tiparm(capability, first, second);
}

#endif
