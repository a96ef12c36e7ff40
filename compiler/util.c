/* util.c: out of memory, arena, buffers, edit distance, file reading and
 * writing. */
#define _DEFAULT_SOURCE /* realpath */
#include "util.h"
#include "../runtime/utf8.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static jmp_buf *oom_jump;

jmp_buf *oom_catch(jmp_buf *env)
{
    jmp_buf *old = oom_jump;
    oom_jump = env;
    return old;
}

_Noreturn void out_of_memory(void)
{
    if (oom_jump)
        longjmp(*oom_jump, 1);
    fputs("cardc: out of memory\n", stderr);
    abort();
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        out_of_memory(); /* p is still the caller's to free */
    return q;
}

struct ArenaBlock {
    ArenaBlock *next;
    size_t used, size;
    size_t mapped;              /* bytes mapped for it (munmap), or 0: from
                                 * calloc (free) */
    _Alignas(16) unsigned char data[];
};

/* Blocks double from 64 KB to 16 MB (header included), so a big input
 * takes few blocks; those of 2 MB and more sit on huge-page boundaries,
 * where a system that gives huge pages unasked (transparent huge pages
 * "always") may back them with some. They do not ask (madvise): where huge
 * pages are given only when asked, the kernel may stop to compact memory
 * for each, and on a busy machine `cardc check` of 100,000 cards with
 * effects (500 MB) spent 1.3-1.5 s in the kernel asking, 0.4 s not, for
 * 0.1 s less in the program (bench/cards.sh's file, 2026-12-07). */
enum { ARENA_BLOCK = 64 << 10, ARENA_MAX_BLOCK = 16 << 20, HUGE_PAGE = 2 << 20 };

/* total bytes (a multiple of HUGE_PAGE more) mapped zeroed from the
 * system, at a boundary of HUGE_PAGE; *mapped is their length. */
static void *map_zeroed(size_t total, size_t *mapped)
{
    size_t len = (total + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    char *p = mmap(NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    if (p == MAP_FAILED)
        out_of_memory();
    size_t head = (HUGE_PAGE - (size_t)((uintptr_t)p % HUGE_PAGE)) % HUGE_PAGE;
    if (head)
        munmap(p, head);
    munmap(p + head + len, HUGE_PAGE - head);
    *mapped = len;
    return p + head;
}

/* A block of total bytes, header included, every byte zero: arena_alloc
 * clears nothing (memory is never given back to an arena to reuse). */
static ArenaBlock *new_block(size_t total)
{
    ArenaBlock *b;
    size_t mapped = 0;
    if (total >= HUGE_PAGE) {
        b = map_zeroed(total, &mapped);
    } else {
        b = calloc(1, total);
        if (!b)
            out_of_memory();
    }
    b->size = total - sizeof *b;
    b->used = 0;
    b->mapped = mapped;
    return b;
}

/* n bytes aligned to align (a power of two), zero until written. */
static void *arena_take(Arena *a, size_t n, size_t align)
{
    ArenaBlock *b = a->head;
    size_t at = b ? (b->used + align - 1) & ~(align - 1) : 0;
    if (b && at <= b->size && b->size - at >= n) {
        b->used = at + n;
        return b->data + at;
    }
    size_t total = ARENA_BLOCK;
    if (b && sizeof *b + b->size >= ARENA_BLOCK)
        total = 2 * (sizeof *b + b->size) > ARENA_MAX_BLOCK ? ARENA_MAX_BLOCK
                                                           : 2 * (sizeof *b + b->size);
    if (n > total / 4) {
        /* A block of its own, behind the head, whose free space stays in use. */
        ArenaBlock *big = new_block(sizeof *big + n);
        big->used = n;
        if (b) {
            big->next = b->next;
            b->next = big;
        } else {
            big->next = NULL;
            a->head = big;
        }
        return big->data;
    }
    b = new_block(total);
    b->used = n;
    b->next = a->head;
    a->head = b;
    return b->data;
}

void *arena_alloc(Arena *a, size_t n)
{
    return arena_take(a, n, 16); /* zero: blocks are made so (new_block) */
}

char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_take(a, n + 1, 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *arena_strdup(Arena *a, const char *s)
{
    return arena_strndup(a, s, strlen(s));
}

char *arena_printf(Arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = arena_alloc(a, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

/* Gives back one block: unmapped, or freed to the heap. */
static void block_free(ArenaBlock *b)
{
    if (b->mapped)
        munmap(b, b->mapped);
    else
        free(b);
}

void arena_reset(Arena *a)
{
    ArenaBlock *b = a->head;
    while (b && b->next) {
        ArenaBlock *next = b->next;
        block_free(b);
        b = next;
    }
    a->head = b;
    if (!b)
        return;
    /* zeroed again, as arena_alloc expects, in pieces of 1 KB: glibc's
     * memset clears 2 KB and more with `rep stosb`, which callgrind counts
     * as an instruction a byte (bench/cards.sh counts them), and the time
     * is the same */
    for (size_t at = 0; at < b->used; at += 1024)
        memset(b->data + at, 0, b->used - at < 1024 ? b->used - at : 1024);
    b->used = 0;
}

void arena_free(Arena *a)
{
    ArenaBlock *b = a->head;
    while (b) {
        ArenaBlock *next = b->next;
        block_free(b);
        b = next;
    }
    a->head = NULL;
}

void buf_put(Buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        b->data = xrealloc(b->data, cap);
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void buf_puts(Buf *b, const char *s)
{
    buf_put(b, s, strlen(s));
}

void buf_printf(Buf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < (int)sizeof small) {
        buf_put(b, small, (size_t)n);
        return;
    }
    char *big = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    buf_put(b, big, (size_t)n);
    free(big);
}

/* The length of the UTF-8 character at s (runtime/utf8.h: the decoder
 * the runtime uses too). */
int utf8_seq(const char *s, size_t n)
{
    return rt_utf8_seq(s, n);
}

/* Eight bytes at a time: a byte's top bit is set in the OR of the words
 * only if some byte has it (memcpy: s need not be aligned). */
bool all_ascii(const char *s, size_t len)
{
    uint64_t high = 0, w;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        memcpy(&w, s + i, 8);
        high |= w;
    }
    for (; i < len; i++)
        high |= (unsigned char)s[i];
    return (high & 0x8080808080808080u) == 0;
}

int utf8_count(const char *s, size_t len)
{
    if (all_ascii(s, len))
        return (int)len;
    int n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

/* JSON text is UTF-8: a byte that does not start a valid character (a
 * file name in another encoding, say) is written as U+FFFD. */
void buf_json_string(Buf *b, const char *s)
{
    buf_put(b, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p >= 0x80) {
            int k = utf8_seq((const char *)p, SIZE_MAX);
            if (k == 0) {
                buf_puts(b, "\\ufffd");
                continue;
            }
            buf_put(b, (const char *)p, (size_t)k);
            p += k - 1;
            continue;
        }
        switch (*p) {
        case '"': buf_puts(b, "\\\""); break;
        case '\\': buf_puts(b, "\\\\"); break;
        case '\n': buf_puts(b, "\\n"); break;
        case '\t': buf_puts(b, "\\t"); break;
        case '\r': buf_puts(b, "\\r"); break;
        default:
            if (*p < 0x20)
                buf_printf(b, "\\u%04x", *p);
            else
                buf_put(b, (const char *)p, 1);
        }
    }
    buf_put(b, "\"", 1);
}

void buf_free(Buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

void vec_push(Arena *a, PtrVec *v, void *item)
{
    if (v->len == v->cap) {
        int cap = v->cap ? v->cap * 2 : 8;
        void **items = arena_alloc(a, sizeof(void *) * (size_t)cap);
        if (v->len)
            memcpy(items, v->items, sizeof(void *) * (size_t)v->len);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->len++] = item;
}

int msg_cut(const char *s, int max, const char **more)
{
    size_t n = strlen(s);
    *more = "";
    if (n <= (size_t)max)
        return (int)n;
    *more = "...";
    int k = max;
    while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--; /* s[k], the first byte not shown, starts a character */
    return k;
}

enum { MAX_EDIT_LEN = 64 };

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* The distance of a[0..n) and b[0..m) (at most MAX_EDIT_LEN each) when it
 * is at most band, else a number above band: only the cells within band of
 * the diagonal are computed, as a path that costs at most band never leaves
 * them. A cell just outside is set above band, for its neighbours to read;
 * once a whole row is above band, so is the distance. */
static int distance_within(const char *a, size_t n, const char *b, size_t m, size_t band)
{
    int d[MAX_EDIT_LEN + 1][MAX_EDIT_LEN + 2];
    int above = (int)band + 1;
    for (size_t i = 0; i <= n; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        size_t lo = i > band ? i - band : 1, hi = i + band < m ? i + band : m;
        if (lo > 1)
            d[i][lo - 1] = above;
        if (hi < m)
            d[i][hi + 1] = above;
        int row_min = lo == 1 ? d[i][0] : above;
        for (size_t j = lo; j <= hi; j++) {
            int cost = lower(a[i - 1]) != lower(b[j - 1]);
            int best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < best)
                best = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
                lower(a[i - 2]) == lower(b[j - 1]) && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
            if (best < row_min)
                row_min = best;
        }
        if (row_min > (int)band)
            return above;
    }
    return n - m <= band || m - n <= band ? d[n][m] : above;
}

int edit_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > MAX_EDIT_LEN || m > MAX_EDIT_LEN)
        return 1000;
    return distance_within(a, n, b, m, MAX_EDIT_LEN);
}

/* Only a name whose distance is within limit can be suggested: the others
 * are skipped by their length, or cut short by the band, so a word costs
 * a few cells per name, however long the names. */
const char *did_you_mean(const char *word, const char *const *names, int n)
{
    const char *best = NULL;
    int best_d = 1000;
    size_t wl = strlen(word);
    int limit = wl <= 3 ? 1 : wl <= 8 ? 2 : 3;
    if (wl > MAX_EDIT_LEN)
        return NULL;
    for (int i = 0; i < n; i++) {
        size_t nl = strlen(names[i]);
        if (nl > MAX_EDIT_LEN || (nl > wl ? nl - wl : wl - nl) > (size_t)limit)
            continue; /* farther than limit: never the suggestion */
        int d = distance_within(word, wl, names[i], nl, (size_t)limit);
        if (d < best_d) {
            best_d = d;
            best = names[i];
        }
    }
    return best_d <= limit ? best : NULL;
}

int read_file(const char *path, size_t max_bytes, char **out, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 4096, n = 0;
    char *data = malloc(cap);
    if (!data) {
        fclose(f);
        errno = ENOMEM;
        return -1;
    }
    for (;;) {
        if (n + 1 >= cap) {
            cap *= 2;
            char *d = realloc(data, cap);
            if (!d) {
                free(data);
                fclose(f);
                errno = ENOMEM;
                return -1;
            }
            data = d;
        }
        size_t got = fread(data + n, 1, cap - n - 1, f);
        n += got;
        if (n > max_bytes) {
            free(data);
            fclose(f);
            errno = EFBIG;
            return -1;
        }
        if (got == 0) {
            if (ferror(f)) {
                int e = errno ? errno : EIO;
                free(data);
                fclose(f);
                errno = e;
                return -1;
            }
            break;
        }
    }
    fclose(f);
    data[n] = '\0';
    *out = data;
    *len = n;
    return 0;
}

static uint32_t hash_str(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

void *strmap_get_n(const StrMap *m, const char *key, size_t n)
{
    if (!m->cap)
        return NULL;
    uint32_t h = 2166136261u; /* hash_str of the n bytes */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)key[i]) * 16777619u;
    uint32_t mask = (uint32_t)m->cap - 1;
    for (uint32_t i = h & mask;; i = (i + 1) & mask) {
        if (!m->keys[i])
            return NULL;
        if (strncmp(m->keys[i], key, n) == 0 && m->keys[i][n] == '\0')
            return m->vals[i];
    }
}

void *strmap_get(const StrMap *m, const char *key)
{
    if (!m->cap)
        return NULL;
    uint32_t mask = (uint32_t)m->cap - 1;
    for (uint32_t i = hash_str(key) & mask;; i = (i + 1) & mask) {
        if (!m->keys[i])
            return NULL;
        if (strcmp(m->keys[i], key) == 0)
            return m->vals[i];
    }
}

void *strmap_put(Arena *a, StrMap *m, const char *key, void *val)
{
    if (2 * (m->len + 1) > m->cap) {
        int cap = m->cap ? m->cap * 2 : 16;
        StrMap n = {arena_alloc(a, sizeof(char *) * (size_t)cap),
                    arena_alloc(a, sizeof(void *) * (size_t)cap), cap, 0};
        for (int i = 0; i < m->cap; i++)
            if (m->keys[i])
                strmap_put(a, &n, m->keys[i], m->vals[i]);
        *m = n;
    }
    uint32_t mask = (uint32_t)m->cap - 1;
    for (uint32_t i = hash_str(key) & mask;; i = (i + 1) & mask) {
        if (!m->keys[i]) {
            m->keys[i] = key;
            m->vals[i] = val;
            m->len++;
            return NULL;
        }
        if (strcmp(m->keys[i], key) == 0)
            return m->vals[i];
    }
}

void strmap_set(Arena *a, StrMap *m, const char *key, void *val)
{
    strmap_put(a, m, key, val); /* present now, with val if it was absent */
    uint32_t mask = (uint32_t)m->cap - 1;
    for (uint32_t i = hash_str(key) & mask;; i = (i + 1) & mask)
        if (strcmp(m->keys[i], key) == 0) {
            m->vals[i] = val;
            return;
        }
}

size_t arena_bytes(const Arena *a)
{
    size_t n = 0;
    for (const ArenaBlock *b = a->head; b; b = b->next)
        n += sizeof *b + b->size;
    return n;
}

size_t arena_used(const Arena *a)
{
    size_t n = 0;
    for (const ArenaBlock *b = a->head; b; b = b->next)
        n += b->used;
    return n;
}

/* Writes all of data to fd; 0, or -1 with errno. */
static int write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Writes to path itself: for a device or a pipe, which cannot be
 * replaced by a rename. */
static int write_in_place(const char *path, const char *data, size_t len)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0)
        return -1;
    int rc = write_all(fd, data, len), e = errno;
    if (close(fd) != 0 && rc == 0)
        rc = -1, e = errno;
    errno = e;
    return rc;
}

/* Creates a new file beside target, named .BASE.PID.N.tmp (BASE cut to
 * 100 bytes, so that a long name stays a legal one), with mode 0666 less
 * the umask; its name into tmp. Returns its descriptor, or -1 with errno. */
static int create_beside(const char *target, char *tmp, size_t size)
{
    const char *slash = strrchr(target, '/');
    int dirlen = slash ? (int)(slash - target + 1) : 0;
    const char *base = slash ? slash + 1 : target;
    for (int k = 0; k < 100; k++) {
        int n = snprintf(tmp, size, "%.*s.%.100s.%ld.%d.tmp", dirlen, target, base,
                         (long)getpid(), k);
        if (n < 0 || (size_t)n >= size) {
            errno = ENAMETOOLONG;
            return -1;
        }
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1; /* EEXIST: a hundred stale temporaries of this process id */
}

/* Writes data into a temporary beside target and renames it over target;
 * mode >= 0 is target's present mode, which the new file keeps. */
static int replace_file(const char *target, int mode, const char *data, size_t len)
{
    char tmp[PATH_MAX + 160];
    int fd = create_beside(target, tmp, sizeof tmp);
    if (fd < 0)
        return -1;
    int rc = write_all(fd, data, len);
    if (rc == 0 && mode >= 0)
        rc = fchmod(fd, (mode_t)mode);
    int e = errno;
    if (close(fd) != 0 && rc == 0)
        rc = -1, e = errno; /* a delayed write error (NFS, a quota) */
    if (rc == 0 && rename(tmp, target) != 0)
        rc = -1, e = errno;
    if (rc != 0)
        unlink(tmp);
    errno = e;
    return rc;
}

int write_file(const char *path, const char *data, size_t len)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno != ENOENT)
            return -1;
        if (lstat(path, &st) == 0) /* a dangling link: through it, as fopen goes */
            return write_in_place(path, data, len);
        return replace_file(path, -1, data, len);
    }
    if (!S_ISREG(st.st_mode))
        return write_in_place(path, data, len);
    char *target = realpath(path, NULL); /* a link: replace what it points to */
    if (!target && errno == ENOMEM)
        out_of_memory();
    if (!target)
        return -1;
    int rc = replace_file(target, (int)(st.st_mode & 07777), data, len);
    int e = errno;
    free(target);
    errno = e;
    return rc;
}
