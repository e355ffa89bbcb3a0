// SPDX-License-Identifier: GPL-2.0
// tksim's own: the explorer's C API driven natively from a script, as the page drives it.
/*
 * Reads commands on stdin, one per line, and calls web/explore_api.c:
 *
 *   set KEY [VALUE]   tke_set()         boot              tke_boot()
 *   at T OP ARGS...   tke_at()          step N            tke_step(1) N times, a row after each
 *   header            tke_header()      clocks            tke_clocks()
 *   verdict           tke_verdict()     bugs              tke_bugs()
 *   scenario          tke_scenario()    unseen            tke_unseen()
 *
 * Each command's status goes to stderr when it is not 0.  The same session in
 * the browser (web/explorer.js) must print the same rows: tests/explore/native.sh
 * checks this program against `tksim run --trace`, tests/explore/page.sh the page.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web/explore_api.h"

int main(void)
{
	char line[1024];
	int worst = 0;

	tke_reset();
	while (fgets(line, sizeof(line), stdin)) {
		char *cmd, *rest;
		int ret = 0;

		line[strcspn(line, "\n")] = '\0';
		cmd = strtok(line, " ");
		rest = strtok(NULL, "");
		if (!cmd || *cmd == '#')
			continue;
		if (!rest)
			rest = "";
		if (!strcmp(cmd, "set")) {
			char *key = strtok(rest, " "), *value = strtok(NULL, "");

			ret = tke_set(key ? key : "", value ? value : "");
		} else if (!strcmp(cmd, "boot")) {
			ret = tke_boot();
		} else if (!strcmp(cmd, "at")) {
			char *t = strtok(rest, " "), *op = strtok(NULL, "");

			ret = tke_at(t ? t : "", op ? op : "");
		} else if (!strcmp(cmd, "step")) {
			for (long n = strtol(rest, NULL, 10); n > 0 && !ret; n--) {
				ret = tke_step(1);
				fputs(tke_row(), stdout);
			}
		} else if (!strcmp(cmd, "header")) {
			fputs(tke_header(), stdout);
		} else if (!strcmp(cmd, "row")) {
			fputs(tke_row(), stdout);
		} else if (!strcmp(cmd, "clocks")) {
			fputs(tke_clocks(), stdout);
		} else if (!strcmp(cmd, "verdict")) {
			printf("verdict: %s\n", *tke_verdict() ? tke_verdict() : "all held");
		} else if (!strcmp(cmd, "unseen")) {
			printf("unseen: %s\n", tke_unseen());
		} else if (!strcmp(cmd, "bugs")) {
			fputs(tke_bugs(), stdout);
		} else if (!strcmp(cmd, "scenario")) {
			fputs(tke_scenario(), stdout);
		} else {
			fprintf(stderr, "explore_drive: unknown command '%s'\n", cmd);
			return 2;
		}
		if (ret) {
			fprintf(stderr, "explore_drive: %s: status %d\n", cmd, ret);
			if (ret > worst)
				worst = ret;
		}
	}
	tke_reset();
	return worst;
}
