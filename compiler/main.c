/* main.c: the cardc command line.
 *
 *   cardc check [--format=text|json|sarif] [--max-errors=N] PATH...
 *   cardc check CARDS.yaml --rules FILE.rules...
 *   cardc build PATH -o FILE.c
 *   cardc build PATH -o GAME      (the game's binary: toolchain.c)
 *   cardc build PATH --dump=tree|checked|analysed
 *   cardc schema                  (the card file's JSON Schema: schema.c)
 *   cardc init GAMEDIR            (a starter game: init.c)
 *   cardc print PATH -o FILE.pdf [--paper=a4|letter] [--tts DIR]
 *               [--font FILE.ttf [--bold-font FILE.ttf]]
 *                                 (print-and-play sheets: print.c, tts.c)
 *
 * The pipeline of one PATH: open (read cards.yaml and *.rules, load the
 * cards), parse, check; then, to build, analyse and emit (run_one lists
 * them), or, to print, write the sheets. Each phase reports into one
 * Diags and the next runs only if it may. Exit status: 0 clean (warnings
 * allowed), 1 errors found, 2 bad usage or unreadable input. */
#include "cardc.h"
#include "diag_sarif.h"
#include "dump.h"
#include "pdf_font.h"
#include "print.h"
#include "schema.h"
#include "toolchain.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(FILE *out)
{
    fprintf(out, "usage: cardc check [--format=text|json|sarif] [--max-errors=N] PATH...\n"
          "       cardc check CARDS.yaml --rules FILE.rules [--rules FILE.rules]...\n"
          "       cardc build PATH -o FILE.c\n"
          "       cardc build GAMEDIR -o GAME\n"
          "       cardc build PATH --dump=tree|checked|analysed\n"
          "       cardc build GAMEDIR --blank NAME -o GAME\n"
          "       cardc schema\n"
          "       cardc init GAMEDIR\n"
          "       cardc print PATH -o FILE.pdf [--paper=a4|letter] [--tts DIR]\n"
          "                   [--font FILE.ttf [--bold-font FILE.ttf]]\n"
          "       cardc print PATH --tts DIR\n"
          "       cardc -h | --help | --version\n"
          "\n"
          "PATH is a game folder (cards.yaml and *.rules) or a card YAML file.\n"
          "--rules reads FILE.rules with a card file, as if both were one game\n"
          "folder's (each --rules adds one file, read in the order given).\n"
          "--format=sarif prints the diagnostics as SARIF 2.1.0 on stdout.\n"
          "schema prints the card file's JSON Schema (draft-07), for editors; it is\n"
          "installed as %s.\n"
          "init writes a starter game (cards.yaml, game.rules, README) into GAMEDIR,\n"
          "a new or empty folder.\n"
          "--dump prints what a phase made, on stdout, and stops there: the tree as\n"
          "parsed, as checked (types, names resolved, the game's tables) or as\n"
          "analysed (and what the analysis proved).\n"
          "print writes, when PATH checks without error, every copy of every card\n"
          "as PDF sheets of 3x3 cards of 63x88 mm on A4 (or --paper=letter) to\n"
          "-o FILE.pdf, and with --tts DIR Tabletop Simulator's deck (deck.json)\n"
          "and its sheets (sheet-N.png, back.png) into the folder DIR.\n"
          "--font FILE.ttf sets the PDF's text in that TrueType font, embedded,\n"
          "instead of Helvetica (which has Western European characters only);\n"
          "--bold-font FILE.ttf that of the bold text (default: --font's).\n"
          "--blank NAME builds the game with every copy of the card NAME replaced\n"
          "by a blank (same type and places, no name a rule names, no effect, no\n"
          "attribute value), for the balance lab's impact of a card.\n"
          "-o FILE.c writes the game's C; -o GAME (a name not ending in .c) builds\n"
          "its binary: the C compiled by $CC (default cc) with the runtime, found in\n"
          "%s (headers) and %s (libcardrt.a).\n"
          "Exit status: 0 clean, 1 errors found, 2 bad usage, unreadable input, or\n"
          "an output not written (the C compiler failed).\n",
          schema_file(), runtime_include_dir(), runtime_lib_dir());
}

/* check --rules: at most this many rules files (a game folder may hold
 * more: they are read from the folder, not the command line). */
enum { MAX_RULES_FILES = 64 };

typedef struct Options {
    bool json;
    bool sarif;         /* --format=sarif (json is false) */
    bool colour;        /* text diagnostics in colour: stderr a terminal, NO_COLOR unset */
    int max_errors;
    const char *out;
    DumpStage dump;     /* build --dump: print that phase's result instead */
    const char *rules[MAX_RULES_FILES]; /* check --rules: rules files read with a card file */
    int nrules;
    bool print;         /* the command is print: -o is the PDF */
    Paper paper;        /* print: the PDF's paper */
    const char *tts;    /* print --tts: the folder of the Tabletop Simulator deck */
    const char *font;   /* print --font: the TrueType file of the PDF's text, or NULL */
    const char *bold_font; /* print --bold-font: that of its bold text, or NULL (--font's) */
    const char *blank;  /* build --blank: the card whose copies are made blank, or NULL */
} Options;

/* One PATH's run: its compilation and the output it builds in memory (the
 * C of the game, the dump, or the JSON of its diagnostics), which run_one
 * frees whatever happened. */
typedef struct Run {
    const char *path;
    const Options *o;
    bool build;
    Buf *json_items;    /* check --format=json: every path's diagnostics */
    size_t json_mark;   /* json_items' length before this path */
    SarifLog *sarif;    /* check --format=sarif: every path's results */
    size_t sarif_mark;  /* its results' length before this path */
    Compilation c;
    Buf out;
    PrintBufs print;    /* print: the buffers it draws in */
} Run;

/* The open phase of r's path: a game folder, a card file, or (check
 * --rules) a card file with the rules files given. */
static bool open_one(Run *r)
{
    if (r->o->nrules)
        return phase_open_with_rules(&r->c, r->path, r->o->rules, r->o->nrules);
    return phase_open_path(&r->c, r->path);
}

/* build --dump: runs the phases up to the one asked for and prints its
 * result on stdout, the diagnostics on stderr. Returns the exit status,
 * as for check. */
static int dump_one(Run *r)
{
    Compilation *c = &r->c;
    bool ok = open_one(r) && phase_parse(c);
    if (ok && r->o->dump != DUMP_TREE)
        ok = phase_check(c);
    if (ok && r->o->dump == DUMP_ANALYSED)
        ok = phase_analyse(c);
    c->doing = "printing the dump of";
    c->doing_path = r->path;
    if (ok && !c->card_errors) /* nothing is dumped of a game with errors */
        dump_program(&r->out, &c->prog, c->rule_files.len ? &c->game : NULL, r->o->dump);
    comp_merge_shared(c);
    diags_print_text_styled(&c->diags, stderr, r->o->colour);
    int status = c->io_error ? 2 : c->diags.nerrors ? 1 : 0;
    if (r->out.len && (fwrite(r->out.data, 1, r->out.len, stdout) != r->out.len ||
                       fflush(stdout) != 0)) {
        fprintf(stderr, "cardc: cannot write the dump to stdout: %s\n", strerror(errno));
        clearerr(stdout); /* said once */
        status = 2;
    }
    return status;
}

/* build -o GAME: whether r's path is a game, with rules; card tables alone
 * have no main to build, which is said (status 2). */
static bool has_game(Run *r)
{
    if (r->c.rule_files.len)
        return true;
    fprintf(stderr, "cardc: -o GAME builds a game: '%s' has no rules (its cards' C tables "
            "go to -o FILE.c)\n", r->path);
    r->c.io_error = true;
    return false;
}

/* print --font, --bold-font: the fonts of the PDF's text, read into
 * *fonts (Helvetica when no --font). Returns false, with the file and why
 * said, when one cannot be read or is not a TrueType font. */
static bool load_fonts(Run *r, PdfFonts *fonts)
{
    const char *path[2] = {r->o->font, r->o->bold_font};
    for (int k = PDF_REGULAR; k <= PDF_BOLD; k++) {
        const char *why;
        if (!path[k])
            continue;
        r->c.doing = "reading the font";
        r->c.doing_path = path[k];
        if (pdf_ttf_load(&r->c.arena, path[k], &fonts->ttf[k], &why) != 0) {
            fprintf(stderr, "cardc: cannot use the font '%s': %s\n", path[k], why);
            return false;
        }
    }
    if (!fonts->ttf[PDF_BOLD])
        fonts->ttf[PDF_BOLD] = fonts->ttf[PDF_REGULAR];
    r->c.doing_path = r->path;
    return true;
}

/* print: the PDF to -o FILE.pdf, the Tabletop Simulator deck to --tts
 * DIR, each written whole or not at all (a failure said, status 2); with
 * a --font that cannot be used, neither. */
static void print_one(Run *r)
{
    Compilation *c = &r->c;
    PdfFonts fonts = {{NULL, NULL}};
    if (!load_fonts(r, &fonts)) {
        c->io_error = true;
        return;
    }
    c->doing = "printing";
    if (r->o->out) {
        print_pdf(&c->arena, &c->diags, c->cards, r->o->paper, &fonts, &r->out, &r->print);
        if (write_file(r->o->out, r->out.data ? r->out.data : "", r->out.len) != 0) {
            fprintf(stderr, "cardc: cannot write '%s': %s\n", r->o->out, strerror(errno));
            c->io_error = true;
        }
    }
    const char *failed;
    if (r->o->tts && print_tts(&c->arena, &c->diags, c->cards, r->o->tts, &r->print,
                               &failed) != 0) {
        fprintf(stderr, "cardc: cannot write '%s': %s\n", failed, strerror(errno));
        c->io_error = true;
    }
}

/* check, or build -o FILE: the phases, FILE written whole or not at all,
 * then the diagnostics; or build -o GAME: the phases, the diagnostics,
 * then the C compiler; or print: the phases of check, the sheets when
 * there is no error, then the diagnostics (its warnings among them).
 * Returns the exit status for this path. */
static int check_one(Run *r)
{
    Compilation *c = &r->c;
    c->texts_only = true; /* a card file's effects: their texts checked, nothing built */
    bool ok = open_one(r)                 /* read cards.yaml and the *.rules; load the cards */
              && phase_parse(c)           /* the rules and every card's effect into trees */
              && phase_check(c);          /* resolve names, check types, prove and collect */
    if (ok && r->build)
        ok = phase_analyse(c);            /* what is reached, seats in range, kind facts, helpers */
    if (ok && r->o->print && c->diags.nerrors == 0)
        print_one(r);                     /* the cards as sheets: nothing of a game with errors */
    bool binary = ok && r->build && build_makes_binary(r->o->out);
    if (binary && !has_game(r))
        ok = binary = false;
    if (ok && r->build) {
        phase_emit(c, &r->out);           /* the C of the game (or of the cards alone) */
        c->doing = "writing the C of";
        if (!binary &&
            write_file(r->o->out, r->out.data ? r->out.data : "", r->out.len) != 0) {
            fprintf(stderr, "cardc: cannot write '%s': %s\n", r->o->out, strerror(errno));
            c->io_error = true;
        }
    }
    c->doing = "reporting on";
    c->doing_path = r->path;
    comp_merge_shared(c);
    if (r->o->json)
        diags_json_items(&c->diags, r->json_items);
    else if (r->o->sarif)
        sarif_add(r->sarif, &c->diags);
    else
        diags_print_text_styled(&c->diags, stderr, r->o->colour);
    /* build -o GAME: the C compiler, once cardc's own warnings are said */
    if (binary && build_binary(r->out.data ? r->out.data : "", r->out.len, r->o->out) != 0)
        c->io_error = true;
    return c->io_error ? 2 : c->diags.nerrors ? 1 : 0;
}

/* Runs one path with allocation failure caught: a failed allocation
 * jumps back here (util.h, out_of_memory), and the path ends with status
 * 2 and a message that names what was being read; its JSON items, maybe
 * cut short, are dropped. r is the caller's: nothing of this frame changes
 * between setjmp and longjmp. */
static int run_caught(Run *r)
{
    jmp_buf env;
    jmp_buf *outer = oom_catch(&env);
    if (setjmp(env)) {
        oom_catch(outer);
        fprintf(stderr, "cardc: out of memory while %s %s\n", r->c.doing, r->c.doing_path);
        if (r->json_items && r->json_items->data) {
            r->json_items->len = r->json_mark;
            r->json_items->data[r->json_mark] = '\0';
        }
        if (r->sarif && r->sarif->results.data) {
            r->sarif->results.len = r->sarif_mark;
            r->sarif->results.data[r->sarif_mark] = '\0';
        }
        return 2;
    }
    int status = r->o->dump ? dump_one(r) : check_one(r);
    oom_catch(outer);
    return status;
}

/* Returns 0, 1 or 2 as the exit status for this path. */
static int run_one(const char *path, const Options *o, bool build, Buf *json_items,
                   SarifLog *sarif)
{
    Run r = {.path = path, .o = o, .build = build, .json_items = json_items,
             .json_mark = json_items->len, .sarif = sarif,
             .sarif_mark = sarif->results.len};
    comp_init(&r.c);
    r.c.blank = o->blank;
    r.c.doing = "reading";
    r.c.doing_path = path;
    if (o->max_errors > 0)
        r.c.diags.max_errors = o->max_errors;
    int status = run_caught(&r);
    buf_free(&r.out);
    print_bufs_free(&r.print);
    comp_free(&r.c);
    return status;
}

/* Whether one of the n paths is a folder (check --rules takes card files
 * only: a folder has its own rules). */
static bool any_folder(const char *const *paths, int n)
{
    struct stat st;
    for (int i = 0; i < n; i++)
        if (stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode))
            return true;
    return false;
}

/* The value of option a (--NAME=VALUE, or --NAME then VALUE in argv[*i +
 * 1], which is then taken), or NULL when a is not --NAME at all; "" when
 * the value is missing. */
static const char *option_value(const char *a, const char *name, int argc, char **argv,
                                int *i)
{
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return NULL;
    if (a[n] == '=')
        return a + n + 1;
    if (a[n])
        return NULL;
    return *i + 1 < argc ? argv[++*i] : "";
}

/* print's --font FILE or --bold-font FILE at argv[*i]: 1 taken, 0 not
 * one of them, 2 a usage error (reported). */
static int font_option(int argc, char **argv, int *i, Options *o)
{
    const char *font = option_value(argv[*i], "--font", argc, argv, i);
    const char *bold = font ? NULL : option_value(argv[*i], "--bold-font", argc, argv, i);
    const char *file = font ? font : bold;
    if (!file)
        return 0;
    const char **slot = font ? &o->font : &o->bold_font;
    if (!*file || *slot) {
        fprintf(stderr, *file ? "cardc: %s given twice\n" : "cardc: %s needs a FILE.ttf\n",
                font ? "--font" : "--bold-font");
        return 2;
    }
    *slot = file;
    return 1;
}

/* print's own options, --paper, --tts, --font and --bold-font, at
 * argv[*i]: 1 taken, 0 not one of them, 2 a usage error (reported). */
static int print_option(int argc, char **argv, int *i, Options *o)
{
    int font = font_option(argc, argv, i, o);
    if (font)
        return font;
    const char *paper = option_value(argv[*i], "--paper", argc, argv, i);
    const char *tts = paper ? NULL : option_value(argv[*i], "--tts", argc, argv, i);
    if (paper && (!strcmp(paper, "a4") || !strcmp(paper, "letter"))) {
        o->paper = !strcmp(paper, "a4") ? PAPER_A4 : PAPER_LETTER;
        return 1;
    }
    if (paper) {
        fprintf(stderr, "cardc: --paper takes a4 or letter, not '%s'\n", paper);
        return 2;
    }
    if (!tts)
        return 0;
    if (!*tts) {
        fprintf(stderr, "cardc: --tts needs a DIR\n");
        return 2;
    }
    o->tts = tts;
    return 1;
}

/* The options after the command into o, and the PATHs moved to argv[2],
 * argv[3]... (*npaths of them: no allocation, which could fail before a
 * path is named); 0, or 2 after a usage error (reported). */
static int parse_options(int argc, char **argv, bool build, Options *o, int *npaths)
{
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        int taken = o->print ? print_option(argc, argv, &i, o) : 0;
        if (taken == 2) {
            usage(stderr);
            return 2;
        } else if (taken) {
            continue;
        } else if (!strcmp(a, "--format=json")) {
            o->json = true;
            o->sarif = false;
        } else if (!strcmp(a, "--format=sarif")) {
            o->sarif = true;
            o->json = false;
        } else if (!strcmp(a, "--format=text")) {
            o->json = o->sarif = false;
        } else if (!strncmp(a, "--max-errors=", 13)) {
            char *end;
            long n = strtol(a + 13, &end, 10);
            if (*end || n < 1 || n > 100000) {
                fprintf(stderr, "cardc: --max-errors takes a number from 1 to 100000\n");
                return 2;
            }
            o->max_errors = (int)n;
        } else if (!strncmp(a, "--dump=", 7) && build) {
            o->dump = dump_stage(a + 7);
            if (!o->dump) {
                fprintf(stderr, "cardc: --dump takes tree, checked or analysed, not '%s'\n",
                        a + 7);
                return 2;
            }
        } else if (!strcmp(a, "--rules") || !strncmp(a, "--rules=", 8)) {
            const char *file = a[7] == '=' ? a + 8 : i + 1 < argc ? argv[++i] : "";
            if (build || !*file) {
                fprintf(stderr, build ? "cardc: --rules is an option of check\n"
                                      : "cardc: --rules needs a FILE.rules\n");
                usage(stderr);
                return 2;
            }
            if (o->nrules == MAX_RULES_FILES) {
                fprintf(stderr, "cardc: more than %d --rules files (limit max_rules_files)\n",
                        MAX_RULES_FILES);
                usage(stderr);
                return 2;
            }
            o->rules[o->nrules++] = file;
        } else if (!strcmp(a, "--blank") && build && i + 1 < argc) {
            o->blank = argv[++i];
        } else if (!strcmp(a, "-o") && (build || o->print) && i + 1 < argc) {
            if (o->out) {
                fprintf(stderr, "cardc: -o given twice: %s writes one file\n",
                        build ? "build" : "print");
                usage(stderr);
                return 2;
            }
            o->out = argv[++i];
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "cardc: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        } else {
            argv[2 + (*npaths)++] = argv[i]; /* i >= 2 + *npaths: nothing unread is lost */
        }
    }
    const char *why = *npaths == 0 ? "no PATH given"
                      : build && *npaths != 1 ? "build takes one PATH"
                      : o->print && *npaths != 1 ? "print takes one PATH"
                      : o->print && !o->out && !o->tts ? "print needs -o FILE.pdf or --tts DIR"
                      : o->bold_font && !o->font ? "--bold-font goes with --font"
                      : o->dump && o->out ? "build --dump prints on stdout: it takes no -o"
                      : o->dump && o->json ? "build --dump prints text: it takes no --format=json"
                      : o->dump && o->sarif ? "build --dump prints text: it takes no --format=sarif"
                      : build && !o->out && !o->dump ? "build needs -o FILE.c or -o GAME"
                      : o->nrules && any_folder((const char *const *)argv + 2, *npaths)
                          ? "--rules goes with a card file, not a game folder" : NULL;
    if (why) {
        fprintf(stderr, "cardc: %s\n", why);
        usage(stderr);
        return 2;
    }
    return 0;
}

/* Whether to colour what goes to f: only a terminal, and never when
 * NO_COLOR is set to anything but "" (an empty NO_COLOR is as none). */
static bool colour_wanted(FILE *f)
{
    const char *no = getenv("NO_COLOR");
    return isatty(fileno(f)) && !(no && *no);
}

/* status, or 2 with a message if what was written to stdout did not all
 * get there (a full disk, a file size limit, a closed stdout). */
static int stdout_written(int status)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return status;
    fprintf(stderr, "cardc: cannot write to stdout: %s\n", strerror(errno));
    return 2;
}

/* check or build, over every PATH: the highest status of them. */
static int run_all(const Options *o, bool build, const char *const *paths, int npaths)
{
    int status = 0;
    Buf items = {0};
    static SarifLog sarif; /* its table of rules is large for a stack */
    for (int i = 0; i < npaths; i++) {
        int s = run_one(paths[i], o, build, &items, &sarif);
        if (s > status)
            status = s;
    }
    if (o->json)
        printf("[%s]\n", items.data ? items.data : "");
    else if (o->sarif)
        sarif_print(&sarif, stdout);
    buf_free(&items);
    status = stdout_written(status);
    /* The diagnostics are check's result: if they were lost, so is it. */
    if (fflush(stderr) != 0 || ferror(stderr))
        status = 2;
    return status;
}

/* cardc schema, or cardc init GAMEDIR. */
static int schema_or_init(int argc, char **argv)
{
    bool init = !strcmp(argv[1], "init");
    if (argc != (init ? 3 : 2) || (init && argv[2][0] == '-')) {
        fprintf(stderr, init ? "cardc: init takes one GAMEDIR\n" : "cardc: schema takes no "
                                                                    "argument\n");
        usage(stderr);
        return 2;
    }
    if (init)
        return init_game(argv[2], schema_file());
    Buf b = {0};
    schema_write(&b);
    fwrite(b.data, 1, b.len, stdout);
    buf_free(&b);
    return stdout_written(0);
}

int main(int argc, char **argv)
{
    /* Past a file size limit (ulimit -f), a write fails with EFBIG and is
     * reported, instead of a signal killing cardc half-way through. */
    signal(SIGXFSZ, SIG_IGN);
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return stdout_written(0);
    }
    if (!strcmp(cmd, "--version")) {
        printf("cardc %s\n", CARDC_VERSION);
        return stdout_written(0);
    }
    if (!strcmp(cmd, "schema") || !strcmp(cmd, "init"))
        return schema_or_init(argc, argv);
    bool build = !strcmp(cmd, "build");
    Options o = {.print = !strcmp(cmd, "print")}; /* no allocation: a failure could come
                                                   * before a path is named */
    if (!build && !o.print && strcmp(cmd, "check") != 0) {
        fprintf(stderr, "cardc: unknown command '%s'\n", cmd);
        usage(stderr);
        return 2;
    }
    int npaths = 0;
    int status = parse_options(argc, argv, build, &o, &npaths);
    o.colour = !o.json && colour_wanted(stderr);
    return status ? status : run_all(&o, build, (const char *const *)argv + 2, npaths);
}
