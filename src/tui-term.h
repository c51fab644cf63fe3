/* The terminal of the browser: opening it full screen, giving it back as
 * it was on every way out (quitting, a fatal error, Ctrl-C, a crash
 * signal), keys and mouse, and text drawn safely: nothing that comes from
 * a profile reaches the terminal raw. */
#ifndef CGA_TUI_TERM_H
#define CGA_TUI_TERM_H

#include <stdbool.h>
#include <stddef.h>

/* How a piece of text looks: colours where the terminal has them and
 * NO_COLOR is not set, attributes otherwise.  LOOK_SELECTED is or'ed in
 * for the selected row. */
enum term_look {
	LOOK_PLAIN,
	LOOK_TITLE,                /* the top line */
	LOOK_HEADING,              /* column headings, section headings */
	LOOK_STATUS,               /* the bottom line */
	LOOK_BAR,                  /* a bar of a share */
	LOOK_ESTIMATE,             /* a figure marked ≈ */
	LOOK_DIM,                  /* what is there for context: source without cost */
	LOOK_HOT,                  /* a line or instruction with a cost */
	LOOK_ERROR,                /* a message about something that failed */
	LOOK_COUNT
};
#define LOOK_SELECTED 0x100

/* Symbols that need UTF-8, with ASCII stand-ins in other locales. */
enum term_glyph {
	GLYPH_BOUND,               /* "≥" */
	GLYPH_ESTIMATE,            /* "≈" */
	GLYPH_EXPANDED,            /* "▾" */
	GLYPH_COLLAPSED,           /* "▸" */
	GLYPH_BAR_FULL,            /* "█" */
	GLYPH_COUNT
};

/* A key read: a character, or with FUNCTION set a curses KEY_ code. */
struct term_key {
	int code;
	bool function;
};

/* Die with EXIT_USAGE, in one line, unless the browser can run here:
 * standard output a terminal, TERM known and not "dumb", and a keyboard
 * (/dev/tty, so that the profile may come on standard input). */
void term_ready(void);

/* Take the terminal: alternate screen, keys one by one, no echo, mouse
 * reports where the terminal gives them.  Until term_close, standard
 * error is kept aside and written out when the terminal is given back,
 * whichever way the program ends. */
void term_open(void);
void term_close(void);

int term_height(void);
int term_width(void);
bool term_utf8(void);
const char *term_glyph(enum term_glyph g);

/* Wait for a key, at most TIMEOUT_MS (negative: for ever).  Returns false
 * when none came. */
bool term_read(struct term_key *k, int timeout_ms);
/* For a KEY_MOUSE key: where (Y, X), and whether it was the wheel (WHEEL:
 * -1 up, 1 down, 0 a click of the first button). */
bool term_mouse(int *y, int *x, int *wheel);

/* The columns TEXT[0..LEN) takes once made safe (term_put). */
int term_text_width(const char *text, size_t len);
/* How many bytes of TEXT[0..LEN) fit in WIDTH columns. */
size_t term_text_fit(const char *text, size_t len, int width);
/* Draw TEXT[0..LEN) at Y, X on at most WIDTH columns, made safe: a
 * character that is not valid UTF-8 (in another locale, not ASCII), not
 * printable or of no width (control bytes, escape sequences, C1 controls,
 * bidirectional overrides) is drawn as U+FFFD (or "?").  Returns the
 * columns drawn. */
int term_putn(int y, int x, int width, const char *text, size_t len, int look);
int term_put(int y, int x, int width, const char *text, int look);
/* WIDTH blanks at Y, X. */
void term_fill(int y, int x, int width, int look);
/* Show the cursor at Y, X (for a prompt), or hide it (Y < 0). */
void term_cursor(int y, int x);
void term_erase(void);
void term_refresh(void);
/* Draw the next refresh from scratch (Ctrl-L, a resize). */
void term_redraw(void);

#endif
