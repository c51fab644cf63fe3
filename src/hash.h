/* uthash with a faster hash function than its default (Jenkins, a byte at a
 * time): the reader looks functions and call edges up by pointer pairs for
 * most lines of a profile.  Include this instead of <uthash.h>. */
#ifndef CGA_HASH_H
#define CGA_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A multiply-xorshift hash, 8 bytes at a time. */
static inline unsigned cga_hash(const void *key, size_t n)
{
	const unsigned char *s = key;
	uint64_t h = 0x9E3779B97F4A7C15ULL ^ n, v;

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&v, s, 8);
		h = (h ^ v) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	v = 0;
	memcpy(&v, s, n);
	h = (h ^ v) * 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 29;
	return (unsigned)h;
}

#define HASH_FUNCTION(keyptr, keylen, hashv) \
	((hashv) = cga_hash((const void *)(keyptr), (size_t)(keylen)))

#include <uthash.h>

#endif
