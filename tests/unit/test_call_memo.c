/* test_call_memo.c: CallMemo (compiler/sema_call_memo.h), what a walk of
 * funcs' bodies through their calls keeps: a recursive call not read
 * again, what a reading found kept per func, context and depth, and not
 * kept when it met a func being read further out. */
#include "helpers.h"
#include "sema_call_memo.h"

#include <criterion/criterion.h>

/* Two funcs: only their addresses count. */
static const int f, g;

/* The contexts 0..CALL_MEMO_ROOM: a context stays where it is while its
 * func is read (a CallMemo keeps a pointer to it). */
static const int ctxs[CALL_MEMO_ROOM + 1] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                            16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
                                            29, 30, 31, 32};

static CallStep enter(CallMemo *m, const void *func, int ctx, const void **found)
{
    return call_memo_enter(m, func, &ctxs[ctx], sizeof ctxs[ctx], found);
}

static void leave(CallMemo *m, int found)
{
    call_memo_leave(m, &found, sizeof found);
}

Test(call_memo, a_recursive_call_is_not_read_again)
{
    Arena a = {0};
    CallMemo m;
    call_memo_init(&m, &a, NULL);
    const void *found = NULL;
    cr_assert_eq(enter(&m, &f, 1, &found), CALL_READ);
    cr_assert_eq(enter(&m, &f, 1, &found), CALL_AGAIN, "f is being read with context 1");
    cr_assert_eq(enter(&m, &f, 2, &found), CALL_READ, "another context is read");
    leave(&m, 0);
    leave(&m, 0);
    cr_assert_eq(m.depth, 0);
    arena_free(&a);
}

Test(call_memo, what_was_found_is_kept_per_depth)
{
    Arena a = {0};
    CallMemo m;
    call_memo_init(&m, &a, NULL);
    const void *found = NULL;
    cr_assert_eq(enter(&m, &f, 1, &found), CALL_READ);
    leave(&m, 42);
    cr_assert_eq(enter(&m, &f, 1, &found), CALL_KNOWN);
    cr_assert_eq(*(const int *)found, 42);
    cr_assert_eq(enter(&m, &g, 1, &found), CALL_READ);
    cr_assert_eq(enter(&m, &f, 1, &found), CALL_READ, "one deeper, f is read again");
    leave(&m, 7);
    leave(&m, 0);
    call_memo_forget(&m);
    cr_assert_eq(enter(&m, &f, 1, &found), CALL_READ, "forgotten");
    leave(&m, 0);
    arena_free(&a);
}

Test(call_memo, a_reading_cut_further_out_is_not_kept)
{
    Arena a = {0};
    CallMemo m;
    call_memo_init(&m, &a, NULL);
    const void *found = NULL;
    cr_assert_eq(enter(&m, &f, 1, &found), CALL_READ);
    cr_assert_eq(enter(&m, &g, 1, &found), CALL_READ);
    cr_assert_eq(enter(&m, &f, 1, &found), CALL_AGAIN);
    leave(&m, 5); /* g: it met f, being read further out */
    cr_assert_eq(enter(&m, &g, 1, &found), CALL_READ, "g's reading rested on f's: not kept");
    leave(&m, 5);
    leave(&m, 9); /* f: the cut was at f itself */
    cr_assert_eq(enter(&m, &f, 1, &found), CALL_KNOWN, "f's own recursion does not stop it");
    cr_assert_eq(*(const int *)found, 9);
    arena_free(&a);
}

Test(call_memo, unroll_reads_a_recursive_call_again)
{
    CallMemo m;
    CallFound room[CALL_MEMO_ROOM];
    call_memo_init(&m, NULL, room);
    m.unroll = true;
    const void *found = NULL;
    cr_assert_eq(enter(&m, &f, 1, &found), CALL_READ);
    cr_assert_eq(enter(&m, &f, 1, &found), CALL_READ);
    leave(&m, 3);
    leave(&m, 4);
    cr_assert_eq(enter(&m, &f, 1, &found), CALL_KNOWN);
    cr_assert_eq(*(const int *)found, 4);
}

Test(call_memo, without_an_arena_keeps_what_its_room_holds)
{
    CallMemo m;
    CallFound room[CALL_MEMO_ROOM];
    call_memo_init(&m, NULL, room);
    const void *found = NULL;
    for (int i = 0; i <= CALL_MEMO_ROOM; i++) {
        cr_assert_eq(enter(&m, &f, i, &found), CALL_READ);
        leave(&m, i);
    }
    cr_assert_eq(enter(&m, &f, 0, &found), CALL_KNOWN);
    cr_assert_eq(enter(&m, &f, CALL_MEMO_ROOM, &found), CALL_READ, "past the room");
    leave(&m, 0);
    char big[CALL_CTX_BYTES + 1] = {0};
    cr_assert_eq(call_memo_enter(&m, &g, big, sizeof big, &found), CALL_READ);
    call_memo_leave(&m, &big, 1);
    cr_assert_eq(call_memo_enter(&m, &g, big, sizeof big, &found), CALL_READ,
                 "a context too big for the room");
    call_memo_leave(&m, NULL, 0);
}
