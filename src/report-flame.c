#include "report-flame.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fmt-num.h"
#include "fmt-xml.h"
#include "web-assets.h"
#include "xalloc.h"

/* The geometry of flamegraph.pl's pictures, which people know. */
#define IMAGE_WIDTH 1200
#define XPAD 10
#define ROW 16
#define FONT_SIZE 12
#define MIN_WIDTH 0.1
#define TOP_PAD 56
#define BOTTOM_PAD 36
#define LINE 18                   /* from one line of text above the frames to the next */
#define LABEL_PAD 3               /* between a frame's edges and its label */
#define DETAILS_ROOM (IMAGE_WIDTH - 2 * XPAD - 130)   /* what "Matched: 100.00%" leaves */

/* The advance of each printable ASCII character, from ' ' to '~', in
 * hundredths of an em, rounded up: the larger of DejaVu Sans's (which
 * Debian, having no Verdana, draws the text with) and Verdana's, as
 * browsers measure them.  flamegraph.pl's 0.59 em a character is an
 * average: digits take 0.64, 'm' and 'W' nearly a whole em.  Every other
 * character counts 1.25 em, more than all but a few rare glyphs of DejaVu
 * Sans.  web/flamegraph.js has the same table (tests/flame.sh compares
 * them), so that the script cuts a name where the program does. */
static const unsigned char ascii_width[95] = {
	 36,  41,  46,  84,  64, 108,  78,  28,  46,  46,  64,  84,  37,  46,  37,  46,
	 64,  64,  64,  64,  64,  64,  64,  64,  64,  64,  46,  46,  84,  84,  84,  55,
	100,  71,  69,  70,  78,  64,  58,  78,  76,  43,  46,  70,  56,  87,  75,  79,
	 61,  79,  70,  69,  62,  74,  69,  99,  69,  62,  69,  46,  46,  46,  84,  64,
	 64,  62,  64,  55,  64,  62,  36,  64,  64,  28,  35,  60,  28,  98,  64,  62,
	 64,  64,  43,  53,  40,  64,  60,  82,  60,  60,  53,  64,  46,  64,  84,
};
#define OTHER_WIDTH 125
#define CUT_MARK ".."
#define CUT_MARK_WIDTH (2 * 37)   /* '.' twice */

/* The warm colour of the frames named CLEAN (cleaned for XML). */
static void warm(const char *clean, char *buf)
{
	unsigned h = flame_hash(clean);

	snprintf(buf, 24, "rgb(%u,%u,%u)", 205 + h % 51, (h >> 8) % 231, (h >> 16) % 56);
}

/* The colour of a frame of a differential flame graph, from the relative
 * change its tooltip gives (REL, in percent): red where it grew, blue
 * where it shrank, deeper for a larger change, the deepest from +100% and
 * -100% on; grey where it did not change.  web/flamegraph.js computes it
 * alike. */
static void diverging(double rel, char *buf)
{
	double t = fabs(rel) / 100.0;
	int pale = (int)lround(225.0 * (1.0 - (t > 1.0 ? 1.0 : t)));

	if (rel > 0)
		snprintf(buf, 24, "rgb(255,%d,%d)", pale, pale);
	else if (rel < 0)
		snprintf(buf, 24, "rgb(%d,%d,255)", pale, pale);
	else
		snprintf(buf, 24, "rgb(228,228,228)");
}

/* The width of the character at S (valid UTF-8), in hundredths of an
 * em; its length in bytes into *LEN. */
static unsigned char_width(const char *s, size_t *len)
{
	unsigned char c = (unsigned char)*s;

	if (c < 0x80) {
		*len = 1;
		return c >= 0x20 && c < 0x7f ? ascii_width[c - 0x20] : OTHER_WIDTH;
	}
	*len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
	return OTHER_WIDTH;
}

/* The width of TEXT[0..LEN), valid UTF-8, in hundredths of an em. */
static size_t text_width(const char *text, size_t len)
{
	size_t w = 0, n;

	for (size_t o = 0; o < len; o += n)
		w += char_width(text + o, &n);
	return w;
}

/* Whether WIDTH hundredths of an em fit in ROOM pixels; written as
 * web/flamegraph.js computes it, so that both decide alike. */
static bool fits(size_t width, double room)
{
	return (double)(width * FONT_SIZE) <= room * 100.0;
}

/* How many bytes of TEXT (LEN bytes, valid UTF-8, WIDTH wide) to show in
 * ROOM pixels, RESERVE hundredths of an em kept for what follows: all
 * of them, or with *CUT set a start that leaves room for the cut mark; 0
 * when not even one character and the mark fit. */
static size_t fit_text(const char *text, size_t len, size_t width, size_t reserve, double room,
		       bool *cut)
{
	size_t w = reserve + CUT_MARK_WIDTH, keep = 0, n;

	*cut = !fits(width + reserve, room);
	if (!*cut)
		return len;
	for (size_t o = 0; o < len; o += n) {
		w += char_width(text + o, &n);
		if (!fits(w, room))
			break;
		keep = o + n;
	}
	return keep;
}

/* "1,234", or with SIGNED "+1,234" and "-1,234": commas either way. */
static void format_count(char *buf, cost_t c, bool sign)
{
	if (sign)
		numfmt_signed(buf, c);
	else
		numfmt_grouped(buf, c);
}

/* What the frames of one name share: a large profile's graph draws
 * thousands of frames of a few thousand names, many of them long. */
struct label {
	char *clean;               /* the name cleaned for XML (not escaped); NULL until
				      a frame is drawn */
	size_t len;
	char *shown;               /* what the frames show of it (cleaned): its label
				      (calc-flame.h), or the name itself */
	size_t shown_len, width;   /* width: of SHOWN, in hundredths of an em */
	char *about;               /* the tooltip's lines after the counts (cleaned), or NULL */
	char fill[24];             /* the warm colour (not of a diff) */
};

struct picture {
	FILE *out;
	const struct flame *fl;
	const struct flame_look *look;
	double scale;              /* pixels per drawn unit */
	size_t height;
	size_t top;                /* above the frames: the title and the lines under it */
	const char *event;         /* cleaned */
};

static double row_y(const struct picture *pic, size_t row)
{
	if (pic->look->down)
		return (double)(pic->top + row * ROW);
	return (double)pic->height - BOTTOM_PAD - (double)((row + 1) * ROW);
}

/* "+2.73%" of a change REL in percent, "new" for one from nothing, "±0.00%"
 * for none. */
static void format_relative(char *buf, size_t cap, double rel)
{
	if (isinf(rel))
		snprintf(buf, cap, "new");
	else if (rel == 0)
		snprintf(buf, cap, "\u00b10.00%%");
	else
		snprintf(buf, cap, "%+.2f%%", rel);
}

/* The second line of a frame's title: its counts and share; in a diff its
 * relative change, which its colour shows, and the change's share of
 * OLD's whole total. */
static void put_counts(const struct picture *pic, const cost_t *width, double change)
{
	const struct flame *fl = pic->fl;
	char a[NUMFMT_COUNT_MAX + 2], b[NUMFMT_COUNT_MAX + 2], d[NUMFMT_COUNT_MAX + 2], rel[32];

	format_count(b, width[FLAME_NEW], false);
	if (!fl->diff) {
		fprintf(pic->out, "%s %s, %.2f%%", b, pic->event,
			numfmt_ratio100(width[FLAME_NEW], fl->share_total[FLAME_NEW]));
		return;
	}
	format_count(a, width[FLAME_OLD], false);
	format_count(d, width[FLAME_NEW] - width[FLAME_OLD], true);
	format_relative(rel, sizeof(rel), change);
	fprintf(pic->out, "%s OLD %s, NEW %s, change %s (%s), %+.2f%% of OLD's total", pic->event,
		a, b, d, rel,
		numfmt_ratio100(width[FLAME_NEW] - width[FLAME_OLD], fl->share_total[FLAME_OLD]));
}

char *flame_about_text(const struct flame *fl, size_t id, const char *event)
{
	const struct flame_about *a = fl->about != NULL ? &fl->about[id] : NULL;
	char *text, *more;

	/* Most frames have nothing to say beyond their counts. */
	if (a == NULL || (!(a->beside && !fl->diff) && a->same_label == 0 && a->ninlined == 0))
		return NULL;
	text = xstrdup("");
	if (a->beside && !fl->diff) {
		char bound[NUMFMT_COUNT_MAX], estimate[NUMFMT_COUNT_MAX];

		numfmt_count(bound, a->bound);
		numfmt_count(estimate, a->estimate);
		more = xasprintf("%s\n%s of the function: \u2265 %s (%.2f%%) proven, \u2248 %s (%.2f%%) "
				 "estimated", text, event, bound,
				 numfmt_ratio100(a->bound, fl->share_total[FLAME_NEW]), estimate,
				 numfmt_ratio100(a->estimate, fl->share_total[FLAME_NEW]));
		free(text);
		text = more;
	}
	if (a->same_label > 0) {
		more = xasprintf("%s\nshown as %s, as %zu other function%s", text,
				 a->label != NULL ? a->label : fl->names[id], a->same_label,
				 a->same_label == 1 ? " is" : "s are");
		free(text);
		text = more;
	}
	for (size_t k = 0; k < a->ninlined && k < 3; k++) {
		more = xasprintf("%s%s%s", text, k == 0 ? "\nincludes code inlined from " : ", ",
				 a->inlined[k]);
		free(text);
		text = more;
	}
	if (a->ninlined > 3) {
		more = xasprintf("%s and %zu more file%s", text, a->ninlined - 3,
				 a->ninlined - 3 == 1 ? "" : "s");
		free(text);
		text = more;
	}
	if (*text == '\0') {
		free(text);
		return NULL;
	}
	/* Without the first line's newline. */
	more = xstrdup(text + 1);
	free(text);
	return more;
}

/* Write the name L shows, cut to fit a frame WIDTH pixels wide, ".."
 * marking the cut; nothing when not even one character and the mark fit. */
static void put_fitted(FILE *out, const struct label *l, double width)
{
	bool cut;
	size_t keep = fit_text(l->shown, l->shown_len, l->width, 0, width - 2 * LABEL_PAD, &cut);

	if (keep == 0)
		return;
	xml_escape(out, l->shown, keep);
	if (cut)
		fputs(CUT_MARK, out);
}

/* Whether FILL ("rgb(r,g,b)") is dark enough to want a white label. */
static bool dark(const char *fill)
{
	unsigned r, g, b;

	return sscanf(fill, "rgb(%u,%u,%u)", &r, &g, &b) == 3 && 299 * r + 587 * g + 114 * b < 80000;
}

/* One frame: L at ROW, from X, WIDTH units wide, with its counts; ID its
 * name's number (SIZE_MAX for "all"), which web/flamegraph.js finds its
 * label by. */
static void put_frame(const struct picture *pic, const struct label *l, size_t id, size_t row,
		      double x, double w, const cost_t *width, double change, const char *fill)
{
	FILE *out = pic->out;
	char n[NUMFMT_COUNT_MAX];
	double y = row_y(pic, row);

	numfmt_decimal(n, width[FLAME_NEW]);
	fprintf(out, "<g class=\"frame%s\" data-c=\"%s\"", dark(fill) ? " dark" : "", n);
	if (pic->fl->diff) {
		numfmt_decimal(n, width[FLAME_OLD]);
		fprintf(out, " data-o=\"%s\"", n);
	}
	if (id != SIZE_MAX)
		fprintf(out, " data-n=\"%zu\"", id);
	fputs("><title>", out);
	xml_escape(out, l->clean, l->len);
	fputc('\n', out);
	put_counts(pic, width, change);
	if (l->about != NULL) {
		fputc('\n', out);
		xml_puts(out, l->about);
	}
	fprintf(out, "</title><rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%d\" fill=\"%s\""
		" rx=\"2\" ry=\"2\"/><text x=\"%.2f\" y=\"%.1f\">", x, y, w, ROW - 1, fill, x + LABEL_PAD,
		y + 10.5);
	put_fitted(out, l, w);
	fputs("</text></g>\n", out);
}

static void label_init(struct label *l, const struct picture *pic, const char *name, size_t id)
{
	const struct flame *fl = pic->fl;
	const char *shown = id != SIZE_MAX && fl->about != NULL && fl->about[id].label != NULL
		? fl->about[id].label : name;
	char *about = id != SIZE_MAX ? flame_about_text(fl, id, pic->event) : NULL;

	l->clean = xml_clean(name);
	l->len = strlen(l->clean);
	l->shown = xml_clean(shown);
	l->shown_len = strlen(l->shown);
	l->width = text_width(l->shown, l->shown_len);
	l->about = about != NULL ? xml_clean(about) : NULL;
	free(about);
	warm(l->clean, l->fill);
}

static void label_release(struct label *l)
{
	free(l->clean);
	free(l->shown);
	free(l->about);
}

/* A JSON string of TEXT (cleaned for XML), in characters that XML text
 * holds as they are: quotes, backslashes and what XML escapes as \uXXXX. */
static void put_json_string(FILE *out, const char *text)
{
	fputc('"', out);
	for (const char *c = text; *c; c++) {
		if (*c == '"' || *c == '\\')
			fprintf(out, "\\%c", *c);
		else if (*c == '<' || *c == '>' || *c == '&' || (unsigned char)*c < 0x20)
			fprintf(out, "\\u%04x", (unsigned char)*c);
		else
			fputc(*c, out);
	}
	fputc('"', out);
}

/* The frames too narrow to draw, for the search: the share it gives
 * counts them, so that it equals the function table's.  As JSON in a
 * <metadata> element: "names", by name number, the label of a name drawn
 * (0: its frames show the name itself, which their titles hold) or a name
 * no frame draws; "hidden", for each run of frames left out below a drawn
 * one, [P, [DEPTH, NAME, COUNT, ...]]: P the drawn frame's place among the
 * drawn ones ("all" is 0), DEPTH the depth below it (1: its child), NAME
 * the name's number and COUNT the frame's (NEW's) count, in preorder. */
static void put_hidden(const struct picture *pic, const bool *drawn_name, const bool *drawn)
{
	const struct flame *fl = pic->fl;
	FILE *out = pic->out;
	size_t place = 0, *place_of = xmalloc((fl->n ? fl->n : 1) * sizeof(*place_of));
	size_t group_depth = 0;
	bool open = false;
	char n[NUMFMT_COUNT_MAX];

	fputs("<metadata id=\"cga-data\">{\"names\":[", out);
	for (size_t k = 0; k < fl->nnames; k++) {
		const char *label = fl->about != NULL ? fl->about[k].label : NULL;
		char *clean = drawn_name[k] ? (label != NULL ? xml_clean(label) : NULL)
			: xml_clean(fl->names[k]);

		if (k > 0)
			fputc(',', out);
		if (clean != NULL)
			put_json_string(out, clean);
		else
			fputc('0', out);
		free(clean);
	}
	fputs("],\"hidden\":[", out);
	for (size_t i = 0; i < fl->n; i++) {
		const struct flame_node *v = &fl->nodes[i];
		size_t parent = v->parent == FLAME_ROOT ? 0 : place_of[v->parent];

		if (drawn[i]) {
			place_of[i] = ++place;
			continue;
		}
		place_of[i] = SIZE_MAX;
		/* A run starts at a frame left out below a drawn one. */
		if (v->parent == FLAME_ROOT || drawn[v->parent]) {
			fprintf(out, "%s[%zu,[", open ? "]]," : "", parent);
			group_depth = v->depth;
			open = false;
		} else {
			fputc(',', out);
		}
		numfmt_decimal(n, v->width);
		fprintf(out, "%zu,%zu,%s", v->depth - group_depth + 1, (size_t)v->name_id, n);
		open = true;
	}
	fprintf(out, "%s]}</metadata>\n", open ? "]]" : "");
	free(place_of);
}

static void put_frames(const struct picture *pic)
{
	const struct flame *fl = pic->fl;
	double total_px = (double)(IMAGE_WIDTH - 2 * XPAD);
	char fill[24];
	cost_t all[2] = { fl->total[FLAME_OLD], fl->total[FLAME_NEW] };
	struct label top, *labels = xcalloc(fl->nnames ? fl->nnames : 1, sizeof(*labels));
	bool *drawn_name = xcalloc(fl->nnames ? fl->nnames : 1, sizeof(*drawn_name));
	bool *drawn = xcalloc(fl->n ? fl->n : 1, sizeof(*drawn));
	struct flame_cursor at = { NULL, 0 };

	label_init(&top, pic, "all", SIZE_MAX);
	if (fl->diff)
		diverging(flame_relative_change(fl, FLAME_ROOT), fill);
	fputs("<g id=\"cga-frames\">\n", pic->out);
	put_frame(pic, &top, SIZE_MAX, 0, XPAD, total_px, all,
		  fl->diff ? flame_relative_change(fl, FLAME_ROOT) : 0, fl->diff ? fill : top.fill);
	for (size_t i = 0; i < fl->n; i++) {
		const struct flame_node *v = &fl->nodes[i];
		double w = (double)flame_drawn(fl, i) * pic->scale;
		double x = XPAD + (double)flame_offset(&at, fl, i) * pic->scale;
		struct label *l = &labels[v->name_id];
		cost_t width[2];

		/* Narrower frames are not drawn; their children are narrower
		 * still, and their counts are in their parents' widths. */
		if (w < MIN_WIDTH)
			continue;
		width[FLAME_OLD] = flame_width(fl, i, FLAME_OLD);
		width[FLAME_NEW] = v->width;
		drawn[i] = drawn_name[v->name_id] = true;
		if (l->clean == NULL)
			label_init(l, pic, fl->names[v->name_id], v->name_id);
		if (fl->diff)
			diverging(flame_relative_change(fl, i), fill);
		put_frame(pic, l, v->name_id, v->depth + 1, x, w,
			  width, fl->diff ? flame_relative_change(fl, i) : 0,
			  fl->diff ? fill : l->fill);
	}
	fputs("</g>\n", pic->out);
	put_hidden(pic, drawn_name, drawn);
	for (size_t k = 0; k < fl->nnames; k++)
		if (labels[k].clean != NULL)
			label_release(&labels[k]);
	label_release(&top);
	flame_cursor_release(&at);
	free(labels);
	free(drawn_name);
	free(drawn);
}

static void put_head(const struct picture *pic)
{
	FILE *out = pic->out;
	const struct flame *fl = pic->fl;
	char total[NUMFMT_COUNT_MAX], old[NUMFMT_COUNT_MAX];
	char share[NUMFMT_COUNT_MAX], share_old[NUMFMT_COUNT_MAX];

	numfmt_decimal(total, fl->total[FLAME_NEW]);
	numfmt_decimal(old, fl->total[FLAME_OLD]);
	numfmt_decimal(share, fl->share_total[FLAME_NEW]);
	numfmt_decimal(share_old, fl->share_total[FLAME_OLD]);
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
		"<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%zu\""
		" viewBox=\"0 0 %d %zu\" class=\"cga-flame\" data-xpad=\"%d\" data-row=\"%d\""
		" data-top=\"%zu\" data-bottom=\"%d\" data-down=\"%d\" data-diff=\"%d\""
		" data-total=\"%s\" data-old-total=\"%s\" data-share-total=\"%s\""
		" data-share-old-total=\"%s\" data-event=\"",
		IMAGE_WIDTH, pic->height, IMAGE_WIDTH, pic->height, XPAD, ROW, pic->top, BOTTOM_PAD,
		pic->look->down, fl->diff, total, old, share, share_old);
	xml_puts(out, pic->event);
	fputs("\">\n<!-- A flame graph drawn by cgannotate from the stacks that cgannotate writes as folded stacks."
	      " Hover, click and search work in a web browser. -->\n"
	      "<defs><linearGradient id=\"cga-background\" y1=\"0\" y2=\"1\" x1=\"0\" x2=\"0\">"
	      "<stop stop-color=\"#eeeeee\" offset=\"5%\"/><stop stop-color=\"#eeeeb0\" offset=\"95%\"/>"
	      "</linearGradient></defs>\n<style type=\"text/css\">", out);
	xml_cdata(out, web_flamegraph_css, web_flamegraph_css_len);
	fprintf(out, "</style>\n<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%zu\""
		" fill=\"url(#cga-background)\"/>\n", IMAGE_WIDTH, pic->height);
}

/* A line of text: HEAD (any text) and TAIL (the program's own, ASCII),
 * HEAD cut to fit ROOM pixels with TAIL after it (TAIL cut too when even
 * a character of HEAD does not fit before it); a line that is cut holds
 * the whole of it in a tooltip, or TOOLTIP if not NULL, which it then
 * holds in any case.  ATTRS: the <text> element's attributes. */
static void put_line_tip(FILE *out, const char *attrs, const char *head, const char *tail,
			 double room, const char *tooltip)
{
	char *h = xml_clean(head), *line = xasprintf("%s%s", h, tail);
	size_t len = strlen(line), hlen = strlen(h), width = text_width(line, len);
	size_t tail_width = width - text_width(h, hlen), keep;
	bool cut;

	if (fits(tail_width + CUT_MARK_WIDTH + OTHER_WIDTH, room)) {
		keep = fit_text(h, hlen, width - tail_width, tail_width, room, &cut);
	} else {
		/* The whole line is the head. */
		keep = fit_text(line, len, width, 0, room, &cut);
		hlen = len;
	}
	fprintf(out, "<text %s>", attrs);
	if (tooltip != NULL) {
		char *tip = xml_clean(tooltip);

		fputs("<title>", out);
		xml_escape(out, tip, strlen(tip));
		fputs("</title>", out);
		free(tip);
	} else if (cut) {
		fputs("<title>", out);
		xml_escape(out, line, len);
		fputs("</title>", out);
	}
	xml_escape(out, line, keep);
	if (cut && keep > 0)
		fputs(CUT_MARK, out);
	xml_escape(out, line + hlen, len - hlen);
	fputs("</text>\n", out);
	free(line);
	free(h);
}

static void put_line(FILE *out, const char *attrs, const char *head, const char *tail,
		     double room)
{
	put_line_tip(out, attrs, head, tail, room, NULL);
}

/* TIP and a new line and LINE.  TIP is freed, a new string returned. */
static char *tip_add(char *tip, const char *line)
{
	char *longer = xasprintf("%s\n%s", tip, line);

	free(tip);
	return longer;
}

/* The warnings about the input, under the title: the first, how many more,
 * and every one of them in the tooltip, a line each.  At Y. */
static void put_warnings(FILE *out, const struct warnings *w, int y)
{
	char attrs[64], *head = xasprintf("Warning: %s", w->text[0]), *tail, *tip;
	char *more = warnings_more(w);
	size_t total = w->n + w->more;

	snprintf(attrs, sizeof(attrs), "id=\"cga-warning\" x=\"%d\" y=\"%d\"", IMAGE_WIDTH / 2, y);
	tail = total > 1 ? xasprintf(" (and %zu more)", total - 1) : xstrdup("");
	tip = xstrdup(w->text[0]);
	for (size_t i = 1; i < w->n; i++)
		tip = tip_add(tip, w->text[i]);
	if (more != NULL)
		tip = tip_add(tip, more);
	put_line_tip(out, attrs, head, tail, IMAGE_WIDTH - 2 * XPAD, total > 1 ? tip : NULL);
	free(head);
	free(tail);
	free(tip);
	free(more);
}

/* "Focus: 'RE' 'RE2'", as the text report's header names them. */
static char *focus_head(const struct flame_look *look)
{
	char *head = xstrdup("Focus:");

	for (size_t i = 0; i < look->nfocus; i++) {
		char *more = xasprintf("%s '%s'", head, look->focus[i]);

		free(head);
		head = more;
	}
	return head;
}

/* How to read a differential flame graph; web/flamegraph.js has it too. */
#define DIFF_KEY "Red: grew, blue: shrank, by the change of each frame's width; each as wide" \
		 " as the larger of the two"

/* The line under the frames: the event's total (the whole program's,
 * and with --focus what the stacks kept hold of it), and how to read the
 * picture.  web/flamegraph.js writes the same for the HTML report. */
static char *total_line(const struct picture *pic)
{
	const struct flame *fl = pic->fl;
	char all[2][NUMFMT_COUNT_MAX], kept[2][NUMFMT_COUNT_MAX];
	bool focused = pic->look->nfocus > 0;

	for (int k = 0; k < 2; k++) {
		format_count(all[k], fl->share_total[k], false);
		format_count(kept[k], fl->total[k], false);
	}
	if (fl->diff && focused)
		return xasprintf("%s: OLD %s of %s, NEW %s of %s. %s", pic->event, kept[FLAME_OLD],
				 all[FLAME_OLD], kept[FLAME_NEW], all[FLAME_NEW], DIFF_KEY);
	if (fl->diff)
		return xasprintf("%s: OLD %s, NEW %s. %s", pic->event, all[FLAME_OLD], all[FLAME_NEW],
				 DIFF_KEY);
	if (focused)
		return xasprintf("%s: %s of %s (%.2f%%) while a match is on the stack. Stacks"
				 " estimated from the calls; frames narrower than %.1f px left out",
				 pic->event, kept[FLAME_NEW], all[FLAME_NEW],
				 numfmt_ratio100(fl->total[FLAME_NEW], fl->share_total[FLAME_NEW]),
				 MIN_WIDTH);
	return xasprintf("%s: %s. Stacks estimated from the calls; frames narrower than %.1f px"
			 " left out", pic->event, all[FLAME_NEW], MIN_WIDTH);
}

/* What the marks of a function's bound and estimate mean, under the title
 * of a picture whose tooltips have them; web/flamegraph.js has it too. */
#define ESTIMATE_LEGEND "\u2265: proven lower bound of the cost spent while it runs (recursion: " \
			"the profile records no more); \u2248: estimated from the call graph's " \
			"stacks, what the flame graph draws"

/* Whether some tooltip gives a function's bound and estimate. */
bool flame_has_estimates(const struct flame *fl)
{
	for (size_t i = 0; fl->about != NULL && !fl->diff && i < fl->nnames; i++)
		if (fl->about[i].beside)
			return true;
	return false;
}

static bool has_warnings(const struct flame_look *look)
{
	return look->warnings != NULL && look->warnings->n > 0;
}

static void put_texts(const struct picture *pic)
{
	FILE *out = pic->out;
	char attrs[64], *line;
	int y;

	fprintf(out, "<text id=\"cga-title\" x=\"%d\" y=\"24\">%s</text>\n", IMAGE_WIDTH / 2,
		pic->fl->diff ? "Differential Flame Graph" : "Flame Graph");
	snprintf(attrs, sizeof(attrs), "id=\"cga-subtitle\" x=\"%d\" y=\"42\"", IMAGE_WIDTH / 2);
	put_line(out, attrs, pic->look->subtitle != NULL ? pic->look->subtitle : "", "",
		 IMAGE_WIDTH - 2 * XPAD);
	if (pic->look->nfocus > 0) {
		line = focus_head(pic->look);
		snprintf(attrs, sizeof(attrs), "id=\"cga-focus\" x=\"%d\" y=\"%d\"", IMAGE_WIDTH / 2,
			 42 + LINE);
		put_line(out, attrs, line, " (costs while a match is on the stack, estimated)",
			 IMAGE_WIDTH - 2 * XPAD);
		free(line);
	}
	y = 42 + LINE * (pic->look->nfocus > 0 ? 2 : 1);
	if (has_warnings(pic->look)) {
		put_warnings(out, pic->look->warnings, y);
		y += LINE;
	}
	if (flame_has_estimates(pic->fl)) {
		snprintf(attrs, sizeof(attrs), "id=\"cga-legend\" x=\"%d\" y=\"%d\"", IMAGE_WIDTH / 2, y);
		put_line(out, attrs, ESTIMATE_LEGEND, "", IMAGE_WIDTH - 2 * XPAD);
	}
	fprintf(out, "<text id=\"cga-unzoom\" class=\"cga-button cga-hidden\" x=\"%d\" y=\"24\">"
		"Reset Zoom</text>\n", XPAD);
	/* Shown by the script: where it does not run, nothing would search. */
	fprintf(out, "<text id=\"cga-search\" class=\"cga-button cga-hidden\" x=\"%d\" y=\"24\">"
		"Search</text>\n", IMAGE_WIDTH - XPAD);
	fprintf(out, "<text id=\"cga-matched\" x=\"%d\" y=\"%zu\"> </text>\n", IMAGE_WIDTH - XPAD,
		pic->height - 12);
	snprintf(attrs, sizeof(attrs), "id=\"cga-details\" x=\"%d\" y=\"%zu\"", XPAD,
		 pic->height - 12);
	line = total_line(pic);
	put_line(out, attrs, line, "", DETAILS_ROOM);
	free(line);
}

void report_flame(FILE *out, const struct flame *fl, const struct flame_look *look)
{
	struct picture pic = { .out = out, .fl = fl, .look = look };
	char *event = xml_clean(look->event);

	pic.event = event;
	pic.top = TOP_PAD + (look->nfocus > 0 ? LINE : 0) + (has_warnings(look) ? LINE : 0) +
		  (flame_has_estimates(fl) ? LINE : 0);
	pic.height = pic.top + BOTTOM_PAD + (fl->depth + 1) * ROW;
	pic.scale = fl->drawn_total > 0 ? (double)(IMAGE_WIDTH - 2 * XPAD) / (double)fl->drawn_total
		: 0;
	put_head(&pic);
	put_texts(&pic);
	put_frames(&pic);
	fputs("<script type=\"text/ecmascript\">", out);
	xml_cdata(out, web_flamegraph_js, web_flamegraph_js_len);
	fputs("</script>\n</svg>\n", out);
	free(event);
}
