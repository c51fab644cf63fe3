#include "read-input.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "diag.h"
#include "xalloc.h"

/* Read at a time: more measured no faster, and stays resident. */
#define INPUT_CHUNK (256 << 10)
#define INPUT_PEEK 4096

static bool is_gzip(const unsigned char *p, size_t len)
{
	return len >= 2 && p[0] == 0x1f && p[1] == 0x8b;
}

/* Plain read(2) into a 256 KB buffer: mapping the file instead measured no
 * faster (page faults cost what the copy saves) and kept more memory
 * resident. */
static ssize_t read_fd(struct input *in, void *dst, size_t cap)
{
	ssize_t n;

	do
		n = read(in->fd, dst, cap);
	while (n < 0 && errno == EINTR);
	if (n < 0 && in->defer_errors) {
		if (in->error == NULL)
			in->error = xasprintf("%s: cannot read: %s", in->path, strerror(errno));
		return 0;
	}
	if (n < 0)
		die(EXIT_INPUT, "%s: cannot read: %s", in->path, strerror(errno));
	in->raw_read += (uint64_t)n;
	return n;
}

/* --- gzip -------------------------------------------------------------- */

#ifdef HAVE_ZLIB
struct input_gz {
	z_stream z;
	unsigned char *raw;
	bool raw_eof;
	bool in_member;   /* inside a gzip member; false between members */
};

/* Start decompressing; the LEN bytes at HEAD were already read from the
 * file and come first. */
static void gz_start(struct input *in, const char *head, size_t len)
{
	struct input_gz *gz = xcalloc(1, sizeof(*gz));

	gz->raw = xmalloc(INPUT_CHUNK > len ? INPUT_CHUNK : len);
	memcpy(gz->raw, head, len);
	gz->z.next_in = gz->raw;
	gz->z.avail_in = (uInt)len;
	/* 16: gzip wrapper only. */
	if (inflateInit2(&gz->z, 16 + MAX_WBITS) != Z_OK)
		die(EXIT_INPUT, "%s: cannot start decompressing: %s", in->path,
		    gz->z.msg ? gz->z.msg : "out of memory");
	gz->in_member = true;
	in->gz = gz;
}

/* Up to CAP decompressed bytes into DST; 0 at the end.  Concatenated gzip
 * members (as "gzip -c a b" or appending writes them) are read in turn. */
static size_t gz_read(struct input *in, char *dst, size_t cap)
{
	struct input_gz *gz = in->gz;
	int ret;

	for (;;) {
		size_t produced;

		if (gz->z.avail_in == 0 && !gz->raw_eof) {
			ssize_t n = read_fd(in, gz->raw, INPUT_CHUNK);

			gz->z.next_in = gz->raw;
			gz->z.avail_in = (uInt)n;
			gz->raw_eof = n == 0;
		}
		if (gz->z.avail_in == 0 && gz->raw_eof) {
			if (gz->in_member)
				die(EXIT_INPUT, "%s: compressed data end too early (truncated gzip file)",
				    in->path);
			return 0;
		}
		if (!gz->in_member) {
			inflateReset(&gz->z);
			gz->in_member = true;
		}
		gz->z.next_out = (Bytef *)dst;
		gz->z.avail_out = (uInt)(cap > UINT32_MAX ? UINT32_MAX : cap);
		ret = inflate(&gz->z, Z_NO_FLUSH);
		produced = (size_t)((Bytef *)gz->z.next_out - (Bytef *)dst);
		if (ret == Z_STREAM_END)
			gz->in_member = false;
		else if (ret != Z_OK && ret != Z_BUF_ERROR)
			die(EXIT_INPUT, "%s: corrupt gzip data: %s", in->path,
			    gz->z.msg ? gz->z.msg : "unknown error");
		if (produced > 0)
			return produced;
	}
}

static void gz_close(struct input *in)
{
	if (in->gz == NULL)
		return;
	inflateEnd(&in->gz->z);
	free(in->gz->raw);
	free(in->gz);
	in->gz = NULL;
}
#else
static _Noreturn void gz_start(struct input *in, const char *head, size_t len)
{
	(void)head;
	(void)len;
	die(EXIT_INPUT, "%s: gzip-compressed, and this cgannotate was built without zlib; "
	    "decompress it first (gunzip)", in->path);
}

static size_t gz_read(struct input *in, char *dst, size_t cap)
{
	(void)in;
	(void)dst;
	(void)cap;
	return 0;
}

static void gz_close(struct input *in)
{
	(void)in;
}
#endif

/* --- reading ------------------------------------------------------------ */

/* The size to measure progress against: that of the file on disk (for
 * gzip data, progress counts compressed bytes too). */
static uint64_t progress_total(const struct input *in)
{
	return in->size > 0 ? (uint64_t)in->size : 0;
}

/* Move the unconsumed tail to the front and read more after it. */
static void fill(struct input *in)
{
	size_t n;

	if (in->start > 0) {
		memmove(in->buf, in->buf + in->start, in->end - in->start);
		in->end -= in->start;
		in->start = 0;
	}
	if (in->cap - in->end < INPUT_CHUNK / 2) {
		in->cap *= 2;
		in->buf = xreallocarray(in->buf, in->cap + INPUT_SLACK, 1);
	}
	if (in->gz != NULL)
		n = gz_read(in, in->buf + in->end, in->cap - in->end);
	else
		n = (size_t)read_fd(in, in->buf + in->end, in->cap - in->end);
	if (n == 0)
		in->eof = true;
	in->end += n;
	/* Defined bytes for the reads past the data that input_lines allows. */
	memset(in->buf + in->end, 0, INPUT_SLACK);
	progress_update(&in->progress, in->raw_read);
}

/* Fill the buffer until it holds enough to recognise gzip data, then
 * switch to decompressing if it is that. */
static void start_reading(struct input *in)
{
	in->cap = INPUT_CHUNK;
	in->buf = xmalloc(in->cap + INPUT_SLACK);
	while (!in->eof && in->end < 2)
		fill(in);
	if (is_gzip((const unsigned char *)in->buf, in->end)) {
		gz_start(in, in->buf, in->end);
		in->start = in->end = 0;
		in->eof = false;
	}
}

void input_open(struct input *in, const char *path)
{
	struct stat st;

	memset(in, 0, sizeof(*in));
	in->path = path;
	if (strcmp(path, "-") == 0) {
		in->fd = STDIN_FILENO;
	} else {
		in->fd = open(path, O_RDONLY);
		if (in->fd < 0)
			die(EXIT_INPUT, "%s: cannot open: %s", path, strerror(errno));
		in->own_fd = true;
	}
	if (fstat(in->fd, &st) != 0)
		die(EXIT_INPUT, "%s: cannot read: %s", path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		die(EXIT_INPUT, "%s: cannot read: %s", path, strerror(EISDIR));
	in->size = S_ISREG(st.st_mode) ? st.st_size : -1;
	progress_init(&in->progress,
		      progress_wanted(STDERR_FILENO, progress_total(in)) ? stderr : NULL,
		      path, progress_total(in));
	start_reading(in);
}

void input_peek(struct input *in, const char **data, size_t *len)
{
	while (!in->eof && in->end - in->start < INPUT_PEEK)
		fill(in);
	*data = in->buf + in->start;
	*len = in->end - in->start;
}

bool input_line(struct input *in, const char **line, size_t *len)
{
	char *nl;
	size_t scanned = 0;

	for (;;) {
		nl = memchr(in->buf + in->start + scanned, '\n',
			    in->end - in->start - scanned);
		if (nl != NULL || in->eof)
			break;
		scanned = in->end - in->start;
		fill(in);
	}
	if (nl == NULL && in->start == in->end) {
		progress_end(&in->progress);
		return false;
	}
	*line = in->buf + in->start;
	*len = nl ? (size_t)(nl - *line) : in->end - in->start;
	in->cut_line = nl == NULL;
	in->start += *len + (nl != NULL);
	if (*len > 0 && (*line)[*len - 1] == '\r')
		(*len)--;
	in->lineno++;
	return true;
}

bool input_lines(struct input *in, const char **start, const char **end)
{
	char *nl = NULL;
	size_t scanned = 0;

	for (;;) {
		if (in->end > in->start + scanned)
			nl = memrchr(in->buf + in->start + scanned, '\n',
				     in->end - in->start - scanned);
		if (nl != NULL || in->eof)
			break;
		scanned = in->end - in->start;
		fill(in);
	}
	if (nl == NULL) {
		/* A line cut short by a read error is no last line. */
		if (in->start == in->end || in->error != NULL) {
			progress_end(&in->progress);
			return false;
		}
		/* The last line lacks its newline: give it one (the slack
		 * has room for it, and stays defined after it). */
		in->cut_line = true;
		nl = in->buf + in->end;
		*nl = '\n';
		memset(nl + 1, 0, INPUT_SLACK - 1);
		in->end++;
	}
	*start = in->buf + in->start;
	*end = nl + 1;
	in->start = (size_t)(*end - in->buf);
	return true;
}

void input_close(struct input *in)
{
	progress_end(&in->progress);
	gz_close(in);
	free(in->buf);
	free(in->error);
	if (in->own_fd)
		close(in->fd);
	memset(in, 0, sizeof(*in));
	in->fd = -1;
}
