/* The files of web/, built into the program: the scripts and style sheets
 * of the SVG flame graph and the HTML report.  They are files of their own
 * in the source tree; Makefile.am turns each into a NUL-terminated array
 * (web/embed.awk) in the generated src/web-assets.c. */
#ifndef CGA_WEB_ASSETS_H
#define CGA_WEB_ASSETS_H

#include <stddef.h>

extern const char *const web_flamegraph_js;
extern const size_t web_flamegraph_js_len;
extern const char *const web_flamegraph_css;
extern const size_t web_flamegraph_css_len;
extern const char *const web_report_js;
extern const size_t web_report_js_len;
extern const char *const web_report_css;
extern const size_t web_report_css_len;

#endif
