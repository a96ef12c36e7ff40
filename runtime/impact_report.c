/* impact_report.c: `stats impact --report DIR`: DIR/impact.json (the
 * cards' figures as `stats impact` prints them, in an array) and
 * DIR/impact.html (a page that stands alone: a table per card of its
 * impact with the interval, the observational rates and the flags). */
#include "lab.h"

static void write_json(FILE *f, const RtGame *g, const ImpactFig *figs, int n)
{
    fputs("{\"format\":\"cardc-impact\",\"version\":1,\"game\":", f);
    rt_json_string(f, g->name);
    fputs(",\"cards\":[", f);
    for (int i = 0; i < n; i++) {
        fputs(i ? ",\n" : "\n", f);
        impact_json(f, &figs[i]);
    }
    fputs("\n]}\n", f);
}

/* One card's row. */
static void html_row(FILE *f, const ImpactFig *x)
{
    fputs("<tr><td>", f);
    lab_html_text(f, x->card);
    fprintf(f, "</td><td>%d</td><td>%+.2f</td><td>%+.2f &ndash; %+.2f</td><td>%llu</td>"
               "<td>%llu</td><td>%.2f%%</td><td>%.2f%%</td><td>%.2f%%</td>"
               "<td>%.2f%%</td><td>%.2f%%</td><td>%.2f%%</td><td>%s</td></tr>\n",
            x->players, x->impact, x->low, x->high, (unsigned long long)x->pairs,
            (unsigned long long)x->faulted, x->drawn, x->played, x->held, x->win_drawn,
            x->win_played, x->win_held,
            x->dominant ? "dominant"
            : x->dead && x->unchanged ? "dead, or told by its type alone (every game the same)"
            : x->dead ? "dead" : "");
}

static void write_html(FILE *f, const RtGame *g, const ImpactFig *figs, int n)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>", f);
    lab_html_text(f, g->name);
    fputs(": impact of each card</title>\n<style>\n"
          "body{font-family:sans-serif;max-width:70em;margin:1em auto;padding:0 1em}\n"
          "table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 6px}\n"
          "td{text-align:right}td:first-child,td:last-child{text-align:left}\n"
          "</style></head>\n<body><h1>", f);
    lab_html_text(f, g->name);
    fputs(": impact of each card</h1>\n<p>The same deals played with every copy of the "
          "card and with a blank in its place; the impact is the change in its holder's "
          "win rate, in percentage points, with a 95% paired interval. A card is dominant "
          "when the interval lies above +5 points, dead when it is never drawn or played, "
          "or its interval lies within &plusmn;2 points over 1,000 pairs or more. When every "
          "game came out the same with the blank, the blank (which keeps the card's type) "
          "played as the card: the card is dead, or the rules tell it by its type alone "
          "(a joker that counts as any card, say), which a blank cannot test.</p>\n"
          "<table><tr><th>Card</th><th>Players</th><th>Impact</th><th>95% interval</th>"
          "<th>Pairs</th><th>Faulted</th><th>Drawn</th><th>Played</th><th>Held at the end"
          "</th><th>Holder's wins, drawn</th><th>played</th><th>held</th><th>Flag</th></tr>\n",
          f);
    for (int i = 0; i < n; i++)
        html_row(f, &figs[i]);
    fputs("</table>\n</body></html>\n", f);
}

/* What impact_report_write's pages are written from. */
typedef struct ImpactPages {
    const RtGame *g;
    const ImpactFig *figs;
    int n;
} ImpactPages;

static void write_impact(FILE *f, bool html, const void *ctx)
{
    const ImpactPages *x = ctx;
    if (html)
        write_html(f, x->g, x->figs, x->n);
    else
        write_json(f, x->g, x->figs, x->n);
}

bool impact_report_write(const char *dir, const char *prog, const RtGame *g,
                         const ImpactFig *figs, int n)
{
    ImpactPages x = {g, figs, n};
    return lab_write_pages(dir, "impact", prog, "stats impact", write_impact, &x);
}
