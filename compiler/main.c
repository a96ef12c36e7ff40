/* main.c: the cardc command line.
 *
 *   cardc check [--format=text|json] [--max-errors=N] PATH...
 *   cardc build PATH -o FILE.c
 *   cardc build PATH --dump=tree|checked|analysed
 *
 * The pipeline of one PATH: open (read cards.yaml and *.rules, load the
 * cards), parse, check; then, to build, analyse and emit (run_one lists
 * them). Each phase reports into one Diags and the next runs only if it
 * may. Exit status: 0 clean (warnings allowed), 1 errors found, 2 bad usage
 * or unreadable input. */
#include "cardc.h"
#include "dump.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out)
{
    fputs("usage: cardc check [--format=text|json] [--max-errors=N] PATH...\n"
          "       cardc build PATH -o FILE.c\n"
          "       cardc build PATH --dump=tree|checked|analysed\n"
          "       cardc --help | --version\n"
          "\n"
          "PATH is a game folder (cards.yaml and *.rules) or a card YAML file.\n"
          "--dump prints what a phase made, on stdout, and stops there: the tree as\n"
          "parsed, as checked (types, names resolved, the game's tables) or as\n"
          "analysed (and what the analysis proved).\n"
          "Exit status: 0 clean, 1 errors found, 2 bad usage or unreadable input.\n",
          out);
}

typedef struct Options {
    bool json;
    int max_errors;
    const char *out;
    DumpStage dump;     /* build --dump: print that phase's result instead */
} Options;

/* build --dump: runs the phases up to the one asked for and prints its
 * result on stdout, the diagnostics on stderr. Returns the exit status,
 * as for check. */
static int dump_one(const char *path, const Options *o)
{
    Compilation c;
    comp_init(&c);
    if (o->max_errors > 0)
        c.diags.max_errors = o->max_errors;
    bool ok = phase_open_path(&c, path) && phase_parse(&c);
    if (ok && o->dump != DUMP_TREE)
        ok = phase_check(&c);
    if (ok && o->dump == DUMP_ANALYSED)
        ok = phase_analyse(&c);
    Buf b = {0};
    if (ok)
        dump_program(&b, &c.prog, c.rule_files.len ? &c.game : NULL, o->dump);
    diags_print_text(&c.diags, stderr);
    int status = c.io_error ? 2 : c.diags.nerrors ? 1 : 0;
    if (b.len && (fwrite(b.data, 1, b.len, stdout) != b.len || fflush(stdout) != 0)) {
        fprintf(stderr, "cardc: cannot write the dump to stdout\n");
        status = 2;
    }
    buf_free(&b);
    comp_free(&c);
    return status;
}

/* Returns 0, 1 or 2 as the exit status for this path. */
static int run_one(const char *path, const Options *o, bool build, Buf *json_items)
{
    if (o->dump)
        return dump_one(path, o);
    Compilation c;
    comp_init(&c);
    if (o->max_errors > 0)
        c.diags.max_errors = o->max_errors;
    bool ok = phase_open_path(&c, path) /* read cards.yaml and the *.rules; load the cards */
              && phase_parse(&c)        /* the rules and every card's effect into trees */
              && phase_check(&c);       /* resolve names, check types, prove and collect */
    if (ok && build)
        ok = phase_analyse(&c);         /* what is reached, seats in range, kind facts, helpers */
    if (ok && build) {
        Buf b = {0};
        phase_emit(&c, &b);             /* the C of the game (or of the cards alone) */
        FILE *f = fopen(o->out, "w");
        if (!f || fwrite(b.data, 1, b.len, f) != b.len || fclose(f) != 0) {
            fprintf(stderr, "cardc: cannot write '%s'\n", o->out);
            c.io_error = true;
        }
        buf_free(&b);
    }

    if (o->json) {
        diags_json_items(&c.diags, json_items);
    } else {
        diags_print_text(&c.diags, stderr);
    }
    int status = c.io_error ? 2 : c.diags.nerrors ? 1 : 0;
    comp_free(&c);
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        printf("cardc %s\n", CARDC_VERSION);
        return 0;
    }
    bool build = !strcmp(cmd, "build");
    if (!build && strcmp(cmd, "check") != 0) {
        fprintf(stderr, "cardc: unknown command '%s'\n", cmd);
        usage(stderr);
        return 2;
    }

    Options o = {0};
    const char **paths = calloc((size_t)argc, sizeof *paths);
    int npaths = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--format=json")) {
            o.json = true;
        } else if (!strcmp(a, "--format=text")) {
            o.json = false;
        } else if (!strncmp(a, "--max-errors=", 13)) {
            char *end;
            long n = strtol(a + 13, &end, 10);
            if (*end || n < 1 || n > 100000) {
                fprintf(stderr, "cardc: --max-errors takes a number from 1 to 100000\n");
                free(paths);
                return 2;
            }
            o.max_errors = (int)n;
        } else if (!strncmp(a, "--dump=", 7) && build) {
            o.dump = dump_stage(a + 7);
            if (!o.dump) {
                fprintf(stderr, "cardc: --dump takes tree, checked or analysed, not '%s'\n",
                        a + 7);
                free(paths);
                return 2;
            }
        } else if (!strcmp(a, "-o") && build && i + 1 < argc) {
            if (o.out) {
                fprintf(stderr, "cardc: -o given twice: build writes one file\n");
                usage(stderr);
                free(paths);
                return 2;
            }
            o.out = argv[++i];
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "cardc: unknown option '%s'\n", a);
            usage(stderr);
            free(paths);
            return 2;
        } else {
            paths[npaths++] = a;
        }
    }
    const char *why = npaths == 0 ? "no PATH given"
                      : build && npaths != 1 ? "build takes one PATH"
                      : o.dump && o.out ? "build --dump prints on stdout: it takes no -o"
                      : o.dump && o.json ? "build --dump prints text: it takes no --format=json"
                      : build && !o.out && !o.dump ? "build needs -o FILE.c" : NULL;
    if (why) {
        fprintf(stderr, "cardc: %s\n", why);
        usage(stderr);
        free(paths);
        return 2;
    }

    int status = 0;
    Buf items = {0};
    for (int i = 0; i < npaths; i++) {
        int s = run_one(paths[i], &o, build, &items);
        if (s > status)
            status = s;
    }
    if (o.json)
        printf("[%s]\n", items.data ? items.data : "");
    buf_free(&items);
    free(paths);
    return status;
}
