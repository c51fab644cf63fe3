#ifndef MULTI_H
#define MULTI_H

unsigned long checksum(const unsigned char *buf, unsigned len);
void fill(unsigned char *buf, unsigned len, unsigned seed);
unsigned count_bits(const unsigned char *buf, unsigned len);

#endif
