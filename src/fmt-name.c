#include "fmt-name.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static const char ellipsis[] = "\xe2\x80\xa6";      /* U+2026 */

size_t name_chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Byte offset of the character K characters into S (S's length if fewer). */
static size_t char_offset(const char *s, size_t k)
{
	size_t i = 0;

	for (; s[i]; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80 && k-- == 0)
			break;
	return i;
}

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* At S[I], the length of "operator" and the symbols naming it (the '<' of
 * "operator<" is no template bracket); 0 if no operator name starts there. */
static size_t operator_name(const char *s, size_t i)
{
	size_t k = 8;

	/* Asked at every byte of long names: most are no 'o'. */
	if (s[i] != 'o' || strncmp(s + i, "operator", 8) != 0 || (i > 0 && ident_char(s[i - 1])))
		return 0;
	while (s[i + k] == ' ')
		k++;
	while (s[i + k] != '\0' && strchr("<>=-!+*/%^&|~", s[i + k]) != NULL)
		k++;
	return k;
}

/* The index of the '>' closing the '<' at S[I], or 0 if none does. */
static size_t closing_bracket(const char *s, size_t i)
{
	size_t depth = 0;

	for (size_t j = i; s[j]; j++) {
		size_t k = operator_name(s, j);

		if (k > 0) {
			j += k - 1;
		} else if (s[j] == '-' && s[j + 1] == '>') {
			j++;
		} else if (s[j] == '<') {
			depth++;
		} else if (s[j] == '>' && --depth == 0) {
			return j;
		}
	}
	return 0;
}

/* S with the argument list of every outermost template cut to "<…>".  A
 * new string. */
static char *elide_templates(const char *s)
{
	char *t = xmalloc(strlen(s) + 1);
	size_t o = 0;

	for (size_t i = 0; s[i];) {
		size_t k = operator_name(s, i), close;

		if (k > 0) {
			memcpy(t + o, s + i, k);
			o += k;
			i += k;
		} else if (s[i] == '<' && (close = closing_bracket(s, i)) > i + 1) {
			/* "<…>" is 5 bytes: shorter lists stay as they are, so
			 * the result is never longer than S. */
			if (close - i + 1 > 5) {
				o += (size_t)sprintf(t + o, "<%s>", ellipsis);
			} else {
				memcpy(t + o, s + i, close - i + 1);
				o += close - i + 1;
			}
			i = close + 1;
		} else {
			t[o++] = s[i++];
		}
	}
	t[o] = '\0';
	return t;
}

/* Whether S, what follows a parenthesised list, makes that list the
 * parameters of a function: nothing, or qualifiers, or callgrind's "'N"
 * (the recursion depth) -- not the "'caller" of --separate-callers names,
 * where "(below main)" is no parameter list. */
static bool after_parameters(const char *s)
{
	static const char *const tails[] = { " const", " volatile", " &", " [clone", " noexcept" };

	if (*s == '\0')
		return true;
	if (*s == '\'')
		return s[1] != '\0' && strspn(s + 1, "0123456789") == strlen(s + 1);
	for (size_t i = 0; i < sizeof(tails) / sizeof(tails[0]); i++)
		if (strncmp(s, tails[i], strlen(tails[i])) == 0)
			return true;
	return false;
}

/* S with the contents of its parameter list (its last outermost
 * parenthesised list, if only qualifiers follow it) cut to "…".  A new
 * string. */
static char *elide_parameters(const char *s)
{
	size_t depth = 0, open = 0, last_open = 0, last_close = 0;

	for (size_t i = 0; s[i]; i++) {
		size_t k = operator_name(s, i);

		if (k > 0) {
			i += k - 1;
		} else if (s[i] == '(') {
			if (depth++ == 0)
				open = i;
		} else if (s[i] == ')' && depth > 0 && --depth == 0) {
			last_open = open;
			last_close = i;
		}
	}
	/* Lists of up to 3 bytes are no longer than "…". */
	if (last_close <= last_open + 1 + strlen(ellipsis) || !after_parameters(s + last_close + 1))
		return xstrdup(s);
	return xasprintf("%.*s%s%s", (int)(last_open + 1), s, ellipsis, s + last_close);
}

/* Whether character K of S starts the text T. */
static bool chars_at(const char *s, size_t k, const char *t)
{
	return strncmp(s + char_offset(s, k), t, strlen(t)) == 0;
}

char *name_cut_middle(const char *s, size_t max)
{
	size_t n = name_chars(s), head, tail;

	if (n <= max)
		return xstrdup(s);
	if (max == 0)
		return xstrdup("");
	head = (max - 1) / 3;
	tail = max - 1 - head;
	/* A "…" of an earlier cut beside this one, or half of a "::", says
	 * nothing: a character of the other side is kept instead. */
	if (tail > 0 && (chars_at(s, n - tail, ellipsis) || chars_at(s, n - tail - 1, "::"))) {
		tail--;
		head++;
	}
	if (head > 0 && (chars_at(s, head - 1, ellipsis) || chars_at(s, head - 1, "::"))) {
		head--;
		tail++;
	}
	return xasprintf("%.*s%s%s", (int)char_offset(s, head), s, ellipsis,
			 s + char_offset(s, n - tail));
}

char *name_shorten(const char *name, size_t max)
{
	char *a, *b, *c;

	if (name_chars(name) <= max)
		return xstrdup(name);
	a = elide_templates(name);
	if (name_chars(a) <= max)
		return a;
	b = elide_parameters(a);
	free(a);
	if (name_chars(b) <= max)
		return b;
	c = name_cut_middle(b, max);
	free(b);
	return c;
}
