/* failmalloc.c: memory that runs out, for tests/oom.sh. Loaded with
 * LD_PRELOAD, it counts the process's allocations (malloc, calloc,
 * realloc, posix_memalign and the rest that glibc routes through them)
 * and makes the FAILMALLOC_AT-th and every later one fail with ENOMEM, as
 * when the address space is used up. FAILMALLOC_AT unset or 0: nothing
 * fails, and with FAILMALLOC_COUNT set the count is printed on stderr at
 * exit, so that the test knows how many allocations a run makes.
 *
 * glibc only (__libc_malloc and its kin are its own entry points). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);
void *__libc_memalign(size_t align, size_t n);
void __libc_free(void *p);

static long fail_at = -1; /* -1: not read yet */
static long count;

static int fails(void)
{
    if (fail_at < 0) {
        const char *s = getenv("FAILMALLOC_AT");
        fail_at = s ? atol(s) : 0;
    }
    if (fail_at > 0 && ++count >= fail_at) {
        errno = ENOMEM;
        return 1;
    }
    if (fail_at == 0)
        count++;
    return 0;
}

void *malloc(size_t n)
{
    return fails() ? NULL : __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
    return fails() ? NULL : __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
    if (p && n == 0)
        return __libc_realloc(p, n); /* a free, not an allocation */
    return fails() ? NULL : __libc_realloc(p, n);
}

int posix_memalign(void **out, size_t align, size_t n)
{
    if (fails())
        return ENOMEM;
    void *p = __libc_memalign(align, n);
    if (!p)
        return ENOMEM;
    *out = p;
    return 0;
}

void *aligned_alloc(size_t align, size_t n)
{
    return fails() ? NULL : __libc_memalign(align, n);
}

void *memalign(size_t align, size_t n)
{
    return fails() ? NULL : __libc_memalign(align, n);
}

void free(void *p)
{
    __libc_free(p);
}

__attribute__((destructor)) static void report(void)
{
    char buf[64];
    if (fail_at == 0 && getenv("FAILMALLOC_COUNT")) {
        int n = snprintf(buf, sizeof buf, "failmalloc: %ld allocations\n", count);
        if (write(2, buf, (size_t)n) < 0)
            return;
    }
}
