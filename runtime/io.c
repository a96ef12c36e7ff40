/* io.c: input and output for the command line: lines read with a bounded
 * buffer, the tiny reader of {"choose":N}, JSON string escapes, and
 * stdout failures (a closed pipe ends the game quietly). */
#include "rtcli.h"

#include <errno.h>
#include <string.h>

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

/* An integer, saturated above 10^9 so that huge ids stay out of range. */
static size_t read_int(const char *s, size_t i, size_t n, long *v)
{
    bool neg = i < n && s[i] == '-';
    long x = 0;
    if (neg)
        i++;
    if (i >= n || !is_digit(s[i]))
        return 0;
    for (; i < n && is_digit(s[i]); i++)
        if (x <= 1000000000L)
            x = x * 10 + (s[i] - '0');
    if (i < n && (s[i] == '.' || s[i] == 'e' || s[i] == 'E'))
        return 0;
    *v = neg ? -x : x;
    return i;
}

/*   line := ws '{' ws "\"choose\"" ws ':' ws integer ws '}' ws
 * Nothing else is accepted: no other keys, no strings, no fractions. The
 * range of the id is the caller's to check. */
bool rt_parse_choose(const char *s, size_t n, long *id, const char **err)
{
    static const char key[] = "\"choose\"";
    size_t klen = sizeof key - 1;
    size_t i = skip_ws(s, 0, n);
    *err = "expected a line {\"choose\":ID}";
    if (i == n || s[i] != '{')
        return false;
    i = skip_ws(s, i + 1, n);
    if (n - i < klen || memcmp(s + i, key, klen) != 0) {
        *err = "expected the key \"choose\"";
        return false;
    }
    i = skip_ws(s, i + klen, n);
    if (i == n || s[i] != ':') {
        *err = "expected ':' after \"choose\"";
        return false;
    }
    i = read_int(s, skip_ws(s, i + 1, n), n, id);
    if (i == 0) {
        *err = "\"choose\" must be an integer option id";
        return false;
    }
    i = skip_ws(s, i, n);
    if (i == n || s[i] != '}') {
        *err = "expected '}' after the option id";
        return false;
    }
    if (skip_ws(s, i + 1, n) != n) {
        *err = "unexpected text after the object";
        return false;
    }
    return true;
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

/* The length of the UTF-8 character at p (1 to 4), 0 if the bytes there
 * are not one (RFC 3629: no overlong form, no surrogate, nothing past
 * U+10FFFF). Stops at the first byte that does not fit, so never reads
 * past a NUL. */
static int utf8_len(const unsigned char *p)
{
    unsigned lo = 0x80, hi = 0xBF;
    int len;
    if (p[0] < 0x80)
        return 1;
    if (p[0] >= 0xC2 && p[0] <= 0xDF)
        len = 2;
    else if (p[0] >= 0xE0 && p[0] <= 0xEF)
        len = 3, lo = p[0] == 0xE0 ? 0xA0 : lo, hi = p[0] == 0xED ? 0x9F : hi;
    else if (p[0] >= 0xF0 && p[0] <= 0xF4)
        len = 4, lo = p[0] == 0xF0 ? 0x90 : lo, hi = p[0] == 0xF4 ? 0x8F : hi;
    else
        return 0;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (int i = 2; i < len; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return len;
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
            int k = utf8_len(p);
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
