/* Protocol Buffers' wire format, and the gzip stream it goes out in: the
 * two wire types a profile.proto needs (varints, and length-delimited
 * strings, packed numbers and nested messages).  A nested message is
 * written into a buffer of its own, then added with its length. */
#ifndef CGA_FMT_PROTO_H
#define CGA_FMT_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct proto {
	unsigned char *b;
	size_t n, cap;
};

void proto_init(struct proto *pb);
void proto_release(struct proto *pb);

/* Field FIELD as a varint V (uint64, bool, and int64 as its two's
 * complement, as int64 fields are encoded). */
void proto_uint(struct proto *pb, unsigned field, uint64_t v);
/* Field FIELD holding the LEN bytes at S (a string, or a message). */
void proto_bytes(struct proto *pb, unsigned field, const void *s, size_t len);
/* Field FIELD holding the message written into SUB. */
void proto_message(struct proto *pb, unsigned field, const struct proto *sub);
/* Field FIELD holding the N varints V, packed. */
void proto_packed(struct proto *pb, unsigned field, const uint64_t *v, size_t n);

/* Where the wire format goes: OUT, gzip-compressed (a build without zlib
 * writes it as it is, which pprof reads too). */
struct proto_out;

struct proto_out *proto_out_open(FILE *out);
/* Write what PB holds and empty it. */
void proto_out_write(struct proto_out *o, struct proto *pb);
/* End the stream.  A failed write is OUT's error (ferror). */
void proto_out_close(struct proto_out *o);

#endif
