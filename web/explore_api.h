/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the explorer's C API, what the page calls in the WebAssembly build. */
#ifndef TKSIM_WEB_EXPLORE_API_H
#define TKSIM_WEB_EXPLORE_API_H

/* One session at a time; every string returned stays valid until the next call. */
void tke_reset(void);
int tke_set(const char *key, const char *value);
int tke_boot(void);
int tke_at(const char *t_ns, const char *text);
int tke_step(unsigned int n);
const char *tke_now(void);
const char *tke_header(void);
const char *tke_row(void);
const char *tke_clocks(void);
const char *tke_verdict(void);
const char *tke_unseen(void);
const char *tke_bugs(void);
const char *tke_scenario(void);
int tke_explain(const char *args);

#endif /* TKSIM_WEB_EXPLORE_API_H */
