#include "input.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "xalloc.h"

#define INPUT_CHUNK (1 << 20)
#define INPUT_PEEK 4096

void input_open(struct input *in, const char *path)
{
	struct stat st;

	memset(in, 0, sizeof(*in));
	in->path = path;
	in->fd = open(path, O_RDONLY);
	if (in->fd < 0)
		die(EXIT_INPUT, "%s: cannot open: %s", path, strerror(errno));
	if (fstat(in->fd, &st) == 0 && S_ISDIR(st.st_mode))
		die(EXIT_INPUT, "%s: cannot read: %s", path, strerror(EISDIR));
	in->size = (fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode)) ? st.st_size : -1;
	in->cap = INPUT_CHUNK;
	in->buf = xmalloc(in->cap);
}

/* Move the unconsumed tail to the front and read more after it. */
static void fill(struct input *in)
{
	ssize_t n;

	if (in->start > 0) {
		memmove(in->buf, in->buf + in->start, in->end - in->start);
		in->end -= in->start;
		in->start = 0;
	}
	if (in->cap - in->end < INPUT_CHUNK / 2) {
		in->buf = xreallocarray(in->buf, in->cap, 2);
		in->cap *= 2;
	}
	do
		n = read(in->fd, in->buf + in->end, in->cap - in->end);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		die(EXIT_INPUT, "%s: cannot read: %s", in->path, strerror(errno));
	if (n == 0)
		in->eof = true;
	in->end += (size_t)n;
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
	if (nl == NULL && in->start == in->end)
		return false;
	*line = in->buf + in->start;
	*len = nl ? (size_t)(nl - *line) : in->end - in->start;
	in->start += *len + (nl != NULL);
	if (*len > 0 && (*line)[*len - 1] == '\r')
		(*len)--;
	in->lineno++;
	return true;
}

void input_close(struct input *in)
{
	if (in->fd >= 0)
		close(in->fd);
	free(in->buf);
	memset(in, 0, sizeof(*in));
	in->fd = -1;
}
