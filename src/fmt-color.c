#include "fmt-color.h"

#include <math.h>
#include <stdio.h>

/* CSS3's hue-to-RGB step, with gprof2dot's comparisons, so that the
 * colours match its own to the last digit. */
static double hue_to_rgb(double m1, double m2, double h)
{
	if (h < 0.0)
		h += 1.0;
	else if (h > 1.0)
		h -= 1.0;
	if (h * 6 < 1.0)
		return m1 + (m2 - m1) * h * 6.0;
	if (h * 2 < 1.0)
		return m2;
	if (h * 3 < 2.0)
		return m1 + (m2 - m1) * (2.0 / 3.0 - h) * 6.0;
	return m1;
}

static int to_byte(double f)
{
	if (f <= 0.0)
		return 0;
	if (f >= 1.0)
		return 255;
	return (int)(255.0 * f + 0.5);
}

/* HSL to "#rrggbb", as CSS3 does. */
static void hsl_hex(double h, double s, double l, char *buf)
{
	double m2 = l <= 0.5 ? l * (s + 1.0) : l + s - l * s;
	double m1 = l * 2.0 - m2;

	snprintf(buf, COLOR_HEX_MAX, "#%02x%02x%02x", to_byte(hue_to_rgb(m1, m2, h + 1.0 / 3.0)),
		 to_byte(hue_to_rgb(m1, m2, h)), to_byte(hue_to_rgb(m1, m2, h - 1.0 / 3.0)));
}

void color_diverging(double w, char *buf)
{
	/* Red for more, blue for less, as saturated as the change is large
	 * (the square root: a change of 1% is a tint, 25% half the way);
	 * the lightness of all is that under which white text reads. */
	const double l = 0.4;
	double a;

	w = isnan(w) ? 0.0 : w > 1.0 ? 1.0 : w < -1.0 ? -1.0 : w;
	a = fabs(w);
	hsl_hex(w < 0.0 ? 2.0 / 3.0 : 0.0, sqrt(a), l, buf);
}

void color_temperature(double w, char *buf)
{
	/* From dark blue (hue 2/3, 0.8, 0.25) to red (hue 0, 1, 0.5). */
	const double h0 = 2.0 / 3.0, s0 = 0.8, l0 = 0.25, s1 = 1.0, l1 = 0.5;

	w = w > 1.0 ? 1.0 : w > 0.0 ? w : 0.0;   /* NaN too becomes 0 */
	hsl_hex(h0 + w * (0.0 - h0), s0 + w * (s1 - s0), l0 + w * (l1 - l0), buf);
}
