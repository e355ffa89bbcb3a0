/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: the explorer's page served on localhost (`tksim explore --serve PORT`). */
#ifndef TKSIM_TOOLS_EXPLORE_EXPLORE_SERVE_H
#define TKSIM_TOOLS_EXPLORE_EXPLORE_SERVE_H

int explore_serve(const char *dir, unsigned int port);

#endif /* TKSIM_TOOLS_EXPLORE_EXPLORE_SERVE_H */
