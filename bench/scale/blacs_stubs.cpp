// SPDX-License-Identifier: BSD-3-Clause
// BLACS does not exist under SMPI. mr2d's grid layer declares the two BLACS
// functions it calls; these definitions report "no grid" so that the
// simulation links. Only the communicator entries (mr2d_comm.h) run there,
// and they never reach BLACS.
#include "mr2d/mr2d.h"

extern "C" {

void Cblacs_gridinfo(mr2d_int, mr2d_int* nprow, mr2d_int* npcol, mr2d_int* myrow, mr2d_int* mycol) {
  *nprow = *npcol = *myrow = *mycol = -1;
}

void blacs_get_(const mr2d_int*, const mr2d_int*, mr2d_int* val) { *val = -1; }

}
