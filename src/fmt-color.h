/* Colours for weights from 0 to 1: gprof2dot's default "temperature" map,
 * so that call graphs look as their readers know them; and for changes
 * from -1 to 1, a diverging map. */
#ifndef CGA_FMT_COLOR_H
#define CGA_FMT_COLOR_H

/* Room for "#rrggbb" and its NUL. */
#define COLOR_HEX_MAX 8

/* Write into BUF the colour of weight W (clamped to 0..1) as "#rrggbb":
 * HSL hue 2/3 (1 - W), saturation 0.8 + 0.2 W, lightness 0.25 + 0.25 W,
 * turned into RGB as CSS3 does; dark blue (#0d0d73) at 0, red (#ff0000)
 * at 1. */
void color_temperature(double w, char *buf);

/* Write into BUF the colour of a change W (clamped to -1..1) as "#rrggbb":
 * HSL hue 0 (red) for more, 2/3 (blue) for less, saturation sqrt(|W|),
 * lightness 0.4, turned into RGB as CSS3 does; grey (#666666) at 0,
 * #cc0000 at 1, #0000cc at -1. */
void color_diverging(double w, char *buf);

#endif
