// (MPI) Private communicator cache; see comm_cache.hpp.
#include "transport/comm_cache.hpp"

#include <cstdlib>

namespace mr2d::transport {

namespace {

int free_private(MPI_Comm, int, void* value, void*) {
  auto* dup = static_cast<MPI_Comm*>(value);
  MPI_Comm_free(dup);
  delete dup;
  return MPI_SUCCESS;
}

int keyval() {
  static int key = MPI_KEYVAL_INVALID;
  if (key == MPI_KEYVAL_INVALID)
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, free_private, &key, nullptr);
  return key;
}

}  // namespace

MPI_Comm private_comm(MPI_Comm comm) {
  int key = keyval();
  void* value = nullptr;
  int found = 0;
  MPI_Comm_get_attr(comm, key, &value, &found);
  if (found) return *static_cast<MPI_Comm*>(value);
  auto* dup = new MPI_Comm(MPI_COMM_NULL);
  if (MPI_Comm_dup(comm, dup) != MPI_SUCCESS) {
    delete dup;
    return MPI_COMM_NULL;
  }
  // mr2d reports MPI failures as statuses instead of aborting the program.
  MPI_Comm_set_errhandler(*dup, MPI_ERRORS_RETURN);
  MPI_Comm_set_attr(comm, key, dup);
  return *dup;
}

}  // namespace mr2d::transport
