// SPDX-License-Identifier: GPL-2.0
/* tksim's own: a statically linked program: `tksim daemon` must refuse to run it (exit 2). */

#include <stdio.h>

int main(void)
{
	puts("a static binary ran under tksim daemon");
	return 0;
}
