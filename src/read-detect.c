#include "read-detect.h"

#include <stdbool.h>
#include <string.h>

/* aprof reports are lines of one-letter tags ("fav" is aprof-plot's);
 * no Callgrind line starts with one of these followed by a blank, since
 * Callgrind lines are "key: value", "key=value", comments or numbers. */
static bool aprof_tag(const char *line, size_t len)
{
	static const char tags[] = "vetcfamikrudpxq";
	size_t n = 0;

	if (len >= 3 && memcmp(line, "fav", 3) == 0)
		n = 3;
	else if (len >= 1 && line[0] != '\0' && strchr(tags, line[0]) != NULL)
		n = 1;
	return n > 0 && (n == len || line[n] == ' ' || line[n] == '\t');
}

enum profile_kind detect_kind(struct input *in)
{
	const char *data, *end;
	size_t len;

	input_peek(in, &data, &len);
	end = data + len;
	/* The first line that is not blank decides. */
	while (data < end) {
		const char *nl = memchr(data, '\n', (size_t)(end - data));
		size_t n = nl ? (size_t)(nl - data) : (size_t)(end - data);

		while (n > 0 && (data[n - 1] == '\r' || data[n - 1] == ' ' || data[n - 1] == '\t'))
			n--;
		if (n > 0)
			return aprof_tag(data, n) ? KIND_APROF : KIND_CALLGRIND;
		if (nl == NULL)
			break;
		data = nl + 1;
	}
	return KIND_CALLGRIND;
}
