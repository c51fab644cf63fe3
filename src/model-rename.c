#include "model-rename.h"

#include <regex.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "xalloc.h"

struct rule {
	regex_t re;
	char *repl;                /* with the delimiter unescaped */
	bool global;
};

struct rename {
	struct rule *rules;
	size_t n;
};

/* The text up to the next unescaped DELIM at *S, with "\DELIM" turned into
 * DELIM (other escapes are kept for regcomp and for the replacement). */
static char *take_field(const char **s, char delim)
{
	const char *p = *s;
	char *out = xmalloc(strlen(p) + 1), *o = out;

	while (*p != '\0' && *p != delim) {
		if (p[0] == '\\' && p[1] == delim) {
			*o++ = delim;
			p += 2;
			continue;
		}
		if (p[0] == '\\' && p[1] != '\0')
			*o++ = *p++;
		*o++ = *p++;
	}
	*o = '\0';
	if (*p != delim) {
		free(out);
		return NULL;
	}
	*s = p + 1;
	return out;
}

static _Noreturn void bad_rule(const char *option, const char *expr, const char *why)
{
	usage_error("invalid --%s '%s': %s", option, expr, why);
}

static void compile_rule(struct rule *rule, const char *expr, const char *option)
{
	const char *s = expr;
	char delim, *re;
	int flags = REG_EXTENDED, err;

	if (s[0] != 's' || s[1] == '\0' || s[1] == '\\')
		bad_rule(option, expr, "expected s/REGEX/REPLACEMENT/[gi]");
	delim = s[1];
	s += 2;
	re = take_field(&s, delim);
	if (re == NULL)
		bad_rule(option, expr, "unterminated regular expression");
	rule->repl = take_field(&s, delim);
	if (rule->repl == NULL) {
		free(re);
		bad_rule(option, expr, "unterminated replacement");
	}
	for (; *s != '\0'; s++) {
		if (*s == 'g')
			rule->global = true;
		else if (*s == 'i')
			flags |= REG_ICASE;
		else
			bad_rule(option, expr, "unknown flag (only g and i are known)");
	}
	err = regcomp(&rule->re, re, flags);
	free(re);
	if (err != 0) {
		char msg[256];

		regerror(err, &rule->re, msg, sizeof(msg));
		bad_rule(option, expr, msg);
	}
	for (const char *r = rule->repl; *r != '\0'; r++)
		if (r[0] == '\\' && r[1] >= '1' && r[1] <= '9' &&
		    (size_t)(r[1] - '0') > rule->re.re_nsub)
			bad_rule(option, expr, "back-reference to a group the expression does not have");
}

struct rename *rename_new(char *const *exprs, size_t n, const char *option)
{
	struct rename *r;

	if (n == 0)
		return NULL;
	r = xmalloc(sizeof(*r));
	r->rules = xcalloc(n, sizeof(*r->rules));
	r->n = n;
	for (size_t i = 0; i < n; i++)
		compile_rule(&r->rules[i], exprs[i], option);
	return r;
}

void rename_free(struct rename *r)
{
	if (r == NULL)
		return;
	for (size_t i = 0; i < r->n; i++) {
		regfree(&r->rules[i].re);
		free(r->rules[i].repl);
	}
	free(r->rules);
	free(r);
}

struct buf {
	char *s;
	size_t len, cap;
};

static void buf_add(struct buf *b, const char *s, size_t n)
{
	xgrow(&b->s, &b->cap, b->len + n + 1, 1);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

/* The replacement for one match: "\N" is group N, "&" and "\0" the whole
 * match, "\\" and "\&" themselves. */
static void add_replacement(struct buf *b, const char *repl, const char *subject,
			    const regmatch_t *m)
{
	for (const char *r = repl; *r != '\0'; r++) {
		int group = -1;

		if (*r == '&')
			group = 0;
		else if (r[0] == '\\' && r[1] >= '0' && r[1] <= '9')
			group = *++r - '0';
		else if (r[0] == '\\' && r[1] != '\0')
			r++;
		if (group < 0)
			buf_add(b, r, 1);
		else if (m[group].rm_so >= 0)
			buf_add(b, subject + m[group].rm_so,
				(size_t)(m[group].rm_eo - m[group].rm_so));
	}
}

/* Apply RULE to SUBJECT; returns whether it matched. */
static bool apply_rule(const struct rule *rule, const char *subject, struct buf *out)
{
	regmatch_t m[10];
	const char *s = subject;
	bool matched = false;
	int eflags = 0;

	out->len = 0;
	buf_add(out, "", 0);
	while (regexec(&rule->re, s, 10, m, eflags) == 0) {
		matched = true;
		buf_add(out, s, (size_t)m[0].rm_so);
		add_replacement(out, rule->repl, s, m);
		if (m[0].rm_eo == m[0].rm_so) {
			/* An empty match: copy one character so the scan moves on. */
			if (s[m[0].rm_eo] == '\0' || !rule->global) {
				s += m[0].rm_eo;
				break;
			}
			buf_add(out, s + m[0].rm_eo, 1);
			s += m[0].rm_eo + 1;
		} else {
			s += m[0].rm_eo;
		}
		eflags = REG_NOTBOL;
		if (!rule->global)
			break;
	}
	buf_add(out, s, strlen(s));
	return matched;
}

char *rename_apply(const struct rename *r, const char *s, size_t len, size_t *outlen)
{
	struct buf cur = { 0 }, next = { 0 };
	bool changed = false;

	if (r == NULL)
		return NULL;
	buf_add(&cur, s, len);
	for (size_t i = 0; i < r->n; i++) {
		if (apply_rule(&r->rules[i], cur.s, &next)) {
			struct buf t = cur;

			cur = next;
			next = t;
			changed = true;
		}
	}
	free(next.s);
	if (!changed) {
		free(cur.s);
		return NULL;
	}
	*outlen = cur.len;
	return cur.s;
}
