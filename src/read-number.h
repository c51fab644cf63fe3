/* Decimal numbers read eight digits at a time (SWAR: SIMD within a 64-bit
 * register), for the cost lines that make up most of a profile, and the
 * digits, blanks and newlines of 16 bytes found at once.
 *
 * These functions read up to 17 bytes from where the number (or the 16
 * bytes) start, whatever those hold: past the newline that ends a line,
 * which must be readable (input_lines guarantees INPUT_SLACK).  They take
 * up to 16 digits; a longer number (a count near 2^64, or one with many
 * leading zeros) is left to a careful digit-by-digit parser. */
#ifndef CGA_READ_NUMBER_H
#define CGA_READ_NUMBER_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__) && !defined(CGA_NO_SIMD)
#include <emmintrin.h>
#endif

/* The value of hexadecimal digit C, or 16 if it is none. */
static inline unsigned number_hex_digit(char c)
{
	if ((unsigned char)(c - '0') < 10)
		return (unsigned)(c - '0');
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) : 16;
}

/* 1 to 16 hexadecimal digits at P (after "0x") into *OUT; returns the
 * first byte after them, or NULL if there is none or more than 16. */
static inline const char *number_scan_hex(const char *p, uint64_t *out)
{
	const char *start = p;
	uint64_t v = 0;
	unsigned d;

	while ((d = number_hex_digit(*p)) < 16 && p - start < 16) {
		v = v << 4 | d;
		p++;
	}
	if (p == start || number_hex_digit(*p) < 16)
		return NULL;
	*out = v;
	return p;
}

/* The 8 bytes at P, the first in the lowest byte. */
static inline uint64_t number_load8(const char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

/* How many of the 8 bytes of V (first in the lowest) are leading decimal
 * digits, with V already less '0' in every byte (T).  A byte below '0'
 * borrows from the bytes above it and one above '9' + 6 carries into
 * them, but only bytes after the first non-digit are disturbed. */
static inline unsigned number_ndigits(uint64_t t)
{
	uint64_t nondigit = (t | (t + 0x0606060606060606ULL)) & 0xF0F0F0F0F0F0F0F0ULL;

	return nondigit ? (unsigned)__builtin_ctzll(nondigit) >> 3 : 8;
}

/* The value of the first N (1..8) digit values in T (bytes less '0'). */
static inline uint64_t number_value8(uint64_t t, unsigned n)
{
	/* Leading zeros in the low bytes make an 8-digit number of it. */
	t <<= 8 * (8 - n);
	t = t * 10 + (t >> 8);
	return (((t & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32))) +
		(((t >> 16) & 0x000000FF000000FFULL) * (1 + (10000ULL << 32)))) >> 32;
}

/* A decimal number of 1 to 16 digits at P into *OUT; returns the first
 * byte after it, or NULL if P holds no digit or more than 16 (then *OUT
 * is unspecified). */
static inline const char *number_scan(const char *p, uint64_t *out)
{
	static const uint64_t pow10[9] = {
		1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
	};
	uint64_t t = number_load8(p) - 0x3030303030303030ULL;
	unsigned n = number_ndigits(t), n2;

	if (n == 0)
		return NULL;
	*out = number_value8(t, n);
	if (n < 8)
		return p + n;
	t = number_load8(p + 8) - 0x3030303030303030ULL;
	n2 = number_ndigits(t);
	if (n2 == 0)
		return p + 8;
	if (n2 == 8 && (unsigned char)(p[16] - '0') < 10)
		return NULL;
	*out = *out * pow10[n2] + number_value8(t, n2);
	return p + 8 + n2;
}

/* Where the digits, blanks (' ') and newlines are among the 16 bytes at
 * P: bit I of each mask is byte P[I].  Most cost lines are shorter than 16
 * bytes and read from these masks: their numbers are found without a
 * branch for each byte or length.  One SSE2 load where there is SSE2
 * (every x86-64), else a loop (also with CGA_NO_SIMD defined, to test it). */
struct number_masks {
	uint32_t digit, blank, newline;
};

static inline struct number_masks number_masks16(const char *p)
{
	struct number_masks m;
#if defined(__SSE2__) && !defined(CGA_NO_SIMD)
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i t = _mm_sub_epi8(v, _mm_set1_epi8('0'));

	/* A digit's byte less '0' is at most 9, unsigned. */
	m.digit = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8(9)), t));
	m.blank = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
	m.newline = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));
#else
	m.digit = m.blank = m.newline = 0;
	for (unsigned i = 0; i < 16; i++) {
		m.digit |= (uint32_t)((unsigned char)(p[i] - '0') < 10) << i;
		m.blank |= (uint32_t)(p[i] == ' ') << i;
		m.newline |= (uint32_t)(p[i] == '\n') << i;
	}
#endif
	return m;
}

/* The newline that ends the line at P, found 16 bytes at a time (one
 * SSE2 load each): there must be one before the end of the readable
 * bytes, and 15 bytes after it readable.  *NUL becomes true if a NUL byte
 * comes before it (a line of names must have none).  For the lines that
 * are not cost lines, mostly shorter than 32 bytes: memchr's call costs
 * more than their scan. */
static inline const char *number_line_end(const char *p, bool *nul)
{
#if defined(__SSE2__) && !defined(CGA_NO_SIMD)
	for (;; p += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
		uint32_t nl = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));
		uint32_t zero = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()));

		if (nl != 0) {
			nl &= -nl;   /* the first newline's bit */
			*nul = *nul || (zero & (nl - 1)) != 0;
			return p + __builtin_ctz(nl);
		}
		*nul = *nul || zero != 0;
	}
#else
	const char *nl = p;

	while (*nl != '\n')
		nl++;
	*nul = *nul || memchr(p, '\0', (size_t)(nl - p)) != NULL;
	return nl;
#endif
}

/* The value of the N (1..8) decimal digits at P, with 8 bytes readable
 * there. */
static inline uint64_t number_value_at(const char *p, unsigned n)
{
	return number_value8(number_load8(p) - 0x3030303030303030ULL, n);
}

#endif
