#include "fmt-utf8.h"

#include <stdint.h>
#include <string.h>

#include "xalloc.h"

const char utf8_replacement[] = "\xef\xbf\xbd";

size_t utf8_length(const unsigned char *s, size_t n)
{
	size_t len;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}

size_t utf8_char(const unsigned char *s, size_t n, const char *keep, bool *text)
{
	size_t len = utf8_length(s, n);

	if (len > 1)
		*text = !(len == 3 && s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe);
	else
		*text = len == 1 && *s != 0x7f &&
			(*s >= 0x20 || (*s != '\0' && strchr(keep, *s) != NULL));
	return len ? len : 1;
}

char *utf8_clean(const char *s, const char *keep)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), o = 0;
	char *t = xmalloc(3 * n + 1);

	while (n > 0) {
		bool text;
		size_t len = utf8_char(p, n, keep, &text);

		memcpy(t + o, text ? (const char *)p : utf8_replacement, text ? len : 3);
		o += text ? len : 3;
		p += len;
		n -= len;
	}
	t[o] = '\0';
	return t;
}
