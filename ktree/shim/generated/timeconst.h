/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/generated/timeconst.h for a tree's time files: kernel/time/timeconst.bc's
 * constants are not generated. */
/*
 * jiffies.h uses them only in its ms/us <-> jiffies conversions for an HZ that
 * does not divide 1000 (or 1000000); the time files compiled here call none of them.
 */
