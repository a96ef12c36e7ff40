/* toolchain.c: `cardc build GAMEDIR -o GAME`: the game's C written into a
 * temporary folder, then the C compiler ($CC, or cc) run on it and on the
 * runtime, as the Makefile builds the games:
 *
 *   CC -std=c11 -O2 -I INCDIR TMP/game.c LIBDIR/libcardrt.a -o .GAME.PID.tmp
 *
 * and the binary renamed over GAME once the compiler succeeded.
 *
 * Where the runtime is, is compiled in: CARDC_RUNTIME_INC (the folder of
 * rt.h and rt_game.h) and CARDC_RUNTIME_LIB (the folder of libcardrt.a).
 * The Makefile gives the build tree's cardc the build tree's folders and
 * the cardc of `make install` its PREFIX's, never DESTDIR: an installed
 * cardc uses nothing of the tree it was built in. Without them (a build by
 * other means, the fuzzers) the folders are those of the source tree, as
 * seen from its root. CARDC_SCHEMA_FILE, the card file's JSON Schema
 * (`cardc schema`, written there by make), is compiled in the same way,
 * for the modeline of `cardc init`. */
#include "toolchain.h"

#include <errno.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

#ifndef CARDC_RUNTIME_INC
#define CARDC_RUNTIME_INC "runtime"
#endif
#ifndef CARDC_RUNTIME_LIB
#define CARDC_RUNTIME_LIB "build/lib"
#endif
#ifndef CARDC_SCHEMA_FILE
#define CARDC_SCHEMA_FILE "build/share/cardc/cardc-cards.schema.json"
#endif

extern char **environ;

/* $CC is split into a fixed array, which holds the command line with no
 * allocation to undo (docs/LIMITS.md, max_cc_bytes and max_cc_words). */
enum { MAX_CC_BYTES = 4096, MAX_CC_WORDS = 32 };

const char *runtime_include_dir(void)
{
    return CARDC_RUNTIME_INC;
}

const char *runtime_lib_dir(void)
{
    return CARDC_RUNTIME_LIB;
}

const char *schema_file(void)
{
    return CARDC_SCHEMA_FILE;
}

bool build_makes_binary(const char *out)
{
    size_t n = strlen(out);
    if (n >= 2 && strcmp(out + n - 2, ".c") == 0)
        return false;
    struct stat st;
    return stat(out, &st) != 0 ||
           !(S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISFIFO(st.st_mode));
}

/* Whether the runtime is where this cardc looks for it; says so if not. */
static bool runtime_found(void)
{
    char path[PATH_MAX];
    const char *dirs[] = {CARDC_RUNTIME_INC, CARDC_RUNTIME_INC, CARDC_RUNTIME_LIB};
    const char *files[] = {"rt.h", "rt_game.h", "libcardrt.a"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dirs[i], files[i]);
        if (access(path, R_OK) != 0) {
            fprintf(stderr, "cardc: cannot find the runtime: '%s': %s (this cardc looks "
                    "for it where it was built or installed)\n", path, strerror(errno));
            return false;
        }
    }
    return true;
}

/* The C compiler's command: $CC, or cc when it is unset or blank. */
static const char *cc_command(void)
{
    const char *cc = getenv("CC");
    return cc && cc[strspn(cc, " \t")] ? cc : "cc";
}

/* The command cc split at blanks into words[], in buf, as make splits it;
 * returns the number of words, or 0 after saying why. */
static int cc_words(const char *cc, char *buf, char **words)
{
    if (strlen(cc) >= MAX_CC_BYTES) {
        fprintf(stderr, "cardc: $CC is longer than %d bytes (limit max_cc_bytes)\n",
                MAX_CC_BYTES - 1);
        return 0;
    }
    strcpy(buf, cc);
    int n = 0;
    for (char *w = strtok(buf, " \t"); w; w = strtok(NULL, " \t")) {
        if (n == MAX_CC_WORDS) {
            fprintf(stderr, "cardc: $CC has more than %d words (limit max_cc_words)\n",
                    MAX_CC_WORDS);
            return 0;
        }
        words[n++] = w;
    }
    return n;
}

/* Runs argv (argv[0] found on PATH) and waits for it; returns 0 if it
 * exited with status 0, or -1 after saying why, naming it cc. */
static int run_compiler(char **argv, const char *cc, const char *out)
{
    pid_t pid;
    int e = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);
    if (e != 0) {
        fprintf(stderr, "cardc: cannot run the C compiler '%s': %s (set CC to a C "
                "compiler)\n", cc, strerror(e));
        return -1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            fprintf(stderr, "cardc: cannot wait for the C compiler '%s': %s\n", cc,
                    strerror(errno));
            return -1;
        }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFEXITED(status))
        fprintf(stderr, "cardc: the C compiler '%s' failed (exit status %d): '%s' not "
                "built\n", cc, WEXITSTATUS(status), out);
    else
        fprintf(stderr, "cardc: the C compiler '%s' was killed by signal %d: '%s' not "
                "built\n", cc, WTERMSIG(status), out);
    return -1;
}

/* The temporary beside out that the compiler writes: .BASE.PID.tmp. */
static bool name_beside(const char *out, char *tmp, size_t size)
{
    const char *slash = strrchr(out, '/');
    int dirlen = slash ? (int)(slash - out + 1) : 0;
    const char *base = slash ? slash + 1 : out;
    int n = snprintf(tmp, size, "%.*s.%.100s.%ld.tmp", dirlen, out, base, (long)getpid());
    if (n >= 0 && (size_t)n < size)
        return true;
    fprintf(stderr, "cardc: cannot write '%s': %s\n", out, strerror(ENAMETOOLONG));
    return false;
}

/* The compiler on the C file cfile: the binary into a temporary beside
 * out, renamed over out if it succeeded. */
static int compile(const char *cfile, const char *out)
{
    char ccbuf[MAX_CC_BYTES], lib[PATH_MAX], tmp[PATH_MAX + 120];
    char *argv[MAX_CC_WORDS + 10];
    const char *cc = cc_command();
    int n = cc_words(cc, ccbuf, argv);
    if (n == 0 || !name_beside(out, tmp, sizeof tmp))
        return -1;
    snprintf(lib, sizeof lib, "%s/libcardrt.a", CARDC_RUNTIME_LIB);
    const char *rest[] = {"-std=c11", "-O2", "-I", CARDC_RUNTIME_INC, cfile, lib,
                          "-pthread", "-o", tmp};
    for (size_t i = 0; i < sizeof rest / sizeof *rest; i++)
        argv[n++] = (char *)rest[i];
    argv[n] = NULL;
    int rc = run_compiler(argv, cc, out);
    if (rc == 0 && rename(tmp, out) != 0) {
        fprintf(stderr, "cardc: cannot write '%s': %s\n", out, strerror(errno));
        rc = -1;
    }
    if (rc != 0)
        unlink(tmp);
    return rc;
}

int build_binary(const char *c_text, size_t len, const char *out)
{
    if (!runtime_found())
        return -1;
    const char *tmpdir = getenv("TMPDIR");
    if (!tmpdir || !*tmpdir)
        tmpdir = "/tmp";
    char dir[PATH_MAX], cfile[PATH_MAX + 16];
    int k = snprintf(dir, sizeof dir, "%s/cardc-XXXXXX", tmpdir);
    if (k < 0 || (size_t)k >= sizeof dir || !mkdtemp(dir)) {
        fprintf(stderr, "cardc: cannot make a temporary folder in '%s': %s\n", tmpdir,
                strerror(k < 0 || (size_t)k >= sizeof dir ? ENAMETOOLONG : errno));
        return -1;
    }
    snprintf(cfile, sizeof cfile, "%s/game.c", dir);
    int rc = write_file(cfile, c_text, len);
    if (rc != 0)
        fprintf(stderr, "cardc: cannot write '%s': %s\n", cfile, strerror(errno));
    else
        rc = compile(cfile, out);
    unlink(cfile);
    rmdir(dir);
    return rc;
}
