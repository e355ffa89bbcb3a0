/* SPDX-License-Identifier: GPL-2.0 */
/* tksim's own: include/generated/timeconst.h for a tree's time files: kernel/time/timeconst.bc's
 * constants are not generated. */
/*
 * jiffies.h uses them only in its ms/us <-> jiffies conversions for an HZ that
 * does not divide 1000 (or 1000000); the time files compiled here call none of them.
 */

/*
 * For such an HZ (300, say) jiffies.h's _msecs_to_jiffies() and
 * _usecs_to_jiffies() name these constants.  They are never linked: a tree
 * file that really calls one of those conversions fails to load (-z defs)
 * naming kt_timeconst_not_generated, rather than running on made-up numbers.
 */
unsigned long long kt_timeconst_not_generated(void);
#define MSEC_TO_HZ_MUL32 kt_timeconst_not_generated()
#define MSEC_TO_HZ_ADJ32 kt_timeconst_not_generated()
#define MSEC_TO_HZ_SHR32 kt_timeconst_not_generated()
#define USEC_TO_HZ_MUL32 kt_timeconst_not_generated()
#define USEC_TO_HZ_ADJ32 kt_timeconst_not_generated()
#define USEC_TO_HZ_SHR32 kt_timeconst_not_generated()
