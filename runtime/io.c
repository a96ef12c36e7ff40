/* io.c: input and output for the command line: lines read with a bounded
 * buffer, the tiny reader of {"choose":N}, JSON string escapes, and
 * stdout failures (a closed pipe ends the game quietly). */
#include "rtcli.h"
#include "utf8.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Reads one line into buf (at most cap - 1 bytes, NUL-terminated, without
 * its "\n" or "\r\n"). A longer line is consumed to its end and reported
 * as RT_LINE_LONG. A last line without "\n" still counts as a line. NUL
 * bytes are kept: *len, not strlen, is the length. */
RtLineStatus rt_read_line(FILE *in, char *buf, size_t cap, size_t *len)
{
    size_t n = 0;
    bool any = false, over = false;
    int ch;
    while ((ch = getc(in)) != EOF) {
        any = true;
        if (ch == '\n')
            break;
        if (n + 1 < cap)
            buf[n++] = (char)ch;
        else
            over = true;
    }
    if (n > 0 && buf[n - 1] == '\r')
        n--;
    buf[n] = '\0';
    *len = n;
    if (!any)
        return RT_LINE_EOF;
    return over ? RT_LINE_LONG : RT_LINE_OK;
}

static size_t skip_ws(const char *s, size_t i, size_t n)
{
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
        i++;
    return i;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The id as written, for a message: the token is a sign and digits only
 * (plain ASCII, so the message stays JSON), and a long one is cut with
 * "..." so that it is never mistaken for another number. */
static void id_text(char *out, size_t cap, const char *s, size_t len)
{
    enum { SHOWN = 20 };
    snprintf(out, cap, "%.*s%s", (int)(len > SHOWN ? SHOWN : len), s, len > SHOWN ? "..." : "");
}

/* The option id at s[i..n): JSON's integer, -?(0|[1-9][0-9]*), with no
 * fraction nor exponent. Returns the index after it, or 0 with the
 * message in err. */
static size_t read_id(const char *s, size_t i, size_t n, char *err, size_t errn)
{
    size_t start = i;
    if (i < n && (s[i] == '-' || s[i] == '+'))
        i++;
    size_t digits = i;
    while (i < n && is_digit(s[i]))
        i++;
    if (i == digits || (i < n && (s[i] == '.' || s[i] == 'e' || s[i] == 'E'))) {
        snprintf(err, errn, "\"choose\" must be an integer option id");
        return 0;
    }
    if (s[start] == '+' || (s[digits] == '0' && i - digits > 1)) {
        char text[32];
        id_text(text, sizeof text, s + start, i - start);
        snprintf(err, errn, "\"choose\": %s is not a JSON number (%s)", text,
                 s[start] == '+' ? "no '+' sign" : "no leading zeros");
        return 0;
    }
    return i;
}

/* The option that id s[0..len) (read_id's) names, or -1 with the message
 * in err: a negative id, -0 included, or one past the options is refused
 * with the id as written, never wrapped into another number. */
static int option_of(const char *s, size_t len, int nopt, char *err, size_t errn)
{
    bool neg = s[0] == '-';
    long v = 0;
    for (size_t k = neg; k < len && v < nopt; k++)  /* stops past nopt: no overflow */
        v = v * 10 + (s[k] - '0');
    if (neg && v == 0) {
        snprintf(err, errn, "option id -0 is not an id: choose 0 to %d", nopt - 1);
        return -1;
    }
    if (neg || v >= nopt) {
        char text[32];
        id_text(text, sizeof text, s, len);
        snprintf(err, errn, "option id %s out of range: choose 0 to %d", text, nopt - 1);
        return -1;
    }
    return (int)v;
}

/*   line := ws '{' ws "\"choose\"" ws ':' ws id ws '}' ws
 * Nothing else is accepted: no other keys, no strings, no fractions, and
 * the id names one of the nopt options (option_of). On success *id is
 * that option; otherwise err (errn bytes) holds the message of the error
 * line. */
bool rt_parse_choose(const char *s, size_t n, int nopt, int *id, char *err, size_t errn)
{
    static const char key[] = "\"choose\"";
    size_t klen = sizeof key - 1;
    size_t i = skip_ws(s, 0, n);
    snprintf(err, errn, "expected a line {\"choose\":ID}");
    if (i == n || s[i] != '{')
        return false;
    i = skip_ws(s, i + 1, n);
    if (n - i < klen || memcmp(s + i, key, klen) != 0) {
        snprintf(err, errn, "expected the key \"choose\"");
        return false;
    }
    i = skip_ws(s, i + klen, n);
    if (i == n || s[i] != ':') {
        snprintf(err, errn, "expected ':' after \"choose\"");
        return false;
    }
    size_t at = skip_ws(s, i + 1, n);
    i = read_id(s, at, n, err, errn);
    if (i == 0)
        return false;
    size_t len = i - at;
    i = skip_ws(s, i, n);
    if (i == n || s[i] != '}') {
        snprintf(err, errn, "expected '}' after the option id");
        return false;
    }
    if (skip_ws(s, i + 1, n) != n) {
        snprintf(err, errn, "unexpected text after the object");
        return false;
    }
    *id = option_of(s + at, len, nopt, err, errn);
    return *id >= 0;
}

/* A decimal number without sign, at most max; the whole string. */
bool rt_parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (!s || !*s)
        return false;
    for (; *s; s++) {
        if (!is_digit(*s))
            return false;
        unsigned d = (unsigned)(*s - '0');
        if (v > max / 10 || (v == max / 10 && d > max % 10))
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

/* s as a JSON string. JSON text is UTF-8: cardc lets only UTF-8 into a
 * game's names and texts, and a byte that does not start a valid
 * character all the same (a rules file named in another encoding) is
 * written as U+FFFD, so every line stays JSON. */
void rt_json_string(FILE *f, const char *s)
{
    putc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p >= 0x80) {
            int k = rt_utf8_seq((const char *)p, SIZE_MAX);
            if (k == 0)
                fputs("\\ufffd", f);
            else
                fwrite(p, 1, (size_t)k, f);
            p += k ? k - 1 : 0;
            continue;
        }
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\t': fputs("\\t", f); break;
        case '\r': fputs("\\r", f); break;
        default:
            if (*p < 0x20 || *p == 0x7f)
                fprintf(f, "\\u%04x", *p);
            else
                putc(*p, f);
        }
    }
    putc('"', f);
}

/* Flushes f; returns -1 if all is well, else the exit status: 0 for a
 * closed pipe (SIGPIPE is ignored, so writes fail with EPIPE) or a closed
 * stdout (EBADF), which end the game quietly; 1 with a message otherwise
 * (a full disk, say). errno is not cleared
 * first: a write that failed inside an earlier printf left it set, and
 * callers check ferror soon after each burst of output. */
int rt_check_output(FILE *f, const char *prog)
{
    if (fflush(f) == 0 && !ferror(f))
        return -1;
    if (errno == EPIPE || errno == EBADF)
        return 0;
    fprintf(stderr, "%s: write error: %s\n", prog,
            errno ? strerror(errno) : "unknown");
    return 1;
}

bool rt_flush(RtPlay *pl)
{
    if (pl->io_status >= 0)
        return false;
    pl->io_status = rt_check_output(pl->out, pl->prog);
    return pl->io_status < 0;
}

bool rt_colour_wanted(FILE *f)
{
    const char *no = getenv("NO_COLOR");
    return isatty(fileno(f)) && !(no && *no);
}

void rt_put_num(FILE *f, double x)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.4f", x);
    char *e = buf + strlen(buf);
    while (e[-1] == '0')
        *--e = '\0';
    if (e[-1] == '.')
        e[-1] = '\0';
    fputs(strcmp(buf, "-0") ? buf : "0", f);
}
