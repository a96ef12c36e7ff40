/* serve.c: `GAME serve`, a table in the browser. An HTTP/1.1 server on
 * 127.0.0.1 only, single-threaded over poll(), serving one game:
 *
 *   GET  /seat/N?key=K          the page of seat N (runtime/serve/)
 *   GET  /seat/N/events?key=K   text/event-stream: each event's data one
 *                               protocol line of seat N, from the first
 *                               (or after Last-Event-ID)
 *   POST /seat/N/answer?key=K   a protocol answer line for seat N
 *   GET  /serve/...             the page's script and style
 *
 * Seats count from 1 (seat N is the protocol's player N-1). Each human
 * seat has a random key, from /dev/urandom, printed in its URL: a stream
 * or an answer with the wrong key (or none) gets 403. A line of a seat's
 * stream is written only to connections that gave that seat's key. Every
 * response but an event stream closes its connection. Nothing a client
 * sends stops the server: a bad request gets 400, an unknown path 404, a
 * head over HEAD_MAX bytes 431, and a client that goes away is closed
 * (SIGPIPE is ignored, and sends use MSG_NOSIGNAL). */
#include "serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

enum {
    MAX_CONNS = 64,         /* connections at once (free_conn) */
    HEAD_MAX = 8192,        /* request line and headers */
    BODY_MAX = RT_LINE_MAX, /* a POST's body: one protocol line */
    KEY_BYTES = 16,         /* a seat's key: 32 hex digits */
    BATCH_MAX = 65536,      /* bytes of events queued at once per stream */
};

typedef enum ConnKind {
    CONN_FREE,
    CONN_READING,           /* reading a request */
    CONN_REPLYING,          /* sending a response, then closing */
    CONN_STREAMING,         /* an event stream of one seat */
} ConnKind;

/* One client connection. */
typedef struct Conn {
    ConnKind kind;
    int fd;
    char in[HEAD_MAX + BODY_MAX];   /* the request read so far */
    size_t inlen;                   /* bytes of in */
    char *out;                      /* bytes to send */
    size_t outlen, outpos;          /* bytes in out, bytes already sent */
    uint64_t opened;                /* when it was accepted: the number of the accept */
    int seat;                       /* CONN_STREAMING: the seat (from 0) */
    size_t next_line;               /* CONN_STREAMING: the next line to send */
    int asking;                     /* CONN_STREAMING: the last "asking" sent: 1, 0, -1 none */
} Conn;

/* A parsed request. */
typedef struct Request {
    char method[8];         /* GET, POST, ... */
    char path[256];         /* the target up to '?' */
    char key[2 * KEY_BYTES + 1];    /* the key= of the query ("" if none) */
    long content_length;    /* -1: no Content-Length */
    long last_event_id;     /* -1: no Last-Event-ID */
    const char *body;       /* content_length bytes */
} Request;

/* The server. */
typedef struct Server {
    const RtGame *g;
    const char *prog;
    int listen_fd;
    int port;
    RtServeGame game;
    char key[RT_MAX_PLAYERS][2 * KEY_BYTES + 1];  /* each human seat's key */
    bool delivered[RT_MAX_PLAYERS]; /* the seat's last line was sent to a client */
    bool exit_when_done;
    uint64_t accepted;              /* connections accepted so far */
    Conn conn[MAX_CONNS];
} Server;

static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
    stop_signal = sig;
}

/* ---- keys ---- */

static bool make_keys(Server *sv)
{
    int fd = open("/dev/urandom", O_RDONLY);
    unsigned char raw[KEY_BYTES];
    for (int p = 0; p < sv->game.nplayers; p++) {
        if (fd < 0 || read(fd, raw, sizeof raw) != (ssize_t)sizeof raw) {
            fprintf(stderr, "%s: cannot read /dev/urandom for the seats' keys\n", sv->prog);
            if (fd >= 0)
                close(fd);
            return false;
        }
        for (int i = 0; i < KEY_BYTES; i++)
            snprintf(sv->key[p] + 2 * i, 3, "%02x", raw[i]);
    }
    close(fd);
    return true;
}

/* The same bytes, compared in a time that does not depend on where they
 * differ. */
static bool key_equal(const char *a, const char *b)
{
    size_t n = strlen(a);
    if (n != strlen(b) || n == 0)
        return false;
    unsigned diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= (unsigned char)a[i] ^ (unsigned char)b[i];
    return diff == 0;
}

/* ---- the listening socket ---- */

static int listen_local(const char *prog, int port, int *bound)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                            .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof a;
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0 ||
        bind(fd, (struct sockaddr *)&a, sizeof a) < 0 || listen(fd, MAX_CONNS) < 0 ||
        getsockname(fd, (struct sockaddr *)&a, &len) < 0 ||
        fcntl(fd, F_SETFL, O_NONBLOCK) < 0) {
        fprintf(stderr, "%s: cannot listen on 127.0.0.1:%d: %s\n", prog, port,
                strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    *bound = ntohs(a.sin_port);
    return fd;
}

/* ---- connections ---- */

static void conn_close(Conn *c)
{
    if (c->fd >= 0)
        close(c->fd);
    free(c->out);
    *c = (Conn){.kind = CONN_FREE, .fd = -1};
}

/* A free connection; when all are in use, the one that has been reading
 * its request the longest is closed for it (clients that open connections
 * and say nothing cannot keep others out), or NULL if every one streams. */
static Conn *free_conn(Server *sv)
{
    Conn *oldest = NULL;
    for (int i = 0; i < MAX_CONNS; i++) {
        Conn *c = &sv->conn[i];
        if (c->kind == CONN_FREE)
            return c;
        if (c->kind == CONN_READING && (!oldest || c->opened < oldest->opened))
            oldest = c;
    }
    if (oldest)
        conn_close(oldest);
    return oldest;
}

/* Accepts every connection waiting (at most MAX_CONNS at a time). */
static void accept_all(Server *sv)
{
    for (int k = 0; k < MAX_CONNS; k++) {
        int fd = accept(sv->listen_fd, NULL, NULL);
        if (fd < 0)
            return;
        Conn *c = free_conn(sv);
        if (!c || fcntl(fd, F_SETFL, O_NONBLOCK) < 0) {
            close(fd);
            continue;
        }
        *c = (Conn){.kind = CONN_READING, .fd = fd, .opened = sv->accepted++};
    }
}

/* Queues n bytes of s to send. False: out of memory. */
static bool queue(Conn *c, const char *s, size_t n)
{
    char *more = realloc(c->out, c->outlen + n);
    if (!more)
        return false;
    memcpy(more + c->outlen, s, n);
    c->out = more;
    c->outlen += n;
    return true;
}

static const char *status_text(int status)
{
    switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 409: return "Conflict";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 431: return "Request Header Fields Too Large";
    default: return "Internal Server Error";
    }
}

/* A whole response, then the connection closes. */
static void reply(Conn *c, int status, const char *type, const void *body, size_t n)
{
    char head[512];
    int k = snprintf(head, sizeof head,
                     "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
                     "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
                     "Connection: close\r\n\r\n", status, status_text(status), type, n);
    c->kind = CONN_REPLYING;
    c->outlen = c->outpos = 0;
    if (!queue(c, head, (size_t)k) || !queue(c, body, n))
        conn_close(c);
}

static void reply_status(Conn *c, int status)
{
    char body[64];
    int k = snprintf(body, sizeof body, "%d %s\n", status, status_text(status));
    reply(c, status, "text/plain; charset=utf-8", body, (size_t)k);
}

/* The body of a protocol error line, {"type":"error","message":MSG}. */
static void reply_error(Conn *c, int status, const char *msg)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    if (!f) {
        conn_close(c);
        return;
    }
    fputs("{\"type\":\"error\",\"message\":", f);
    rt_json_string(f, msg);
    fputs("}\n", f);
    if (fclose(f) == 0)
        reply(c, status, "application/json", buf, n);
    else
        conn_close(c);
    free(buf);
}

/* ---- reading a request ---- */

static bool is_token_char(char ch)
{
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
           (ch && strchr("!#$%&'*+-.^_`|~", ch));
}

/* A number of at most 18 digits, the whole of s[0..n). */
static long header_number(const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == '\t'))
        s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    if (n == 0 || n > 18)
        return -2;
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -2;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

/* The query's key=: hex digits only, at most the length of a key. */
static void query_key(const char *q, size_t n, char *key, size_t cap)
{
    key[0] = '\0';
    for (size_t i = 0; i < n;) {
        size_t end = i;
        while (end < n && q[end] != '&')
            end++;
        if (end - i > 4 && memcmp(q + i, "key=", 4) == 0 && end - i - 4 < cap) {
            memcpy(key, q + i + 4, end - i - 4);
            key[end - i - 4] = '\0';
        }
        i = end + 1;
    }
}

/* "METHOD SP TARGET SP HTTP/1.x"; false: not a request line. */
static bool parse_request_line(Request *r, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && i < sizeof r->method - 1 && s[i] >= 'A' && s[i] <= 'Z')
        r->method[i] = s[i], i++;
    r->method[i] = '\0';
    if (i == 0 || i >= n || s[i] != ' ' || i + 1 >= n || s[i + 1] != '/')
        return false;
    size_t t = ++i;
    while (i < n && s[i] > ' ' && s[i] < 0x7f)
        i++;
    if (n - i != 9 || memcmp(s + i, " HTTP/1.", 8) != 0 || (s[n - 1] != '0' && s[n - 1] != '1'))
        return false;
    size_t q = t;
    while (q < i && s[q] != '?')
        q++;
    if (q - t >= sizeof r->path)
        return false;
    memcpy(r->path, s + t, q - t);
    r->path[q - t] = '\0';
    if (q < i)
        query_key(s + q + 1, i - q - 1, r->key, sizeof r->key);
    return true;
}

/* "Name: value"; false: not a header line. */
static bool parse_header(Request *r, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && is_token_char(s[i]))
        i++;
    if (i == 0 || i >= n || s[i] != ':')
        return false;
    if (i == 14 && strncasecmp(s, "Content-Length", 14) == 0)
        return (r->content_length = header_number(s + i + 1, n - i - 1)) >= 0;
    if (i == 13 && strncasecmp(s, "Last-Event-ID", 13) == 0)
        r->last_event_id = header_number(s + i + 1, n - i - 1);
    if (i == 17 && strncasecmp(s, "Transfer-Encoding", 17) == 0)
        return false; /* a body is sent with Content-Length only */
    return true;
}

/* Parses the head in[0..head) (ending in an empty line); false: 400. */
static bool parse_head(Request *r, const char *in, size_t head)
{
    *r = (Request){.content_length = -1, .last_event_id = -1};
    size_t i = 0;
    for (int line = 0; i < head; line++) {
        const char *nl = memchr(in + i, '\n', head - i);
        size_t end = (size_t)(nl - in), n = end - i;
        if (n && in[i + n - 1] == '\r')
            n--;
        if (n == 0)
            return line > 0;
        if (memchr(in + i, '\0', n))
            return false;
        if (line == 0 ? !parse_request_line(r, in + i, n) : !parse_header(r, in + i, n))
            return false;
        i = end + 1;
    }
    return false;
}

/* Where the head ends (after its empty line), or 0 if not yet read. */
static size_t head_end(const char *in, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++) {
        if (in[i] != '\n')
            continue;
        if (in[i + 1] == '\n')
            return i + 2;
        if (i + 2 < n && in[i + 1] == '\r' && in[i + 2] == '\n')
            return i + 3;
    }
    return 0;
}

/* ---- routing ---- */

/* "/seat/N" then rest; the seat from 0, or -1. */
static int seat_of_path(const Server *sv, const char *path, const char **rest)
{
    if (strncmp(path, "/seat/", 6) != 0)
        return -1;
    const char *s = path + 6;
    int n = 0, digits = 0;
    while (*s >= '0' && *s <= '9' && digits < 3)
        n = n * 10 + (*s++ - '0'), digits++;
    if (!digits || path[6] == '0' || n < 1 || n > sv->game.nplayers ||
        sv->game.seat[n - 1] != RT_SEAT_HUMAN)
        return -1;
    *rest = s;
    return n - 1;
}

static bool serve_file(Conn *c, const Request *r)
{
    for (const RtServeFile *f = rt_serve_files; f->path; f++)
        if (!strcmp(r->path, f->path)) {
            if (strcmp(r->method, "GET"))
                reply_status(c, 405);
            else
                reply(c, 200, f->type, f->data, f->size);
            return true;
        }
    return false;
}

static void start_stream(Server *sv, Conn *c, int seat, long last_id)
{
    static const char head[] = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                               "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
                               "\r\n";
    c->kind = CONN_STREAMING;
    c->seat = seat;
    c->asking = -1;
    c->outlen = c->outpos = 0;
    size_t n = sv->game.stream[seat].nlines;
    c->next_line = last_id < 0 ? 0 : (size_t)last_id + 1 > n ? n : (size_t)last_id + 1;
    if (!queue(c, head, sizeof head - 1))
        conn_close(c);
}

static void answer(Server *sv, Conn *c, int seat, const Request *r)
{
    char err[160];
    size_t n = (size_t)r->content_length;
    if (n && r->body[n - 1] == '\n')
        n--; /* the line's end, as rt_read_line drops it */
    if (n && r->body[n - 1] == '\r')
        n--;
    int status = rt_sg_answer(&sv->game, seat, r->body, n, err, sizeof err);
    if (status == 200)
        reply(c, 200, "application/json", "{\"type\":\"ok\"}\n", 14);
    else
        reply_error(c, status, err);
    if (sv->game.failed)
        stop_signal = -1;
}

/* What follows /seat/N: 0 the page, 1 the events, 2 the answer, -1 none. */
static int seat_resource(const char *rest)
{
    static const char *const names[] = {"", "/events", "/answer"};
    for (int k = 0; k < 3; k++)
        if (!strcmp(rest, names[k]))
            return k;
    return -1;
}

static void route_seat(Server *sv, Conn *c, const Request *r, int seat, const char *rest)
{
    bool get = !strcmp(r->method, "GET"), post = !strcmp(r->method, "POST");
    int kind = seat_resource(rest);
    if (kind < 0)
        reply_status(c, 404);
    else if (kind == 2 ? !post : !get)
        reply_status(c, 405);
    else if (!key_equal(r->key, sv->key[seat]))
        reply_status(c, 403);
    else if (kind == 0)
        serve_file(c, &(Request){.method = "GET", .path = "/serve/page.html"});
    else if (kind == 1)
        start_stream(sv, c, seat, r->last_event_id);
    else
        answer(sv, c, seat, r);
}

static void route(Server *sv, Conn *c, const Request *r)
{
    const char *rest;
    int seat = seat_of_path(sv, r->path, &rest);
    if (seat >= 0)
        route_seat(sv, c, r, seat, rest);
    else if (!serve_file(c, r))
        reply_status(c, 404);
}

/* The request's head (up to head) is in: answers what can be answered
 * now. A POST waits for its whole body. */
static void head_read(Server *sv, Conn *c, size_t head)
{
    Request r;
    if (!parse_head(&r, c->in, head)) {
        reply_status(c, 400);
    } else if (r.content_length > BODY_MAX) {
        char msg[64];
        snprintf(msg, sizeof msg, "line too long (over %d bytes)", RT_LINE_MAX - 1);
        reply_error(c, 413, msg);
    } else if (!strcmp(r.method, "POST") && r.content_length < 0) {
        reply_status(c, 411);
    } else if (c->inlen >= head + (size_t)(r.content_length > 0 ? r.content_length : 0)) {
        r.body = c->in + head;
        route(sv, c, &r);
    }
}

/* Reads what is there; answers once a whole request is in. */
static void read_request(Server *sv, Conn *c)
{
    ssize_t k = recv(c->fd, c->in + c->inlen, sizeof c->in - c->inlen, 0);
    if (k <= 0) {
        if (k == 0 || (errno != EAGAIN && errno != EINTR))
            conn_close(c);
        return;
    }
    c->inlen += (size_t)k;
    size_t head = head_end(c->in, c->inlen < HEAD_MAX ? c->inlen : HEAD_MAX);
    if (head)
        head_read(sv, c, head);
    else if (c->inlen >= HEAD_MAX)
        reply_status(c, 431);
}

/* ---- sending ---- */

/* Once a stream has every line: an event "asking" whose data is true
 * when a question of its seat is pending, false when not, each time that
 * changes. A page told false knows the last question it was sent was
 * answered, even when no line followed the answer. */
static bool queue_asking(Server *sv, Conn *c)
{
    const RtCore *core = sv->game.st;
    int asking = core->over == RT_PLAYING && core->dec.player == c->seat;
    if (c->next_line < sv->game.stream[c->seat].nlines || asking == c->asking)
        return true;
    c->asking = asking;
    const char *ev = asking ? "event: asking\ndata: true\n\n" : "event: asking\ndata: false\n\n";
    return queue(c, ev, strlen(ev));
}

/* Queues a stream's lines not yet queued, as events "id: I" "data: LINE",
 * then what queue_asking says. */
static void refill_stream(Server *sv, Conn *c)
{
    const RtSeatStream *s = &sv->game.stream[c->seat];
    if (c->outpos < c->outlen)
        return;
    c->outlen = c->outpos = 0;
    while (c->next_line < s->nlines && c->outlen < BATCH_MAX) {
        size_t i = c->next_line, from = i ? s->line_end[i - 1] : 0;
        char id[40];
        int k = snprintf(id, sizeof id, "id: %zu\ndata: ", i);
        if (!queue(c, id, (size_t)k) || !queue(c, s->buf + from, s->line_end[i] - from) ||
            !queue(c, "\n", 1)) {
            conn_close(c);
            return;
        }
        c->next_line++;
    }
    if (!queue_asking(sv, c))
        conn_close(c);
}

static void send_some(Server *sv, Conn *c)
{
    ssize_t k = send(c->fd, c->out + c->outpos, c->outlen - c->outpos, MSG_NOSIGNAL);
    if (k < 0) {
        if (errno != EAGAIN && errno != EINTR)
            conn_close(c);
        return;
    }
    c->outpos += (size_t)k;
    if (c->outpos < c->outlen)
        return;
    if (c->kind == CONN_REPLYING) {
        shutdown(c->fd, SHUT_WR);
        conn_close(c);
    } else if (c->next_line == sv->game.stream[c->seat].nlines && rt_sg_over(&sv->game)) {
        sv->delivered[c->seat] = true;
    }
}

/* A streaming client sent something, or went away. */
static void drain_stream(Conn *c)
{
    char sink[512];
    ssize_t k = recv(c->fd, sink, sizeof sink, 0);
    if (k == 0 || (k < 0 && errno != EAGAIN && errno != EINTR))
        conn_close(c);
}

/* ---- the loop ---- */

static bool all_delivered(const Server *sv)
{
    if (!rt_sg_over(&sv->game))
        return false;
    for (int p = 0; p < sv->game.nplayers; p++)
        if (sv->game.seat[p] == RT_SEAT_HUMAN && !sv->delivered[p])
            return false;
    return true;
}

/* The pollfd of each connection in use (idx: which conn), the listener
 * last. Returns how many. */
static int poll_set(Server *sv, struct pollfd *fds, int *idx)
{
    int n = 0;
    for (int i = 0; i < MAX_CONNS; i++) {
        Conn *c = &sv->conn[i];
        if (c->kind == CONN_STREAMING)
            refill_stream(sv, c);
        if (c->kind == CONN_FREE)
            continue;
        short ev = c->outpos < c->outlen ? POLLOUT : 0;
        if (c->kind != CONN_REPLYING)
            ev |= POLLIN;
        fds[n] = (struct pollfd){.fd = c->fd, .events = ev};
        idx[n++] = i;
    }
    fds[n] = (struct pollfd){.fd = sv->listen_fd, .events = POLLIN};
    return n;
}

static void poll_once(Server *sv)
{
    struct pollfd fds[MAX_CONNS + 1];
    int idx[MAX_CONNS];
    int n = poll_set(sv, fds, idx);
    if (poll(fds, (nfds_t)n + 1, -1) < 0)
        return; /* EINTR: a signal, seen by the loop */
    for (int j = 0; j < n; j++) {
        Conn *c = &sv->conn[idx[j]];
        short re = fds[j].revents;
        if (re & POLLOUT)
            send_some(sv, c);
        if (c->kind == CONN_READING && (re & (POLLIN | POLLHUP | POLLERR)))
            read_request(sv, c);
        else if (c->kind == CONN_STREAMING && (re & (POLLIN | POLLHUP | POLLERR)))
            drain_stream(c);
        else if (c->kind == CONN_REPLYING && (re & (POLLHUP | POLLERR)))
            conn_close(c);
    }
    if (fds[n].revents & POLLIN)
        accept_all(sv);
}

/* Each human seat's URL on stdout, one line each. */
static bool print_urls(const Server *sv)
{
    for (int p = 0; p < sv->game.nplayers; p++)
        if (sv->game.seat[p] == RT_SEAT_HUMAN)
            printf("seat %d: http://127.0.0.1:%d/seat/%d?key=%s\n", p + 1, sv->port, p + 1,
                   sv->key[p]);
    return rt_check_output(stdout, sv->prog) < 0;
}

static void catch_stops(void)
{
    struct sigaction sa = {.sa_handler = on_stop};
    sigemptyset(&sa.sa_mask); /* no SA_RESTART: poll returns EINTR */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

static int run(Server *sv)
{
    catch_stops();
    while (!stop_signal && !(sv->exit_when_done && all_delivered(sv)))
        poll_once(sv);
    if (stop_signal < 0)
        return 1; /* out of memory */
    const RtCore *c = sv->game.st;
    return c->over == RT_FAULT ? 1 : 0;
}

int rt_serve(const RtGame *g, const char *prog, const RtServeOpts *o)
{
    Server *sv = calloc(1, sizeof *sv);
    int rc = 1;
    if (!sv) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return 1;
    }
    sv->g = g;
    sv->prog = prog;
    sv->exit_when_done = o->exit_when_done;
    for (int i = 0; i < MAX_CONNS; i++)
        sv->conn[i] = (Conn){.kind = CONN_FREE, .fd = -1};
    sv->listen_fd = listen_local(prog, o->port, &sv->port);
    if (sv->listen_fd >= 0 && rt_sg_start(&sv->game, g, prog, o) && make_keys(sv) &&
        print_urls(sv))
        rc = run(sv);
    for (int i = 0; i < MAX_CONNS; i++)
        conn_close(&sv->conn[i]);
    if (sv->listen_fd >= 0)
        close(sv->listen_fd);
    rt_sg_free(&sv->game);
    free(sv);
    return rc;
}
