#ifndef COURIER_CNCURSES_SHIM_H
#define COURIER_CNCURSES_SHIM_H

// Must precede the include, or the wide-character API (get_wch, cchar_t, setcchar) is missing.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Swift does not import these macros; constants and functions stand in.
static const attr_t courier_a_normal = A_NORMAL;
static const attr_t courier_a_bold = A_BOLD;
static const attr_t courier_a_dim = A_DIM;
static const attr_t courier_a_italic = A_ITALIC;
static const attr_t courier_a_underline = A_UNDERLINE;
static const attr_t courier_a_reverse = A_REVERSE;
static const mmask_t courier_all_mouse_events = ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION;
static const mmask_t courier_button1_pressed = BUTTON1_PRESSED;
static const mmask_t courier_button1_clicked = BUTTON1_CLICKED;
static const mmask_t courier_button4_pressed = BUTTON4_PRESSED;
static const mmask_t courier_button5_pressed = BUTTON5_PRESSED;
static inline int courier_key_f(int n) { return KEY_F(n); }
static inline int courier_lines(void) { return LINES; }
// ncurses' globals, read through functions: Swift 6 rejects mutable C globals.
static inline WINDOW *courier_stdscr(void) { return stdscr; }
static inline int courier_colors(void) { return COLORS; }
static inline int courier_color_pairs(void) { return COLOR_PAIRS; }
static inline SCREEN *courier_newterm(void) { return newterm(NULL, stdout, stdin); }
// ncurses writes through stdout's buffer; endwin's last bytes must reach the terminal before the
// process stops or exits.
static inline void courier_flush(void) { fflush(stdout); }
static inline int courier_cols(void) { return COLS; }

#endif
