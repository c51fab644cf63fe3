#include "calc-fit.h"

#include <math.h>

/* Two passes (means first, then centred sums) keep the sums small and the
 * result accurate when the sizes are large and close together. */
bool fit_power(const double *x, const double *y, const double *w, size_t n, struct fit *f)
{
	double sw = 0, mx = 0, my = 0, sxx = 0, sxy = 0, syy = 0, ssres = 0, b, ln_a;

	for (size_t i = 0; i < n; i++) {
		if (w[i] <= 0)
			continue;
		sw += w[i];
		mx += w[i] * log(x[i]);
		my += w[i] * log(y[i]);
	}
	if (sw <= 0)
		return false;
	mx /= sw;
	my /= sw;
	for (size_t i = 0; i < n; i++) {
		double dx, dy;

		if (w[i] <= 0)
			continue;
		dx = log(x[i]) - mx;
		dy = log(y[i]) - my;
		sxx += w[i] * dx * dx;
		sxy += w[i] * dx * dy;
		syy += w[i] * dy * dy;
	}
	if (!(sxx > 0))
		return false;
	b = sxy / sxx;
	ln_a = my - b * mx;
	for (size_t i = 0; i < n; i++) {
		double r;

		if (w[i] <= 0)
			continue;
		r = log(y[i]) - (ln_a + b * log(x[i]));
		ssres += w[i] * r * r;
	}
	f->a = exp(ln_a);
	f->b = b;
	/* Costs that do not vary at all are fitted exactly by b = 0. */
	f->r2 = syy > 0 ? 1.0 - ssres / syy : 1.0;
	if (f->r2 < 0)
		f->r2 = 0;
	return true;
}
