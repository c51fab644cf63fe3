#include "fmt-proto.h"

#include <stdlib.h>
#include <string.h>

#ifdef HAVE_ZLIB
#include <pthread.h>
#include <zlib.h>
#endif

#include "cpus.h"
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
	/* A varint takes at most 10 bytes; most calls need no more room. */
	if (pb->cap - pb->n < 10)
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

/* A block of the wire format waiting to be compressed. */
struct block {
	unsigned char *b;
	size_t n;
};

#define QUEUE 4

struct proto_out {
	FILE *out;
#ifdef HAVE_ZLIB
	z_stream z;
	unsigned char buf[1 << 16];
	/* With a CPU to spare, the blocks are compressed on a thread of
	 * their own while the next ones are encoded: deflate takes longer
	 * than the encoding. */
	bool threaded;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t changed;
	struct block queue[QUEUE];
	size_t first, queued;
	bool closing;
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
		/* A failed write is the stream's error, which main() reports.
		 * The thread that writes the report holds the stream's lock
		 * (main.c) and leaves the stream alone while the compressing
		 * thread writes. */
#ifdef HAVE_FWRITE_UNLOCKED
		fwrite_unlocked(o->buf, 1, sizeof(o->buf) - o->z.avail_out, o->out);
#else
		fwrite(o->buf, 1, sizeof(o->buf) - o->z.avail_out, o->out);
#endif
	} while (o->z.avail_out == 0 || (flush == Z_FINISH && ret != Z_STREAM_END));
}

static void deflate_block(struct proto_out *o, const unsigned char *b, size_t n)
{
	o->z.next_in = (unsigned char *)b;
	o->z.avail_in = (uInt)n;
	deflate_out(o, Z_NO_FLUSH);
}

/* The compressing thread: the queued blocks in turn, each freed once
 * compressed. */
static void *compress_blocks(void *arg)
{
	struct proto_out *o = arg;

	pthread_mutex_lock(&o->lock);
	for (;;) {
		struct block blk;

		while (o->queued == 0 && !o->closing)
			pthread_cond_wait(&o->changed, &o->lock);
		if (o->queued == 0)
			break;
		blk = o->queue[o->first];
		pthread_mutex_unlock(&o->lock);
		deflate_block(o, blk.b, blk.n);
		free(blk.b);
		pthread_mutex_lock(&o->lock);
		o->first = (o->first + 1) % QUEUE;
		o->queued--;
		pthread_cond_broadcast(&o->changed);
	}
	pthread_mutex_unlock(&o->lock);
	return NULL;
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
#ifdef HAVE_FWRITE_UNLOCKED
	if (cpus_usable() > 1) {
		pthread_mutex_init(&o->lock, NULL);
		pthread_cond_init(&o->changed, NULL);
		o->threaded = pthread_create(&o->thread, NULL, compress_blocks, o) == 0;
		if (!o->threaded) {
			pthread_mutex_destroy(&o->lock);
			pthread_cond_destroy(&o->changed);
		}
	}
#endif
#endif
	return o;
}

void proto_out_write(struct proto_out *o, struct proto *pb)
{
#ifdef HAVE_ZLIB
	if (!o->threaded) {
		deflate_block(o, pb->b, pb->n);
	} else {
		/* PB's buffer goes to the queue; PB starts a new one. */
		pthread_mutex_lock(&o->lock);
		while (o->queued == QUEUE)
			pthread_cond_wait(&o->changed, &o->lock);
		o->queue[(o->first + o->queued) % QUEUE] = (struct block){ pb->b, pb->n };
		o->queued++;
		pthread_cond_broadcast(&o->changed);
		pthread_mutex_unlock(&o->lock);
		pb->b = NULL;
		pb->cap = 0;
	}
#else
	fwrite(pb->b, 1, pb->n, o->out);
#endif
	pb->n = 0;
}

void proto_out_close(struct proto_out *o)
{
#ifdef HAVE_ZLIB
	if (o->threaded) {
		pthread_mutex_lock(&o->lock);
		o->closing = true;
		pthread_cond_broadcast(&o->changed);
		pthread_mutex_unlock(&o->lock);
		if (pthread_join(o->thread, NULL) != 0)
			die(EXIT_INPUT, "the thread compressing the profile could not be joined");
		pthread_mutex_destroy(&o->lock);
		pthread_cond_destroy(&o->changed);
	}
	o->z.next_in = NULL;
	o->z.avail_in = 0;
	deflate_out(o, Z_FINISH);
	deflateEnd(&o->z);
#endif
	free(o);
}
