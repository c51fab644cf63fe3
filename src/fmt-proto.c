#include "fmt-proto.h"

#include <stdlib.h>
#include <string.h>

#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

#include "diag.h"
#include "xalloc.h"

void proto_init(struct proto *pb)
{
	memset(pb, 0, sizeof(*pb));
}

void proto_release(struct proto *pb)
{
	free(pb->b);
	proto_init(pb);
}

static size_t varint_len(uint64_t v)
{
	size_t n = 1;

	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

static void put_varint(struct proto *pb, uint64_t v)
{
	xgrow(&pb->b, &pb->cap, pb->n + 10, 1);
	while (v >= 0x80) {
		pb->b[pb->n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	pb->b[pb->n++] = (unsigned char)v;
}

void proto_uint(struct proto *pb, unsigned field, uint64_t v)
{
	put_varint(pb, (uint64_t)field << 3);
	put_varint(pb, v);
}

void proto_bytes(struct proto *pb, unsigned field, const void *s, size_t len)
{
	put_varint(pb, (uint64_t)field << 3 | 2);
	put_varint(pb, len);
	xgrow(&pb->b, &pb->cap, pb->n + len, 1);
	if (len > 0)
		memcpy(pb->b + pb->n, s, len);
	pb->n += len;
}

void proto_message(struct proto *pb, unsigned field, const struct proto *sub)
{
	proto_bytes(pb, field, sub->b, sub->n);
}

void proto_packed(struct proto *pb, unsigned field, const uint64_t *v, size_t n)
{
	size_t len = 0;

	for (size_t i = 0; i < n; i++)
		len += varint_len(v[i]);
	put_varint(pb, (uint64_t)field << 3 | 2);
	put_varint(pb, len);
	for (size_t i = 0; i < n; i++)
		put_varint(pb, v[i]);
}

struct proto_out {
	FILE *out;
#ifdef HAVE_ZLIB
	z_stream z;
	unsigned char buf[1 << 16];
#endif
};

#ifdef HAVE_ZLIB
/* Deflate what Z holds (to its end with FLUSH Z_FINISH) into OUT. */
static void deflate_out(struct proto_out *o, int flush)
{
	int ret;

	do {
		o->z.next_out = o->buf;
		o->z.avail_out = sizeof(o->buf);
		ret = deflate(&o->z, flush);
		if (ret == Z_STREAM_ERROR)
			die(EXIT_INPUT, "gzip compression failed");
		/* A failed write is the stream's error, which main() reports. */
		fwrite(o->buf, 1, sizeof(o->buf) - o->z.avail_out, o->out);
	} while (o->z.avail_out == 0 || (flush == Z_FINISH && ret != Z_STREAM_END));
}
#endif

struct proto_out *proto_out_open(FILE *out)
{
	struct proto_out *o = xcalloc(1, sizeof(*o));

	o->out = out;
#ifdef HAVE_ZLIB
	/* 15 + 16: a gzip header and trailer, no file name, time 0, so that
	 * one profile always gives the same bytes.  Level 1: profiles are
	 * repetitive, and the faster levels lose little on them. */
	if (deflateInit2(&o->z, 1, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK)
		die(EXIT_INPUT, "gzip compression cannot start");
#endif
	return o;
}

void proto_out_write(struct proto_out *o, struct proto *pb)
{
#ifdef HAVE_ZLIB
	o->z.next_in = pb->b;
	o->z.avail_in = (uInt)pb->n;
	deflate_out(o, Z_NO_FLUSH);
#else
	fwrite(pb->b, 1, pb->n, o->out);
#endif
	pb->n = 0;
}

void proto_out_close(struct proto_out *o)
{
#ifdef HAVE_ZLIB
	o->z.next_in = NULL;
	o->z.avail_in = 0;
	deflate_out(o, Z_FINISH);
	deflateEnd(&o->z);
#endif
	free(o);
}
