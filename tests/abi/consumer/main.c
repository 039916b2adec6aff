/* SPDX-License-Identifier: BSD-3-Clause */
/* Compiles the public header as C and links the installed library, whose
 * version must be that of the installed mr2d/version.h. */
#include <stdio.h>
#include <string.h>

#include <mr2d/mr2d.h>
#include <mr2d/scalapack.h>

int main(void) {
  mr2d_stats stats;
  mr2d_get_stats(&stats);
  if (strcmp(mr2d_status_name(MR2D_ERR_ARGUMENT), "MR2D_ERR_ARGUMENT") != 0) return 1;
  if (strcmp(mr2d_version(), MR2D_VERSION_STRING) != 0) return 1;
  printf("consumer: linked mr2d %s, %lld calls so far\n", mr2d_version(), stats.calls_gemr2d);
  return stats.calls_gemr2d == 0 ? 0 : 1;
}
