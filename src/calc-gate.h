/* Gates (--fail-above): a diff's growth held against limits, for CI.
 *
 * Each gate compares OLD's figure of the primary event with NEW's: the
 * program total, or the inclusive cost of each function whose name
 * matches its expression, with OLD and NEW read apart (a function in a
 * cycle of calls, or calling itself, has only a bound for an inclusive
 * cost: its estimate stands for it, and says so).  A gate fails when a
 * figure grew by more than its limit, in % of OLD's figure (a figure
 * OLD does not have grew without limit); a change smaller than
 * --min-change is no growth, and a function gate that matches no
 * function fails. */
#ifndef CGA_CALC_GATE_H
#define CGA_CALC_GATE_H

#include <stdbool.h>
#include <stddef.h>

#include "model-cost.h"
#include "model-profile.h"
#include "options.h"

struct gate_verdict {
	const struct gate_spec *spec;
	char *event;               /* the event's name */
	bool failed;
	size_t nmatched;           /* function gates: the functions it matched */
	size_t nabove;             /* of those, grown by more than the limit */
	size_t nchanged;           /* of those, changed by at least --min-change */
	char *what;                /* the figure shown: NULL for the total, else the
				      function whose growth is the largest (NULL if
				      none changed enough) */
	cost_t old, new;
	bool estimated;            /* the figures are estimates */
};

struct gates {
	struct gate_verdict *v;
	size_t n;
	bool failed;
};

/* Whether a function of P that a function gate of OPT matches is
 * recursive: its figures are then its estimates (estimate_compute). */
bool gates_need_estimates(const struct options *opt, const struct profile *p);

/* Judge OPT's gates on OLD and NEW (each as a diff's views take it: hidden,
 * focused, cycles marked, inclusive costs fixed, estimates made where
 * gates_need_estimates says), for EVENT. */
void gates_judge(struct gates *g, const struct options *opt, const struct profile *old,
		 const struct profile *new, size_t event);
void gates_release(struct gates *g);

/* The percentage NEW is more than OLD, and whether it is finite (OLD is
 * not 0, or neither is). */
double gate_growth(cost_t old, cost_t new, bool *finite);

#endif
