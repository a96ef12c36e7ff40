/* sema_call_memo.h: what a walk of funcs' bodies through their calls
 * found in each, kept (sema_call_memo.c); for the checks (sema_*.c) and
 * the analysis (analyse.c). */
#ifndef CARDC_SEMA_CALL_MEMO_H
#define CARDC_SEMA_CALL_MEMO_H

#include "util.h"

/* A walk of funcs' bodies through their calls keeps what it found in each
 * (a func calling itself k times, or a chain of funcs each calling the
 * next k times, cost k^depth readings). A walk about to read func's body,
 * with its context ctx (the n bytes of what the walk knows of its
 * parameters, that what it finds depends on: compared byte by byte, so
 * with no padding, and left where it is until call_memo_leave), asks
 * call_memo_enter:
 *   CALL_AGAIN: the func is being read already with that context (a
 *     recursive call): not read again (never with unroll);
 *   CALL_KNOWN: *found is what a reading found before, at this depth;
 *   CALL_READ: read it, then call_memo_leave with what was found (n bytes,
 *     copied; found NULL: nothing to keep, read again at its next call).
 * call_memo_forget drops what was found (what a walk finds changed). A
 * walk goes at most CALL_MEMO_DEPTH funcs deep: it stops before. What was
 * found is kept in the arena; a walk made for every card has none (its
 * memory would grow with the cards): it gives call_memo_init room for
 * CALL_MEMO_ROOM findings instead (CallFound room[CALL_MEMO_ROOM], on its
 * stack), of a context of at most CALL_CTX_BYTES and a finding of at most
 * CALL_FOUND_BYTES each; past those, what it finds is not kept. */
enum { CALL_MEMO_DEPTH = 16, CALL_MEMO_ROOM = 32, CALL_CTX_BYTES = 16, CALL_FOUND_BYTES = 96 };
typedef enum CallStep { CALL_AGAIN, CALL_KNOWN, CALL_READ } CallStep;
typedef struct CallFrame {
    const void *func, *ctx;
    size_t ctx_size;
    int outer_hit;
} CallFrame;
typedef struct CallFound {
    const void *func, *ctx, *found; /* ctx, found: in the arena, or in *_bytes */
    size_t ctx_size;
    int depth;
    _Alignas(16) unsigned char ctx_bytes[CALL_CTX_BYTES]; /* aligned as the arena's */
    _Alignas(16) unsigned char found_bytes[CALL_FOUND_BYTES];
} CallFound;
typedef struct CallMemo {
    Arena *arena;                     /* or NULL: then room */
    CallFrame stack[CALL_MEMO_DEPTH]; /* the funcs being read, outermost first */
    int depth;
    int outer_hit;                    /* see sema_call_memo.c */
    CallFound *room;                  /* CALL_MEMO_ROOM of them, or NULL */
    int nroom;
    PtrVec more;                      /* CallFound, in the arena */
    bool unroll;                      /* set after call_memo_init: a func being
                                       * read is read again (no CALL_AGAIN), to
                                       * the walk's depth, as before CallMemo:
                                       * for a walk whose findings shape the C
                                       * (analyse.c), kept exactly */
} CallMemo;
void call_memo_init(CallMemo *m, Arena *arena, CallFound *room);
CallStep call_memo_enter(CallMemo *m, const void *func, const void *ctx, size_t n,
                         const void **found);
void call_memo_leave(CallMemo *m, const void *found, size_t n);
void call_memo_forget(CallMemo *m);

#endif
