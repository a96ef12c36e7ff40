/* util.h: arena allocation, growable buffers and small string helpers.
 *
 * Every compilation owns one Arena; everything the front end builds lives
 * in it and is released at once by arena_free (chibicc's "never free" made
 * leak-free, as QBE's freeall does per function). */
#ifndef CARDC_UTIL_H
#define CARDC_UTIL_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/* Out of memory. Every allocation of the compiler goes through the arena,
 * a Buf or xmalloc, and one that fails calls out_of_memory(), which jumps
 * to the jmp_buf that oom_catch set last (main.c's run_one: that path
 * ends with a message and exit status 2), or with none set prints
 * "cardc: out of memory" and aborts. oom_catch returns the jmp_buf it
 * replaces: code that holds memory outside the arena (ynode.c's libyaml
 * parser, parse.c's scanner) catches, frees it, puts the outer one back
 * and calls out_of_memory() again. */
jmp_buf *oom_catch(jmp_buf *env);
_Noreturn void out_of_memory(void);
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);

typedef struct ArenaBlock ArenaBlock;
typedef struct Arena {
    ArenaBlock *head;
} Arena;

void *arena_alloc(Arena *a, size_t n);          /* zeroed, 16-aligned */
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_strdup(Arena *a, const char *s);
char *arena_printf(Arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void arena_free(Arena *a);
/* Empties a for reuse: everything allocated in it is gone, its first
 * block kept (zeroed again) and the others given back. For memory used
 * for a while and then dropped, again and again (an effect's tree when
 * only the check of its text reads it: driver.c, phase_parse). */
void arena_reset(Arena *a);

/* A growable byte buffer on the heap (used for output, not the AST). */
typedef struct Buf {
    char *data;
    size_t len, cap;
} Buf;

void buf_put(Buf *b, const char *s, size_t n);
void buf_puts(Buf *b, const char *s);
void buf_printf(Buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void buf_json_string(Buf *b, const char *s);    /* writes "..." escaped, as UTF-8 */
/* The length of the UTF-8 character at s (1 to 4), 0 if not a valid one. */
int utf8_seq(const char *s, size_t n);
/* The characters of UTF-8 text s[0..len): its bytes less the continuation
 * bytes (those 10xxxxxx). */
int utf8_count(const char *s, size_t len);
/* Are the bytes s[0..len) all ASCII (below 0x80)? */
bool all_ascii(const char *s, size_t len);
void buf_free(Buf *b);

/* A growable array of pointers, arena-backed. */
typedef struct PtrVec {
    void **items;
    int len, cap;
} PtrVec;

void vec_push(Arena *a, PtrVec *v, void *item);

/* For a message that shows at most max bytes of s: how many bytes to show
 * (all of s, or fewer ending at a whole UTF-8 character), and in *more
 * "..." if s was cut, "" if not, so that a reader sees the cut:
 *   printf("name '%.*s%s'", msg_cut(s, 40, &more), s, more)  */
int msg_cut(const char *s, int max, const char **more);

/* Damerau-Levenshtein (optimal string alignment) distance, capped. */
int edit_distance(const char *a, const char *b);
/* The closest of names[0..n) to word, or NULL if none is close enough. */
const char *did_you_mean(const char *word, const char *const *names, int n);

/* Reads a whole file; returns 0 and sets *out and *len, or -1 with errno.
 * Files larger than max_bytes fail with errno = EFBIG. */
int read_file(const char *path, size_t max_bytes, char **out, size_t *len);

/* Writes len bytes to path so that path is never half-written: into a
 * temporary file beside it, renamed over it once all of it is written.
 * Returns 0, or -1 with errno set, the temporary removed and path as it
 * was. An existing path keeps its permissions, a new one gets 0666 less
 * the umask (as fopen gives); a symbolic link is followed (its target is
 * replaced); a path that is not a regular file (/dev/stdout, a pipe) is
 * written in place, since nothing can be renamed over it. */
int write_file(const char *path, const char *data, size_t len);


/* A string -> pointer hash map in an arena (open addressing). */
typedef struct StrMap {
    const char **keys;
    void **vals;
    int cap, len;
} StrMap;

void *strmap_get(const StrMap *m, const char *key);
/* strmap_get of key[0..n) (no NUL needed after it). */
void *strmap_get_n(const StrMap *m, const char *key, size_t n);
/* Inserts key if absent; returns the value already there, or NULL. */
void *strmap_put(Arena *a, StrMap *m, const char *key, void *val);
/* Inserts key, or replaces the value it has. */
void strmap_set(Arena *a, StrMap *m, const char *key, void *val);

/* Bytes an arena has taken from the heap (for tests of bounded memory). */
size_t arena_bytes(const Arena *a);
/* Bytes of it handed out so far (their alignment included). */
size_t arena_used(const Arena *a);

#endif
