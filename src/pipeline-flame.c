#include "pipeline-flame.h"

#include "pipeline-apart.h"
#include "calc-table.h"
#include "report-flame.h"
#include "xalloc.h"

void flame_of(struct flame *fl, const struct stacks *s, const struct profile *p, size_t event)
{
	flame_init(fl, false);
	flame_add(fl, s, FLAME_NEW);
	flame_finish(fl);
	flame_share_of(fl, FLAME_NEW, table_program_total(p, event));
}

/* What a flame graph's subtitle says was profiled: the profile's command,
 * else its file.  A new string. */
static char *flame_subtitle(const struct options *opt, const char *cmd)
{
	if (opt->mode == MODE_DIFF)
		return xasprintf("%s against %s", opt->profiles[1], opt->profiles[0]);
	if (cmd != NULL && *cmd != '\0')
		return xstrdup(cmd);
	return xstrdup(opt->profile);
}

void print_flame(FILE *out, const struct profile *p, const struct options *opt,
		 const struct columns *cols, const struct flame *fl)
{
	char *subtitle = flame_subtitle(opt, p->cmd);
	struct flame_look look = { p->events[cols->primary].name, subtitle, opt->flame_down,
				   opt->focus, opt->nfocus, &p->warnings };

	report_flame(out, fl, &look);
	free(subtitle);
}

void print_flame_diff(FILE *out, const struct reading *r, struct input *in, struct focus *focus)
{
	struct profile side[2];
	struct columns cols;
	struct flame fl;
	char *subtitle = flame_subtitle(r->opt, NULL);
	struct warnings both = { NULL, 0, 0, true };
	struct flame_look look = { NULL, subtitle, r->opt->flame_down, r->opt->focus,
				   r->opt->nfocus, &both };
	struct apart_needs n = { &fl, false, false, false, false, false, r->opt->group_by };

	read_sides(side, r, in, false);
	columns_init(&cols, &side[1], r->opt);
	apart(side, focus, cols.primary, &n);
	look.event = side[1].events[cols.primary].name;
	for (int k = 0; k < 2; k++)
		warnings_add(&both, &side[k].warnings);
	report_flame(out, &fl, &look);
	warnings_release(&both);
	flame_release(&fl);
	columns_release(&cols);
	for (int k = 0; k < 2; k++)
		profile_release(&side[k]);
	free(subtitle);
}
