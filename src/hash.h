/* Hashing: uthash with a faster hash function than its default (Jenkins, a
 * byte at a time), for the reader looks functions and call edges up by
 * pointer pairs for most lines of a profile (include this instead of
 * <uthash.h>); and the hash of the tables of open addressing keyed by two
 * indexes. */
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

/* A hash of the pair (A, B), for tables of open addressing keyed by two
 * indexes (the estimate's frames, the calls' estimates). */
static inline size_t cga_pair_hash(size_t a, size_t b)
{
	uint64_t h = (uint64_t)a * 0x9e3779b97f4a7c15u ^ (uint64_t)b * 0xc2b2ae3d27d4eb4fu;

	return (size_t)(h ^ (h >> 29));
}

#define HASH_FUNCTION(keyptr, keylen, hashv) \
	((hashv) = cga_hash((const void *)(keyptr), (size_t)(keylen)))

#include <uthash.h>

#endif
