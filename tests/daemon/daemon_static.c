// SPDX-License-Identifier: GPL-2.0
/* tksim's own: a statically linked program: `tksim daemon` must refuse to run it (exit 2), as
 * the program or as a descendant. */

#include <stdio.h>
#include <time.h>

int main(void)
{
	/* Were it run, its time() would read the host's vDSO: the test would see the host's time.
	 */
	printf("a static binary ran under tksim daemon: time %lld\n", (long long)time(NULL));
	return 0;
}
