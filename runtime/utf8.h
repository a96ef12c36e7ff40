/* utf8.h: the one UTF-8 decoder that cardc and libcardrt share (cardc
 * refuses rules strings that are not UTF-8; the runtime keeps every JSON
 * line UTF-8). Header only, with no other include, so that the compiler
 * can include it too. */
#ifndef CARDRT_UTF8_H
#define CARDRT_UTF8_H

#include <stddef.h>

/* The length of the UTF-8 character at s, n bytes available: 1 to 4, or
 * 0 if the bytes there are not one (RFC 3629: no overlong form, no
 * surrogate, nothing above U+10FFFF). Each byte is read only if the ones
 * before it fit, so a NUL-terminated string may pass SIZE_MAX. */
static inline int rt_utf8_seq(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    unsigned lo = 0x80, hi = 0xBF;
    int len;
    if (n == 0)
        return 0;
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
    if (n < (size_t)len || p[1] < lo || p[1] > hi)
        return 0;
    for (int i = 2; i < len; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return len;
}

#endif
