/* SPDX-License-Identifier: BSD-3-Clause */
/* The library's run-time version against the generated header's macros: a
 * library built from other sources than its installed headers fails here. */
#include <stdio.h>
#include <string.h>

#include <mr2d/mr2d.h>

int main(void) {
  char from_macros[64];
  snprintf(from_macros, sizeof from_macros, "%d.%d.%d", MR2D_VERSION_MAJOR, MR2D_VERSION_MINOR,
           MR2D_VERSION_PATCH);
  const char *runtime = mr2d_version();
  printf("mr2d_version() %s, MR2D_VERSION_STRING %s, macros %s\n", runtime, MR2D_VERSION_STRING,
         from_macros);
  if (strcmp(runtime, MR2D_VERSION_STRING) != 0 || strcmp(from_macros, MR2D_VERSION_STRING) != 0)
    return 1;
  return 0;
}
