/* wordfreq.c - print the most frequent words of a text file
 *
 * usage: wordfreq [-n N] FILE
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "table.h"

/* Most frequent first; equal counts in alphabetical order. */
static int by_count(const void *a, const void *b)
{
    const struct entry *x = *(const struct entry *const *)a;
    const struct entry *y = *(const struct entry *const *)b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    return strcmp(x->word, y->word);
}

/* Splits the text into words (letters and apostrophes), lower-cased. */
static void count_words(struct table *t, char *text, size_t size)
{
    size_t i = 0;
    while (i < size) {
        while (i < size && !isalpha((unsigned char)text[i]))
            i++;
        size_t start = i;
        while (i < size && (isalpha((unsigned char)text[i]) || text[i] == '\'')) {
            text[i] = (char)tolower((unsigned char)text[i]);
            i++;
        }
        if (i > start)
            table_add(t, text + start, i - start);
    }
}

static char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        exit(1);
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf != NULL && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap)
            buf = realloc(buf, cap *= 2);
    }
    if (buf == NULL || ferror(f)) {
        perror(path);
        exit(1);
    }
    fclose(f);
    *size = n;
    return buf;
}

int main(int argc, char **argv)
{
    size_t top = 10;
    int opt;
    while ((opt = getopt(argc, argv, "n:")) != -1) {
        if (opt != 'n')
            return 2;
        top = strtoul(optarg, NULL, 10);
    }
    if (optind != argc - 1) {
        fprintf(stderr, "usage: wordfreq [-n N] FILE\n");
        return 2;
    }

    size_t size;
    char *text = read_file(argv[optind], &size);
    struct table t;
    table_init(&t);
    count_words(&t, text, size);

    struct entry **v = table_entries(&t);
    qsort(v, t.nentries, sizeof *v, by_count);
    printf("%zu distinct words\n", t.nentries);
    for (size_t i = 0; i < top && i < t.nentries; i++)
        printf("%7lu  %s\n", v[i]->count, v[i]->word);

    free(v);
    table_release(&t);
    free(text);
    return 0;
}
