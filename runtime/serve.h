/* serve.h: inside libcardrt, `GAME serve` (docs/INTERFACES.md §4, "serve";
 * RUNTIME.md, "A table in the browser"). Not part of the contract with
 * generated code (that is rt.h).
 *
 *   serve_game.c   the game: one protocol stream per seat, kept whole
 *   serve.c        the HTTP server: pages, event streams, answers
 *   build/serve/files.c  (generated from runtime/serve/) the page's files */
#ifndef CARDRT_SERVE_H
#define CARDRT_SERVE_H

#include "rtcli.h"

#include <stddef.h>

/* What `GAME serve` was asked, from the command line (cli.c). */
typedef struct RtServeOpts {
    int port;                       /* 0: any free port */
    int players;                    /* seats in the game */
    uint8_t seat[RT_MAX_PLAYERS];   /* RT_SEAT_HUMAN or a machine's (RtSeat) */
    int32_t budget[RT_MAX_PLAYERS]; /* mc:N, ismcts:N: N */
    bool seed_set;                  /* --seed given */
    uint64_t seed;                  /* the seed, when given */
    int64_t max_decisions;          /* 0: the game's own bound */
    bool exit_when_done;            /* stop once every seat was sent the end */
} RtServeOpts;

/* Serves one game until it is over and delivered (exit_when_done) or
 * until SIGINT or SIGTERM. Returns the exit status. */
int rt_serve(const RtGame *g, const char *prog, const RtServeOpts *o);

/* ---- the page's files, generated from runtime/serve/ ---- */

typedef struct RtServeFile {
    const char *path;               /* the URL path it is served at */
    const char *type;               /* its Content-Type */
    const unsigned char *data;      /* its bytes */
    size_t size;                    /* how many */
} RtServeFile;

extern const RtServeFile rt_serve_files[];  /* ends with a NULL path */

/* ---- the game (serve_game.c) ---- */

/* One seat's protocol stream: every line `play --protocol json` would
 * write to a stream playing that seat alone, kept from the first. */
typedef struct RtSeatStream {
    RtPlay *pl;             /* the protocol writer of this seat (viewers: the seat) */
    FILE *f;                /* pl->out: an open_memstream over buf */
    char *buf;              /* every byte written so far */
    size_t size;            /* bytes of buf */
    size_t *line_end;       /* the offset just after each whole line's '\n' */
    size_t nlines;          /* whole lines in buf */
    size_t cap;             /* room of line_end */
} RtSeatStream;

/* The game being served. */
typedef struct RtServeGame {
    const RtGame *g;
    const char *prog;               /* for messages on stderr */
    void *st;                       /* the game's state */
    int nplayers;
    uint8_t seat[RT_MAX_PLAYERS];   /* RT_SEAT_HUMAN or a machine's (RtSeat) */
    RtMachines mach;                /* the machine seats', as play's */
    RtSeatStream stream[RT_MAX_PLAYERS];  /* a human seat's; .pl NULL for a random seat */
    bool failed;                    /* out of memory writing a stream */
} RtServeGame;

/* Starts the game and plays it to the first question of a human seat (or
 * the end). False: out of memory (a message was printed). */
bool rt_sg_start(RtServeGame *sg, const RtGame *g, const char *prog, const RtServeOpts *o);
void rt_sg_free(RtServeGame *sg);
bool rt_sg_over(const RtServeGame *sg);
/* Human seat p answers with the protocol line s[0..n): 200 when it was
 * taken (and the game played on to the next question of a human seat),
 * 409 when no question of seat p is pending, 400 when the line is not a
 * good answer; err then holds the protocol's error line. */
int rt_sg_answer(RtServeGame *sg, int p, const char *s, size_t n, char *err, size_t errn);

#endif
