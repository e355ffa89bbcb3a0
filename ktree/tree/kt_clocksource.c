// SPDX-License-Identifier: GPL-2.0
// tksim's own: the tree's kernel/time/clocksource.c (registration, mult/shift, selection), compiled
// as it is.
#include <kernel/time/clocksource.c>

/**
 * kt_clocksource_done_booting() - the late initcall that lets the tree select the best clocksource
 *
 * The kernel boots on jiffies and, once clocksource_done_booting() ran,
 * switches to the best registered clocksource through timekeeping_notify()
 * and change_clocksource(): the same path here, from the glue's boot.
 */
void kt_clocksource_done_booting(void)
{
	clocksource_done_booting();
}
