/* Fitting a power law cost ≈ a·size^b to measured points by weighted least
 * squares on logarithms, as a growth-rate estimate. */
#ifndef CGA_CALC_FIT_H
#define CGA_CALC_FIT_H

#include <stdbool.h>
#include <stddef.h>

struct fit {
	double a;    /* cost at size 1 */
	double b;    /* growth exponent */
	double r2;   /* weighted coefficient of determination, on the logs */
};

/* Fit Y ≈ a·X^b over the N points (X[i], Y[i]) with weights W[i]: least
 * squares of ln Y on ln X.  Every X and Y must be > 0 and every W >= 0.
 * Returns false (F untouched) when fewer than two distinct X have a
 * positive weight, as no slope is then defined. */
bool fit_power(const double *x, const double *y, const double *w, size_t n, struct fit *f);

#endif
